// /classroom/details/:id and /classroom/details/:id/:slug: one class. Its header (see
// classroom-header.tsx), then its tabs, one per address: the timeline (the default, no slug),
// the schedule, the classwork, the people, and for its teachers and the site's admins the
// attendance. Another slug goes back to the timeline. A webinar's live room is the same page under
// /webinarroom/details/:id (kind "webinar": the way back leads to My webinars); a class that is not
// a webinar's room opens at its /classroom address.
import { Box, Stack, Tab, Tabs } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { idParam } from '../../../lib/list-params';
import type { Classroom } from '../api/classrooms-api';
import { managesClass } from '../hooks/classroom-format';
import { roomKindOf, roomListPath, roomPath, type RoomKind } from '../hooks/room-kind';
import { useClassroom } from '../hooks/use-classrooms';
import { AttendanceTab } from './attendance-tab';
import { BackToClasses, PageFallback } from './classroom-frame';
import { ClassroomHeader } from './classroom-header';
import { ClassworkTab } from './classwork-tab';
import { PeopleTab } from './people-tab';
import { ScheduleTab } from './schedule-tab';
import { TimelineTab } from './timeline-tab';

export const DETAIL_TABS = ['timeline', 'schedule', 'classwork', 'people', 'attendance'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];

/** The tabs the caller sees: the attendance for teachers and admins only. */
export function tabsFor(c: Pick<Classroom, 'my_role'>): DetailTab[] {
  return DETAIL_TABS.filter((tab) => tab !== 'attendance' || managesClass(c.my_role));
}

/** The tab of an address's slug: none is the timeline; null for one the caller has no tab for. */
export function tabOf(slug: string | undefined, c: Pick<Classroom, 'my_role'>): DetailTab | null {
  if (!slug) return 'timeline';
  return (tabsFor(c) as string[]).includes(slug) ? (slug as DetailTab) : null;
}

export function tabPath(id: number, tab: DetailTab, kind: RoomKind = 'classroom'): string {
  return tab === 'timeline' ? roomPath(id, kind) : `${roomPath(id, kind)}/${tab}`;
}

export default function ClassroomDetailsPage({ kind = 'classroom' }: { kind?: RoomKind }) {
  const { id: raw, slug } = useParams();
  const id = idParam(raw);
  if (!id) return <Navigate to={roomListPath(kind)} replace />;
  return <DetailsOf key={id} id={id} slug={slug} kind={kind} />;
}

function DetailsOf({ id, slug, kind }: { id: number; slug?: string; kind: RoomKind }) {
  const { t } = useTranslation(['classrooms', 'common']);
  const query = useClassroom(id);
  if (query.isError || !query.data) {
    return (
      <Stack data-testid="classroom-details-page" data-kind={kind} {...(query.isLoading && { 'data-loading': 'true' })}>
        <BackToClasses kind={kind} />
        <PageFallback query={query} notFound={t(kind === 'webinar' ? 'classrooms:webinar.not_found' : 'classrooms:details.not_found')} />
      </Stack>
    );
  }
  const classroom = query.data;
  const tab = tabOf(slug, classroom);
  // A plain class's page is not a webinar's: its own address (with the tab asked for).
  if (kind === 'webinar' && roomKindOf(classroom) !== 'webinar') return <Navigate to={tabPath(id, tab ?? 'timeline')} replace />;
  if (!tab) return <Navigate to={tabPath(id, 'timeline', kind)} replace />;
  return (
    <Stack data-testid="classroom-details-page" data-kind={kind} data-classroom-id={classroom.id} data-tab={tab}>
      <BackToClasses kind={kind} />
      <ClassroomHeader classroom={classroom} kind={kind} />
      <Tabs value={tab} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile aria-label={t('classrooms:details.tabs_label')} sx={{ mb: 2.5, borderBottom: 1, borderColor: 'divider' }}>
        {tabsFor(classroom).map((s) => (
          <Tab
            key={s}
            value={s}
            label={t(`classrooms:details.tabs.${s}`)}
            component={RouterLink}
            to={tabPath(classroom.id, s, kind)}
            id={`classroom-tab-${s}`}
            aria-controls={`classroom-tabpanel-${s}`}
            data-testid={`tab-${s}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`classroom-tabpanel-${tab}`} aria-labelledby={`classroom-tab-${tab}`}>
        {tab === 'timeline' && <TimelineTab classroom={classroom} />}
        {tab === 'schedule' && <ScheduleTab classroom={classroom} />}
        {tab === 'classwork' && <ClassworkTab classroom={classroom} />}
        {tab === 'people' && <PeopleTab classroom={classroom} />}
        {tab === 'attendance' && <AttendanceTab classroom={classroom} />}
      </Box>
    </Stack>
  );
}
