// /course/edit/:id(/:slug): the course header (title, publish and feature switches, public page
// link) and one tab per child view: details, syllabus, batches, people, settings. The editor's
// frame (CourseEditor) is a certificate exam's too.
import { Box, Button, Card, CardContent, Chip, FormControlLabel, Skeleton, Stack, Switch, Tab, Tabs, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { coursePagePath } from '../../../lib/course-paths';
import { localTitle, otherTitle } from '../../../lib/course-text';
import { useErrorText } from '../../../lib/use-error-text';
import type { Course, CourseWithContent } from '../api/courses-api';
import { COURSE_KIND, type CourseKind } from '../hooks/course-kind';
import { useCourse } from '../hooks/use-courses';
import { CourseBatchesTab } from './course-batches-tab';
import { CourseDetailsTab } from './course-details-tab';
import { CoursePeopleTab } from './course-people-tab';
import { CourseSettingsTab } from './course-settings-tab';
import { CourseSyllabusTab } from './course-syllabus-tab';

export const EDIT_TABS = ['details', 'syllabus', 'batches', 'people', 'settings'] as const;
export type EditTab = (typeof EDIT_TABS)[number];

export default function CourseEditPage() {
  const { id: idParam = '', slug } = useParams();
  const id = Number(idParam);
  const valid = Number.isInteger(id) && id > 0;
  const query = useCourse(valid ? id : 0);
  const tab = (slug ?? 'details') as EditTab;

  if (!valid) return <Navigate to="/course" replace />;
  if (!EDIT_TABS.includes(tab)) return <Navigate to={`/course/edit/${id}`} replace />;
  return (
    <CourseEditor kind={COURSE_KIND} query={query} tabs={EDIT_TABS} tab={tab}>
      {(course) => (
        <>
          {tab === 'details' && <CourseDetailsTab course={course} kind={COURSE_KIND} />}
          {tab === 'syllabus' && <CourseSyllabusTab course={course} kind={COURSE_KIND} />}
          {tab === 'batches' && <CourseBatchesTab course={course} kind={COURSE_KIND} />}
          {tab === 'people' && <CoursePeopleTab course={course} />}
          {tab === 'settings' && <CourseSettingsTab course={course} />}
        </>
      )}
    </CourseEditor>
  );
}

/**
 * The editor of a course, a certificate exam or a training (`kind`): the way back, the loading,
 * missing and failed states of `query`, then the header and one tab per child view (`tabs`, the
 * first at the editor's own path, the others below it), `children` drawing the current one.
 */
export function CourseEditor<T extends string>(props: {
  kind: CourseKind;
  query: UseQueryResult<CourseWithContent>;
  tabs: readonly T[];
  tab: T;
  /** Where the tabs' names are (default `courses:edit.tabs.`). */
  tabLabels?: string;
  /** A query the tabs' links keep (`?batch=`), with its `?`. */
  tabSearch?: string;
  children: (course: CourseWithContent) => ReactNode;
}) {
  const { kind, query, tabs, tab, tabLabels = 'courses:edit.tabs.', tabSearch = '' } = props;
  const { t } = useTranslation(['courses', 'common']);
  const back = (
    <Button component={RouterLink} to={kind.home} startIcon={<ArrowBackIcon />} sx={{ mb: 1, ml: -1 }}>
      {t(`${kind.labels}edit.back`)}
    </Button>
  );
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
            <EmptyState icon={<MenuBookOutlinedIcon />} message={t(`${kind.labels}edit.not_found`)} action={<Button component={RouterLink} to={kind.home}>{t(`${kind.labels}edit.back`)}</Button>} />
          </Card>
        ) : (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        )}
      </Box>
    );
  }

  const course = query.data;
  const base = kind.editPath(course);
  return (
    <Box data-testid="course-edit-page" data-course-id={course.id} data-course-uuid={course.uuid}>
      {back}
      <CourseHeader course={course} kind={kind} />
      <Tabs
        value={tab}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={t('courses:edit.tabs_label')}
        sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((s, i) => (
          <Tab key={s} value={s} label={t(`${tabLabels}${s}`)} component={RouterLink} to={`${i === 0 ? base : `${base}/${s}`}${tabSearch}`} data-testid={`tab-${s}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={t(`${tabLabels}${tab}`)}>
        {props.children(course)}
      </Box>
    </Box>
  );
}

function CourseHeader({ course, kind }: { course: CourseWithContent; kind: CourseKind }) {
  const { t, i18n } = useTranslation(['courses', 'common']);
  const qc = useQueryClient();
  const toast = useToast();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState(false);
  const key = kind.oneKey(course);
  const title = localTitle(course, i18n.language) || t(`${kind.labels}list.untitled`);
  const other = otherTitle(course, i18n.language);

  const toggle = useMutation({
    mutationFn: (patch: { published?: boolean; featured?: boolean }) => kind.setPublishFeature({ id: course.id, ...patch }),
    onMutate: (patch) => {
      const prev = qc.getQueryData<CourseWithContent>(key);
      if (prev) qc.setQueryData<CourseWithContent>(key, { ...prev, ...patch });
      return { prev };
    },
    onSuccess: (saved: Course, patch) => {
      qc.setQueryData<CourseWithContent>(key, (old) => (old ? { ...old, ...saved } : old));
      void qc.invalidateQueries({ queryKey: kind.listKey });
      const done = patch.published !== undefined ? (saved.published ? 'published_on' : 'published_off') : saved.featured ? 'featured_on' : 'featured_off';
      toast.show(t(`${kind.labels}edit.${done}`));
    },
    onError: (err, _patch, ctx) => {
      if (ctx?.prev) qc.setQueryData(key, ctx.prev);
      toast.show(errorText(err), { severity: 'error', duration: 5000 });
    },
  });

  const remove = useMutation({
    mutationFn: () => kind.remove!(course.id),
    onSuccess: () => {
      setConfirm(false);
      void qc.invalidateQueries({ queryKey: kind.listKey });
      toast.show(t('courses:edit.deleted', { name: title }));
      navigate(kind.home);
    },
    // 409 course_has_enrolments: the dialog stays, the reason in a toast.
    onError: (err) => toast.show(errorText(err), { severity: 'error', duration: 5000 }),
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
              <Button component="a" href={coursePagePath(course, 'details')} target="_blank" rel="noopener" endIcon={<OpenInNewIcon />} size="small" data-testid="view-public">
                {t(`${kind.labels}edit.view_public`)}
              </Button>
            )}
            {kind.remove && (
              <Button color="error" size="small" startIcon={<DeleteOutlineIcon />} onClick={() => setConfirm(true)} data-testid="delete-course">
                {t('courses:edit.delete')}
              </Button>
            )}
          </Stack>
        </Stack>
      </CardContent>
      {kind.remove && (
        <ConfirmDialog
          open={confirm}
          title={t('courses:edit.delete_title', { name: title })}
          body={t('courses:edit.delete_body')}
          confirmLabel={t('courses:edit.delete')}
          danger
          busy={remove.isPending}
          onConfirm={() => remove.mutate()}
          onClose={() => !remove.isPending && setConfirm(false)}
        />
      )}
    </Card>
  );
}
