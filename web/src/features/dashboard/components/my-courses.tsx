import { Box, Button, Card, CardContent, Chip, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SchoolOutlinedIcon from '@mui/icons-material/SchoolOutlined';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CourseThumbnail, courseLinkProps } from '../../../components/ui/course-card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Pager } from '../../../components/ui/pager';
import { coursePagePath } from '../../../lib/course-paths';
import { institutionName, localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { fetchMyCourses, type MyCourse } from '../api/my-courses-api';

/** The learner's courses with progress and a continue link (learner dashboard). */
export function MyCourses() {
  const { t } = useTranslation('dashboard');
  const [page, setPage] = useState(1);
  const { data, isLoading, error, refetch, isPlaceholderData } = useQuery({
    queryKey: ['my-courses', page],
    queryFn: () => fetchMyCourses(page),
    placeholderData: keepPreviousData,
  });
  const items = data?.data ?? [];
  return (
    <Card data-testid="my-courses">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1 }}>
          <Typography variant="h6" component="h2">
            {t('my_courses.title')}
          </Typography>
          <Button component={RouterLink} to="/search/lists" size="small">
            {t('my_courses.browse')}
          </Button>
        </Stack>
        {isLoading ? (
          <Stack spacing={1.5}>
            {[0, 1].map((i) => (
              <Skeleton key={i} variant="rounded" height={92} />
            ))}
          </Stack>
        ) : error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<SchoolOutlinedIcon />}
            message={t('my_courses.empty')}
            action={
              <Button component={RouterLink} to="/search/lists" variant="contained">
                {t('my_courses.find')}
              </Button>
            }
          />
        ) : (
          <>
            <Stack spacing={1.5} sx={{ opacity: isPlaceholderData ? 0.6 : 1 }}>
              {items.map((m) => (
                <MyCourseRow key={m.course.uuid} item={m} />
              ))}
            </Stack>
            <Pager page={data?.current_page ?? page} lastPage={data?.last_page ?? 1} onChange={setPage} size="small" />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function MyCourseRow({ item }: { item: MyCourse }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const c = item.course;
  const percent = Math.min(100, Math.max(0, Math.round(item.progress_percent || 0)));
  const statusColor = item.status === 'completed' ? 'success' : item.status === 'pending' ? 'warning' : 'primary';
  return (
    <Card variant="outlined" sx={{ borderRadius: 3 }} data-testid="my-course" data-uuid={c.uuid}>
      <Box sx={{ display: 'flex', gap: 1.5, p: 1.5, alignItems: 'center' }}>
        <Box sx={{ position: 'relative', width: { xs: 64, sm: 96 }, aspectRatio: '16 / 9', borderRadius: 1.5, overflow: 'hidden', flexShrink: 0, bgcolor: 'action.hover' }}>
          <CourseThumbnail src={c.thumbnail} iconSize={24} />
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography noWrap sx={{ fontWeight: 700 }}>
            {localTitle(c, lang)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {institutionName(c.institution, lang)}
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.75 }}>
            <LinearProgress variant="determinate" value={percent} sx={{ flexGrow: 1, height: 6, borderRadius: 3 }} aria-label={t('my_courses.progress', { percent: formatNumber(percent, lang) })} />
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {t('my_courses.progress', { percent: formatNumber(percent, lang) })}
            </Typography>
          </Stack>
        </Box>
      </Box>
      <Stack direction="row" sx={{ px: 1.5, pb: 1.5, justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
        <Chip size="small" color={statusColor} variant="outlined" label={t(`my_courses.status.${item.status}`, { defaultValue: item.status })} />
        {item.status !== 'pending' && (
          <Button size="small" variant="contained" startIcon={<PlayArrowIcon />} {...courseLinkProps(item.url, coursePagePath(c, 'journey'))} data-testid="my-course-continue">
            {item.status === 'completed' ? t('my_courses.review') : t('my_courses.continue')}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
