// /webinarroom: "My webinars", the live rooms of the webinars the caller takes part in, as a
// speaker (a teacher of the room) or as an enrolled learner (GET /classroom/class/view?course_type=webinar),
// latest start first, a page at a time (?page=). The cards are My classes' (kind "webinar": each
// opens the room under /webinarroom), with the room's next session; with none, the way to the
// webinars' list. The rooms are made with the webinars' batches, so there is no "New" here.
import { Button, Card, Stack } from '@mui/material';
import LiveTvOutlinedIcon from '@mui/icons-material/LiveTvOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { formatNumber } from '../../../lib/lang';
import { ClassroomCardGrid, ClassroomCardsLoading } from '../../classrooms/components/classroom-card';
import { useClassroomList, type ClassListParams } from '../../classrooms/hooks/use-classrooms';

/** The list's query parameters for a page: every role, no search, webinars' rooms only. */
export function webinarRoomsParams(page: number): ClassListParams {
  return { role: 'all', page, search: '', courseType: 'webinar' };
}

export default function WebinarRoomListPage() {
  const { t, i18n } = useTranslation(['webinars', 'classrooms']);
  const lang = i18n.language;
  const [page, setPage] = usePageParam();
  const list = useClassroomList(webinarRoomsParams(page));
  useClampPageParam(list.data?.last_page);
  const items = list.data?.data ?? [];
  const total = list.data?.total;

  return (
    <Stack data-testid="webinar-room-list-page">
      <PageHeader
        title={t('webinars:rooms.title')}
        subtitle={total ? t('webinars:rooms.total', { count: total, n: formatNumber(total, lang) }) : t('webinars:rooms.subtitle')}
      />
      {list.isLoading ? (
        <ClassroomCardsLoading />
      ) : list.error && !list.data ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : !items.length ? (
        <Card>
          <EmptyState
            icon={<LiveTvOutlinedIcon />}
            message={t('webinars:rooms.empty')}
            action={
              <Button component={RouterLink} to="/webinar/list" variant="outlined" data-testid="browse-webinars">
                {t('webinars:rooms.browse')}
              </Button>
            }
          />
        </Card>
      ) : (
        <ClassroomCardGrid items={items} kind="webinar" dim={list.isPlaceholderData} />
      )}
      <Pager page={list.data?.current_page ?? page} lastPage={list.data?.last_page ?? 1} onChange={setPage} />
    </Stack>
  );
}
