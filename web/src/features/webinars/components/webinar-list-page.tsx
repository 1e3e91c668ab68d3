// /webinar/list: the site's webinars (courses of type webinar) for anyone, from the catalogue the
// search page reads (GET /learner-course/course-search-solr?course_type=webinar, the same query
// and cache as /search/lists?course_type=webinar), 15 a page (?page=). The catalogue gives no day
// of a webinar's sessions to put the coming ones first by: the list is in its order, the newest
// published first (as the page says).
import { Button, Container, Grid, Typography } from '@mui/material';
import LiveTvOutlinedIcon from '@mui/icons-material/LiveTvOutlined';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CourseCardSkeleton } from '../../../components/ui/course-card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { useCatalogue } from '../../../lib/catalogue';
import { formatNumber } from '../../../lib/lang';
import { catalogueParams, lastPageFor, SEARCH_ROWS } from '../../../lib/search-query';
import { WebinarCard } from './webinar-card';

/** The catalogue's parameters of a page of webinars (page 1-based). */
export function webinarListParams(page: number) {
  return catalogueParams({ course_type: 'webinar', page }, SEARCH_ROWS);
}

export default function WebinarListPage() {
  const { t, i18n } = useTranslation(['webinars', 'common']);
  const lang = i18n.language;
  const [page, setPage] = usePageParam();
  const { data, isLoading, isFetching, isPlaceholderData, error, refetch } = useCatalogue(webinarListParams(page));
  const total = data?.total ?? 0;
  const lastPage = lastPageFor(total);
  useClampPageParam(data && !isPlaceholderData ? lastPage : undefined);
  const items = data?.data ?? [];
  const count = t(data?.totalCapped ? 'webinars:list.count_more' : 'webinars:list.count', { count: total, n: formatNumber(total, lang) });

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 }, pb: { xs: 10, md: 5 } }} data-testid="webinar-list-page">
      <PageHeader title={t('webinars:list.title')} subtitle={items.length ? count : t('webinars:list.subtitle')} />
      {error && !data ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : isLoading ? (
        <Grid container spacing={2} aria-busy>
          {Array.from({ length: 6 }, (_, i) => (
            <Grid key={i} size={{ xs: 12, sm: 6, md: 4 }}>
              <CourseCardSkeleton />
            </Grid>
          ))}
        </Grid>
      ) : !items.length ? (
        <EmptyState
          icon={<LiveTvOutlinedIcon />}
          message={t('webinars:list.empty')}
          action={
            <Button component={RouterLink} to="/search/lists" variant="outlined" data-testid="browse-courses">
              {t('webinars:list.browse_courses')}
            </Button>
          }
        />
      ) : (
        <>
          <Grid
            container
            spacing={2}
            component="ul"
            aria-busy={isFetching}
            sx={{ listStyle: 'none', p: 0, m: 0, opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}
            data-testid="webinar-cards"
          >
            {items.map((c) => (
              <Grid key={c.uuid} component="li" size={{ xs: 12, sm: 6, md: 4 }}>
                <WebinarCard course={c} />
              </Grid>
            ))}
          </Grid>
          <Pager page={page} lastPage={lastPage} onChange={setPage} />
          {lastPage > 1 && (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {t('webinars:list.page_of', { page: formatNumber(Math.min(page, lastPage), lang), last: formatNumber(lastPage, lang) })}
            </Typography>
          )}
        </>
      )}
    </Container>
  );
}
