import { Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CourseThumbnail } from '../../../components/ui/course-card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { localTitle } from '../../../lib/course-text';
import type { TeachingCourse } from '../api/teaching-api';
import { useCourseLearners, useTeachingCourses } from '../hooks/use-teaching';

/** The site's newest courses for an author: status, learners, lessons and a link to edit each. */
export function TeachingCourses() {
  const { t } = useTranslation(['dashboard', 'common']);
  const { data, isLoading, error, refetch } = useTeachingCourses();
  const items = data?.data ?? [];
  const total = data?.total ?? 0;
  return (
    <Card data-testid="teaching-courses" component="section" aria-labelledby="teaching-courses-title">
      <CardContent sx={{ p: { xs: 2.5, sm: 3 } }}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 2, gap: 1, flexWrap: 'wrap' }}>
          <Box>
            <Typography id="teaching-courses-title" variant="h6" component="h2">
              {t('dashboard:teaching.title')}
            </Typography>
            {data && total > 0 && (
              <Typography variant="body2" color="text.secondary">
                {t('dashboard:teaching.total', { count: total })}
              </Typography>
            )}
          </Box>
          {total > 0 && (
            <Button component={RouterLink} to="/course" size="small" data-testid="teaching-all">
              {t('dashboard:teaching.all')}
            </Button>
          )}
        </Stack>
        {isLoading ? (
          <Stack spacing={1.5}>
            {[0, 1].map((i) => (
              <Skeleton key={i} variant="rounded" height={76} />
            ))}
          </Stack>
        ) : error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : items.length === 0 ? (
          <EmptyState
            icon={<MenuBookOutlinedIcon />}
            message={t('dashboard:teaching.empty')}
            action={
              <Button component={RouterLink} to="/course/create" variant="contained" startIcon={<AddIcon />}>
                {t('dashboard:teaching.create_first')}
              </Button>
            }
          />
        ) : (
          <Stack spacing={1.5} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {items.map((c) => (
              <TeachingCourseRow key={c.id} course={c} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function TeachingCourseRow({ course: c }: { course: TeachingCourse }) {
  const { t, i18n } = useTranslation(['dashboard', 'common']);
  const learners = useCourseLearners(c);
  const title = localTitle(c, i18n.language) || t('dashboard:teaching.untitled');
  return (
    <Card component="li" variant="outlined" sx={{ borderRadius: 3 }} data-testid="teaching-course" data-course-id={c.id}>
      <Stack direction="row" spacing={1.5} sx={{ p: 1.5, alignItems: 'center' }}>
        <Box sx={{ position: 'relative', width: 96, display: { xs: 'none', sm: 'block' }, aspectRatio: '16 / 9', borderRadius: 1.5, overflow: 'hidden', flexShrink: 0, bgcolor: 'action.hover' }}>
          <CourseThumbnail src={c.thumbnail} iconSize={24} />
        </Box>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }} data-user-content>
            {title}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
            <Chip
              size="small"
              color={c.published ? 'success' : 'default'}
              variant={c.published ? 'filled' : 'outlined'}
              label={c.published ? t('dashboard:teaching.published') : t('dashboard:teaching.draft')}
              data-testid="teaching-course-status"
              data-published={c.published}
            />
            <Typography variant="body2" color="text.secondary" data-testid="teaching-course-learners">
              {learners == null ? '…' : t('dashboard:teaching.learners', { count: learners })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('dashboard:teaching.lessons', { count: c.lessons_count ?? 0 })}
            </Typography>
          </Stack>
        </Box>
        <Button
          component={RouterLink}
          to={`/course/edit/${c.id}`}
          size="small"
          variant="outlined"
          startIcon={<EditOutlinedIcon />}
          aria-label={t('dashboard:teaching.edit_named', { title })}
          sx={{ flexShrink: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
          data-testid="teaching-course-edit"
        >
          <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
            {t('dashboard:teaching.edit')}
          </Box>
        </Button>
      </Stack>
    </Card>
  );
}
