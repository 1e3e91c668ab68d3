import { Box, Breadcrumbs, Button, Chip, Container, Link, Skeleton, Stack, Typography } from '@mui/material';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutlineOutlined';
import ApartmentOutlinedIcon from '@mui/icons-material/ApartmentOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { CourseThumbnail, useCountText } from '../../../components/ui/course-thumbnail';
import { AfterLoad, idleLazy } from '../../../components/ui/deferred-mui';
import { EmptyState } from '../../../components/ui/empty-state';
import { Stars } from '../../../components/ui/stars';
import { ApiError } from '../../../lib/api-client';
import { categoryTitle, formatRating, institutionName, localName, localTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { searchListUrl } from '../../../lib/search-query';
import { useCurrentUser } from '../../../lib/session';
import type { CourseDetails } from '../api/learn-api';
import { useCourseDetails, useEnrolledCheck } from '../hooks/use-learn';
// The enrolment card comes after the header's code, the sections below once the page has loaded.
// Only when the course cannot be loaded.
const ErrorState = idleLazy(() => import('../../../components/ui/error-state').then((m) => ({ default: m.ErrorState })));
const EnrolCard = lazy(() => import('./enrol-card').then((m) => ({ default: m.EnrolCard })));
const sections = () => import('./course-details-sections');
const CourseObjectives = lazy(() => sections().then((m) => ({ default: m.CourseObjectives })));
const CourseReviews = lazy(() => sections().then((m) => ({ default: m.CourseReviews })));
const CourseFooter = lazy(() => sections().then((m) => ({ default: m.CourseFooter })));
const SyllabusOutline = lazy(() => sections().then((m) => ({ default: m.SyllabusOutline })));

const layoutSx = {
  display: 'grid',
  gap: { xs: 3, md: 4 },
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) 360px' },
  gridTemplateAreas: { xs: '"hero" "side" "main"', md: '"hero side" "main side"' },
  alignItems: 'start',
} as const;

/** /course/details/:uuid and /course-details/:id. */
export default function CourseDetailsPage() {
  const { t } = useTranslation(['learn', 'common']);
  const params = useParams();
  const slug = params.uuid ?? params.id ?? '';
  const { data, isLoading, error, refetch } = useCourseDetails(slug);
  if (isLoading) return <DetailsSkeleton />;
  if (error || !data) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <Container maxWidth="md" sx={{ py: 6 }} data-testid="course-details-error">
        {notFound ? (
          <EmptyState
            icon={<SearchOffIcon />}
            message={t('learn:details.not_found')}
            action={
              <Button component={RouterLink} to="/search/lists" variant="outlined">
                {t('learn:details.browse')}
              </Button>
            }
          />
        ) : (
          <Suspense fallback={null}>
            <ErrorState error={error} onRetry={() => refetch()} />
          </Suspense>
        )}
      </Container>
    );
  }
  return <CourseDetailsView course={data} slug={slug} />;
}

function CourseDetailsView({ course, slug }: { course: CourseDetails; slug: string }) {
  const { t, i18n } = useTranslation(['learn', 'common']);
  const lang = i18n.language;
  const count = useCountText();
  const { isSignedIn } = useCurrentUser();
  const check = useEnrolledCheck(isSignedIn ? course.uuid : undefined);
  const canReview = !!check.data?.enrolled && (check.data.status === 'active' || check.data.status === 'completed');
  const title = localTitle(course, lang);
  const cat = course.category ? categoryTitle(course.category, lang) : '';
  const objectives = (course.objectives ?? []).filter((o) => o && o.trim());
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 }, pb: { xs: 10, md: 6 } }} data-testid="course-details-page" data-uuid={course.uuid}>
      <Box sx={layoutSx}>
        <Box sx={{ gridArea: 'hero', minWidth: 0 }}>
          <Breadcrumbs sx={{ mb: 1.5, fontSize: 14 }} aria-label={t('learn:details.breadcrumb')}>
            <Link component={RouterLink} to="/search/lists" color="inherit">
              {t('learn:details.courses')}
            </Link>
            {course.category && (
              <Link component={RouterLink} to={searchListUrl({ type: 'latest', category_id: String(course.category.id) })} color="inherit">
                {cat}
              </Link>
            )}
          </Breadcrumbs>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 26, md: 34 }, fontWeight: 800, overflowWrap: 'anywhere' }} data-testid="course-title">
            {title}
          </Typography>
          {course.summary && (
            <Typography color="text.secondary" sx={{ mt: 1.5, fontSize: 17, whiteSpace: 'pre-line' }}>
              {course.summary}
            </Typography>
          )}
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography sx={{ fontWeight: 800, color: 'warning.dark' }}>{formatRating(course.rating, lang)}</Typography>
            <Stars value={Number(course.rating) || 0} precision={0.5} size="small" />
            <Typography variant="body2" color="text.secondary">
              {t('learn:reviews.count', { count: course.reviews_count || 0 })}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, ml: 1 }}>
              <PeopleAltOutlinedIcon sx={{ fontSize: 18 }} />
              {t('common:course_card.enrolled', { n: count(course.enrolled_count || 0) })}
            </Typography>
          </Stack>
          <Stack spacing={0.75} sx={{ mt: 2 }}>
            {course.instructor && (
              <Meta
                icon={<PersonOutlineIcon />}
                label={t('learn:details.instructor')}
                value={localName(course.instructor, lang)}
                to={`/instructor/${course.instructor.id}`}
                testId="course-instructor"
              />
            )}
            {course.institution && (
              <Meta icon={<ApartmentOutlinedIcon />} label={t('learn:details.institution')} value={institutionName(course.institution, lang)} testId="course-institution" />
            )}
            <Meta
              icon={<MenuBookOutlinedIcon />}
              label={t('learn:details.lessons')}
              value={formatNumber(course.lessons_count ?? course.sections.reduce((n, s) => n + s.lessons.length, 0), lang)}
            />
          </Stack>
          <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
            {cat && <Chip label={cat} variant="outlined" />}
            <Chip label={t(`learn:level.${course.level}`, { defaultValue: course.level })} variant="outlined" data-testid="course-level" />
            <Chip label={t(`learn:language.${course.language}`, { defaultValue: course.language })} variant="outlined" />
            {course.course_type !== 'course' && <Chip color="secondary" label={t(`learn:course_type.${course.course_type}`, { defaultValue: course.course_type })} />}
          </Stack>
        </Box>

        <Box sx={{ gridArea: 'side', position: { md: 'sticky' }, top: { md: 88 }, display: 'grid', gap: 2 }}>
          <Box sx={{ position: 'relative', borderRadius: 3, overflow: 'hidden', aspectRatio: '16 / 9', bgcolor: 'action.hover' }}>
            <CourseThumbnail src={course.thumbnail} iconSize={64} priority />
          </Box>
          <Suspense fallback={<Skeleton variant="rounded" height={180} />}>
            <EnrolCard course={course} slug={slug} />
          </Suspense>
        </Box>

        <Box sx={{ gridArea: 'main', minWidth: 0, display: 'grid', gap: 4 }}>
          <AfterLoad fallback={<Box sx={{ minHeight: 240 }} />}>
            <Suspense fallback={<Box sx={{ minHeight: 240 }} />}>
              <CourseObjectives objectives={objectives} />
              <SyllabusOutline sections={course.sections ?? []} />
              <CourseReviews courseId={course.id} rating={course.rating} count={course.reviews_count} canReview={canReview} />
            </Suspense>
          </AfterLoad>
        </Box>
      </Box>
      <AfterLoad>
        <Suspense fallback={null}>
          <CourseFooter course={course} />
        </Suspense>
      </AfterLoad>
    </Container>
  );
}

function Meta({ icon, label, value, to, testId }: { icon: React.ReactNode; label: string; value: string; to?: string; testId?: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', '& svg': { fontSize: 20 } }}>
      {icon}
      <Typography variant="body2">
        {label}:{' '}
        {to ? (
          <Link component={RouterLink} to={to} sx={{ fontWeight: 600 }} data-testid={testId}>
            {value}
          </Link>
        ) : (
          <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }} data-testid={testId}>
            {value}
          </Box>
        )}
      </Typography>
    </Stack>
  );
}

function DetailsSkeleton() {
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }} aria-busy data-testid="course-details-loading">
      <Box sx={layoutSx}>
        <Box sx={{ gridArea: 'hero' }}>
          <Skeleton width={160} />
          <Skeleton variant="text" sx={{ fontSize: 34 }} width="85%" />
          <Skeleton width="95%" />
          <Skeleton width="70%" />
          <Skeleton width={240} sx={{ mt: 2 }} />
          <Skeleton width={200} />
        </Box>
        <Box sx={{ gridArea: 'side', display: 'grid', gap: 2 }}>
          <Skeleton variant="rounded" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
          <Skeleton variant="rounded" height={220} />
        </Box>
        <Box sx={{ gridArea: 'main' }}>
          <Skeleton variant="rounded" height={160} sx={{ mb: 3 }} />
          <Skeleton variant="rounded" height={240} />
        </Box>
      </Box>
    </Container>
  );
}
