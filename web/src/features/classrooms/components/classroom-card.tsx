// A class in "My classes": its name in the interface's language, the day it starts, its next
// session, how many teachers and students it has and the caller's role in it. The card opens the
// class (in My webinars, kind "webinar": the webinar's room, under /webinarroom). My classes and My
// webinars lay the cards out alike (ClassroomCardGrid).
import { Box, Card, CardActionArea, Grid, Skeleton, Stack, Typography } from '@mui/material';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../lib/lang';
import type { Classroom } from '../api/classrooms-api';
import { classroomName, formatClockRange, formatDay, formatLongDay, managesClass, sessionTitle } from '../hooks/classroom-format';
import { roomPath, type RoomKind } from '../hooks/room-kind';
import { DraftChip, FeaturedChip, RoleChip } from './classroom-chips';

export function Line({ icon, label, children, testId }: { icon: ReactNode; label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', color: 'text.secondary' }} data-testid={testId}>
      <Box sx={{ display: 'flex', mt: '2px', '& svg': { fontSize: 18 } }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Box component="span" sx={{ fontWeight: 600, color: 'text.primary' }}>
          {label}
        </Box>{' '}
        {children}
      </Typography>
    </Stack>
  );
}

export function ClassroomCard({ classroom: c, kind = 'classroom' }: { classroom: Classroom; kind?: RoomKind }) {
  const { t, i18n } = useTranslation('classrooms');
  const lang = i18n.language;
  const name = classroomName(c, lang) || t('card.untitled');
  const next = c.next_session;
  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="classroom-card" data-classroom-id={c.id}>
      <CardActionArea
        component={RouterLink}
        to={roomPath(c.id, kind)}
        sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start', p: 2 }}
        data-testid="classroom-link"
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere', minWidth: 0 }} data-testid="classroom-name" data-user-content>
            {name}
          </Typography>
          <RoleChip role={c.my_role} />
        </Stack>
        <Stack spacing={0.75} sx={{ mt: 1.5 }}>
          <Line icon={<EventOutlinedIcon />} label={t('card.starts')} testId="classroom-starts">
            {formatDay(c.starts_at, lang)}
          </Line>
          <Line icon={<ScheduleIcon />} label={t('card.next_session')} testId="classroom-next">
            {next ? (
              <>
                {formatLongDay(next.starts_at, lang)}, {formatClockRange(next.starts_at, next.ends_at, lang)}
                {sessionTitle(next, lang) && (
                  <Box component="span" sx={{ display: 'block' }} data-user-content>
                    {sessionTitle(next, lang)}
                  </Box>
                )}
              </>
            ) : (
              t('card.no_next_session')
            )}
          </Line>
          <Line icon={<GroupsOutlinedIcon />} label={t('card.people')} testId="classroom-counts">
            {t('card.teachers', { count: c.teachers, n: formatNumber(c.teachers, lang) })}
            {' · '}
            {t('card.students', { count: c.students, n: formatNumber(c.students, lang) })}
          </Line>
        </Stack>
        {managesClass(c.my_role) && (!c.published || c.featured) && (
          <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
            {!c.published && <DraftChip />}
            {c.featured && <FeaturedChip />}
          </Stack>
        )}
      </CardActionArea>
    </Card>
  );
}

/** The cards of a page of classes, one list item each; dimmed while another page loads (`dim`). */
export function ClassroomCardGrid({ items, kind, dim }: { items: Classroom[]; kind?: RoomKind; dim?: boolean }) {
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, opacity: dim ? 0.6 : 1 }} data-testid="classroom-cards">
      {items.map((c) => (
        <Grid key={c.id} component="li" size={{ xs: 12, sm: 6, lg: 4 }}>
          <ClassroomCard classroom={c} kind={kind} />
        </Grid>
      ))}
    </Grid>
  );
}

/** The grid's placeholders while the first page loads. */
export function ClassroomCardsLoading() {
  return (
    <Grid container spacing={2} data-testid="classrooms-loading">
      {[0, 1, 2].map((i) => (
        <Grid key={i} size={{ xs: 12, sm: 6, lg: 4 }}>
          <Skeleton variant="rounded" height={190} />
        </Grid>
      ))}
    </Grid>
  );
}
