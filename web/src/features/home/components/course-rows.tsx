// Home page course rows: recommended (signed in), latest, popular, webinars, master classes. A row
// hides itself when empty.
import { Box, Button, Container, Typography } from '@mui/material';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CourseCard, CourseCardSkeleton } from '../../../components/ui/course-card';
import { useCatalogue, useRecommendations, type CatalogueCourse } from '../../../lib/catalogue';
import { useCurrentUser } from '../../../lib/session';
import { catalogueParams, searchListUrl, type SearchFilters } from '../../../lib/search-query';

const ROW_SIZE = 10;

const ROWS: { key: string; filters: Partial<SearchFilters> }[] = [
  { key: 'latest', filters: { type: 'latest' } },
  { key: 'popular', filters: { type: 'popular' } },
  { key: 'webinars', filters: { course_type: 'webinar' } },
  { key: 'master_class', filters: { payment_status: '0' } },
];

export function CourseRows() {
  const { isSignedIn } = useCurrentUser();
  return (
    <Box data-testid="home-course-rows">
      {isSignedIn && <RecommendedRow />}
      {ROWS.map((r) => (
        <CatalogueRow key={r.key} rowKey={r.key} filters={r.filters} />
      ))}
    </Box>
  );
}

function RecommendedRow() {
  const { data, isLoading, isError } = useRecommendations(ROW_SIZE);
  return <CourseRow rowKey="recommended" items={data ?? []} isLoading={isLoading} isError={isError} />;
}

function CatalogueRow({ rowKey, filters }: { rowKey: string; filters: Partial<SearchFilters> }) {
  const { data, isLoading, isError } = useCatalogue(catalogueParams(filters, ROW_SIZE), { silent: true });
  return <CourseRow rowKey={rowKey} items={data?.data ?? []} isLoading={isLoading} isError={isError} seeAll={searchListUrl(filters)} />;
}

interface CourseRowProps {
  rowKey: string;
  items: CatalogueCourse[];
  isLoading: boolean;
  isError: boolean;
  /** The full list, when there is one. */
  seeAll?: string;
}

function CourseRow({ rowKey, items, isLoading, isError, seeAll }: CourseRowProps) {
  const { t } = useTranslation('home');
  if (isError || (!isLoading && items.length === 0)) return null;
  const titleId = `home-row-${rowKey}`;
  return (
    <Container maxWidth="lg" component="section" aria-labelledby={titleId} sx={{ pt: { xs: 5, md: 7 } }} data-testid={`course-row-${rowKey}`}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography id={titleId} variant="h5" component="h2" sx={{ fontSize: { xs: 20, md: 26 } }}>
          {t(`courses.${rowKey}`)}
        </Typography>
        {seeAll && (
          <Button component={RouterLink} to={seeAll} endIcon={<ArrowForwardIcon />} sx={{ flexShrink: 0 }} data-testid="see-all">
            {t('courses.see_all')}
          </Button>
        )}
      </Box>
      <Box
        role="list"
        sx={{
          display: 'flex',
          gap: 2,
          overflowX: 'auto',
          scrollSnapType: 'x mandatory',
          pb: 1.5,
          mx: { xs: -2, sm: 0 },
          px: { xs: 2, sm: 0 },
          scrollbarWidth: 'thin',
        }}
      >
        {(isLoading ? Array.from({ length: 4 }, () => null) : items).map((c, i) => (
          <Box key={c?.uuid ?? i} role="listitem" sx={{ flex: '0 0 auto', width: { xs: 260, sm: 280 }, scrollSnapAlign: 'start' }}>
            {c ? <CourseCard course={c} /> : <CourseCardSkeleton />}
          </Box>
        ))}
      </Box>
    </Container>
  );
}
