import { Box, Card, CardActionArea, Chip, Skeleton, Stack, Typography } from '@mui/material';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { CatalogueCourse } from '../../lib/catalogue';
import { coursePagePath } from '../../lib/course-paths';
import { formatRating, institutionName, localTitle } from '../../lib/course-text';
import { courseLink } from '../../lib/search-query';
import { CourseThumbnail, useCountText } from './course-thumbnail';
import { Stars } from './stars';

// Pages that only need the picture or the counts import course-thumbnail.tsx (no card code).
export { CourseThumbnail, useCountText };

/** Height of the card body below the 16:9 picture, kept fixed so skeletons and cards line up. */
const BODY_HEIGHT = 152;

/** Link props for a course: a full page load for another origin, the router otherwise. */
export function courseLinkProps(url: string | null | undefined, path: string) {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  const link = courseLink(url, path, origin);
  return link.external ? ({ component: 'a', href: link.href } as const) : ({ component: RouterLink, to: link.href } as const);
}

/** Catalogue card: picture, title, institution, rating, enrolled count, free chip. */
export function CourseCard({ course }: { course: CatalogueCourse }) {
  const { t, i18n } = useTranslation();
  const count = useCountText();
  const lang = i18n.language;
  const title = localTitle(course, lang);
  const inst = institutionName(course.institution, lang);
  const free = !course.price;
  return (
    <Card sx={{ height: '100%' }} data-testid="course-card" data-uuid={course.uuid}>
      <CardActionArea
        {...courseLinkProps(course.url, coursePagePath(course, 'details'))}
        sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'stretch', justifyContent: 'flex-start' }}
      >
        <Box sx={{ position: 'relative', aspectRatio: '16 / 9', bgcolor: 'action.hover', overflow: 'hidden' }}>
          <CourseThumbnail src={course.thumbnail} />
          <Stack direction="row" spacing={0.75} sx={{ position: 'absolute', top: 8, left: 8 }}>
            {free && <Chip size="small" color="success" label={t('common:course_card.free')} data-testid="free-chip" />}
            {course.course_type !== 'course' && (
              <Chip size="small" color="secondary" label={t(`common:course_card.type_${course.course_type}`)} />
            )}
          </Stack>
        </Box>
        <Box sx={{ p: 1.75, height: BODY_HEIGHT, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
          <Typography
            component="h3"
            data-testid="course-card-title"
            data-user-content
            sx={{ fontWeight: 700, lineHeight: 1.35, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden', minHeight: '2.7em' }}
          >
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap data-user-content>
            {inst}
          </Typography>
          <Box sx={{ flexGrow: 1 }} />
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Typography variant="body2" sx={{ fontWeight: 700, color: 'warning.dark' }}>
              {formatRating(course.rating, lang)}
            </Typography>
            <Stars value={Number(course.rating) || 0} precision={0.5} size="small" aria-label={t('common:course_card.rating', { rating: formatRating(course.rating, lang) })} />
            <Typography variant="body2" color="text.secondary">
              ({count(course.reviews_count || 0)})
            </Typography>
          </Stack>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <PeopleAltOutlinedIcon sx={{ fontSize: 18 }} />
            <Typography variant="body2">{t('common:course_card.enrolled', { n: count(course.enrolled_count || 0) })}</Typography>
          </Stack>
        </Box>
      </CardActionArea>
    </Card>
  );
}

export function CourseCardSkeleton() {
  return (
    <Card sx={{ height: '100%' }} aria-hidden>
      <Skeleton variant="rectangular" sx={{ aspectRatio: '16 / 9', height: 'auto' }} />
      <Box sx={{ p: 1.75, height: BODY_HEIGHT }}>
        <Skeleton width="90%" />
        <Skeleton width="60%" />
        <Skeleton width="40%" sx={{ mt: 1 }} />
        <Skeleton width="50%" sx={{ mt: 3 }} />
        <Skeleton width="35%" />
      </Box>
    </Card>
  );
}
