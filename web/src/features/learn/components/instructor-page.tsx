import { Avatar, Box, Chip, Container, Grid, Skeleton, Stack, Typography } from '@mui/material';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CourseCard, CourseCardSkeleton, useCountText } from '../../../components/ui/course-card';
import { ErrorState } from '../../../components/ui/error-state';
import { formatRating, localName } from '../../../lib/course-text';
import { fetchInstructor } from '../api/learn-api';

/** /instructor/:id: an instructor's public profile with their published courses (most enrolled first). */
export default function InstructorPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation(['learn', 'common']);
  const lang = i18n.language;
  const count = useCountText();
  const { data, isLoading, error, refetch } = useQuery({
    queryKey: ['instructor', id],
    queryFn: () => fetchInstructor(id),
    retry: false,
    staleTime: 60_000,
  });
  const name = data ? localName(data, lang) : '';
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }} data-testid="instructor-page">
      {error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : (
        <>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: { xs: 3, md: 4 } }}>
            <Avatar src={data?.photo ?? undefined} alt="" sx={{ width: { xs: 64, md: 88 }, height: { xs: 64, md: 88 }, fontSize: { xs: 28, md: 36 } }}>
              {name.slice(0, 1)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="overline" color="text.secondary">
                {t('learn:details.instructor')}
              </Typography>
              <Typography variant="h4" component="h1" sx={{ fontSize: { xs: 24, md: 32 }, overflowWrap: 'anywhere' }} data-testid="instructor-name">
                {isLoading ? <Skeleton width={240} /> : name}
              </Typography>
              {data && (
                <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 1, flexWrap: 'wrap' }}>
                  <Chip size="small" icon={<MenuBookOutlinedIcon />} label={t('learn:instructor.courses', { count: data.courses_count, n: count(data.courses_count) })} />
                  <Chip size="small" icon={<PeopleAltOutlinedIcon />} label={t('common:course_card.enrolled', { n: count(data.learners_count) })} />
                  {data.rating > 0 && <Chip size="small" icon={<StarBorderIcon />} label={t('common:course_card.rating', { rating: formatRating(data.rating, lang) })} />}
                </Stack>
              )}
            </Box>
          </Stack>
          <Typography variant="h5" component="h2" sx={{ mb: 2, fontSize: { xs: 20, md: 24 } }}>
            {t('learn:instructor.courses_title')}
          </Typography>
          <Grid container spacing={2} data-testid="instructor-courses">
            {(isLoading ? Array.from({ length: 3 }, () => null) : (data?.courses ?? [])).map((c, i) => (
              <Grid key={c?.uuid ?? i} size={{ xs: 12, sm: 6, md: 4 }}>
                {c ? <CourseCard course={c} /> : <CourseCardSkeleton />}
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </Container>
  );
}
