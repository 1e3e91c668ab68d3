// /course/edit/:id(/:slug): the course header (title, publish and feature switches, public page
// link) and one tab per child view: details, syllabus, batches, people, settings.
import { Box, Button, Card, CardContent, Chip, FormControlLabel, Skeleton, Stack, Switch, Tab, Tabs, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { localTitle, otherTitle } from '../../../lib/course-text';
import { useErrorText } from '../../../lib/use-error-text';
import { setCoursePublishFeature, type Course, type CourseWithContent } from '../api/courses-api';
import { courseKeys, useCourse } from '../hooks/use-courses';
import { CourseBatchesTab } from './course-batches-tab';
import { CourseDetailsTab } from './course-details-tab';
import { CoursePeopleTab } from './course-people-tab';
import { CourseSettingsTab } from './course-settings-tab';
import { CourseSyllabusTab } from './course-syllabus-tab';

export const EDIT_TABS = ['details', 'syllabus', 'batches', 'people', 'settings'] as const;
export type EditTab = (typeof EDIT_TABS)[number];

export default function CourseEditPage() {
  const { id: idParam = '', slug } = useParams();
  const { t } = useTranslation(['courses', 'common']);
  const id = Number(idParam);
  const query = useCourse(Number.isInteger(id) && id > 0 ? id : 0);
  const tab = (slug ?? 'details') as EditTab;

  const back = (
    <Button component={RouterLink} to="/course" startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
      {t('courses:edit.back')}
    </Button>
  );
  if (!(Number.isInteger(id) && id > 0)) return <Navigate to="/course" replace />;
  if (!EDIT_TABS.includes(tab)) return <Navigate to={`/course/edit/${id}`} replace />;
  if (query.isLoading) {
    return (
      <Box>
        {back}
        <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={360} />
      </Box>
    );
  }
  if (query.isError || !query.data) {
    return (
      <Box>
        {back}
        {query.error instanceof ApiError && query.error.status === 404 ? (
          <Card>
            <EmptyState icon={<MenuBookOutlinedIcon />} message={t('courses:edit.not_found')} action={<Button component={RouterLink} to="/course">{t('courses:edit.back')}</Button>} />
          </Card>
        ) : (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        )}
      </Box>
    );
  }

  const course = query.data;
  return (
    <Box data-testid="course-edit-page" data-course-id={course.id}>
      {back}
      <CourseHeader course={course} />
      <Tabs
        value={tab}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('courses:edit.tabs_label')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {EDIT_TABS.map((s) => (
          <Tab key={s} value={s} label={t(`courses:edit.tabs.${s}`)} component={RouterLink} to={s === 'details' ? `/course/edit/${id}` : `/course/edit/${id}/${s}`} data-testid={`tab-${s}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={t(`courses:edit.tabs.${tab}`)}>
        {tab === 'details' && <CourseDetailsTab course={course} />}
        {tab === 'syllabus' && <CourseSyllabusTab course={course} />}
        {tab === 'batches' && <CourseBatchesTab course={course} />}
        {tab === 'people' && <CoursePeopleTab course={course} />}
        {tab === 'settings' && <CourseSettingsTab course={course} />}
      </Box>
    </Box>
  );
}

function CourseHeader({ course }: { course: CourseWithContent }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const title = localTitle(course, i18n.language) || t('courses:list.untitled');
  const other = otherTitle(course, i18n.language);

  const toggle = useMutation({
    mutationFn: (patch: { published?: boolean; featured?: boolean }) => setCoursePublishFeature({ id: course.id, ...patch }),
    onMutate: (patch) => {
      const prev = qc.getQueryData<CourseWithContent>(courseKeys.one(course.id));
      if (prev) qc.setQueryData<CourseWithContent>(courseKeys.one(course.id), { ...prev, ...patch });
      return { prev };
    },
    onSuccess: (saved: Course, patch) => {
      qc.setQueryData<CourseWithContent>(courseKeys.one(course.id), (old) => (old ? { ...old, ...saved } : old));
      void qc.invalidateQueries({ queryKey: ['courses', 'list'] });
      const key = patch.published !== undefined ? (saved.published ? 'published_on' : 'published_off') : saved.featured ? 'featured_on' : 'featured_off';
      toast.show(t(`courses:edit.${key}`));
    },
    onError: (err, _patch, ctx) => {
      if (ctx?.prev) qc.setQueryData(courseKeys.one(course.id), ctx.prev);
      toast.show(errorText(err), { severity: 'error', duration: 5000 });
    },
  });

  return (
    <Card sx={{ mb: 2 }}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}>
          <Stack direction="row" spacing={2} sx={{ minWidth: 0, alignItems: 'center' }}>
            <Box sx={{ width: 96, flexShrink: 0, aspectRatio: '16 / 9', borderRadius: 1.5, overflow: 'hidden', bgcolor: 'action.hover', display: { xs: 'none', sm: 'grid' }, placeItems: 'center' }}>
              {course.thumbnail ? <Box component="img" src={course.thumbnail} alt="" sx={{ width: '100%', height: '100%', objectFit: 'cover' }} /> : <MenuBookOutlinedIcon sx={{ color: 'text.disabled' }} />}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h5" component="h1" sx={{ wordBreak: 'break-word' }} data-testid="course-heading">
                {title}
              </Typography>
              {other && (
                <Typography color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                  {other}
                </Typography>
              )}
              <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 0.75, flexWrap: 'wrap', alignItems: 'center' }}>
                <Chip size="small" color={course.published ? 'success' : 'default'} variant={course.published ? 'filled' : 'outlined'} label={course.published ? t('courses:status.published') : t('courses:status.draft')} />
                <Typography variant="body2" color="text.secondary">
                  {t('courses:list.lessons', { count: course.lessons_count ?? 0 })}
                </Typography>
              </Stack>
            </Box>
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0.5, sm: 2 }} sx={{ alignItems: { sm: 'center' }, flexShrink: 0 }}>
            <FormControlLabel
              control={<Switch checked={course.published} onChange={(e) => toggle.mutate({ published: e.target.checked })} disabled={toggle.isPending} slotProps={{ input: { 'data-testid': 'publish-course' } as object }} />}
              label={t('courses:edit.published')}
            />
            <FormControlLabel
              control={<Switch checked={course.featured} onChange={(e) => toggle.mutate({ featured: e.target.checked })} disabled={toggle.isPending} />}
              label={t('courses:edit.featured')}
            />
            {course.uuid && (
              <Button component="a" href={`/course/details/${course.uuid}`} target="_blank" rel="noopener" endIcon={<OpenInNewIcon />} size="small">
                {t('courses:edit.view_public')}
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
