import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CourseCard, CourseCardSkeleton } from '../../../components/ui/course-card';
import type { Course } from '../api/learn-api';
import { useRelated } from '../hooks/use-learn';

/** Up to 6 related courses in a horizontal row; nothing when there are none. */
export function RelatedCourses({ course }: { course: Pick<Course, 'uuid' | 'category_id' | 'level'> }) {
  const { t } = useTranslation('learn');
  const { data, isLoading, isError } = useRelated(course);
  const items = (data ?? []).filter((c) => c.uuid !== course.uuid);
  if (isError || (!isLoading && items.length === 0)) return null;
  return (
    <Box component="section" aria-labelledby="related-title" sx={{ mt: 6 }} data-testid="related-courses">
      <Typography id="related-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {t('details.related')}
      </Typography>
      <Box role="list" sx={{ display: 'flex', gap: 2, overflowX: 'auto', scrollSnapType: 'x mandatory', pb: 1.5 }}>
        {(isLoading ? Array.from({ length: 3 }, () => null) : items).map((c, i) => (
          <Box key={c?.uuid ?? i} role="listitem" sx={{ flex: '0 0 auto', width: { xs: 260, sm: 280 }, scrollSnapAlign: 'start' }}>
            {c ? <CourseCard course={c} /> : <CourseCardSkeleton />}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
