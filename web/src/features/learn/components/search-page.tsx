import { Box, Button, Chip, Container, Grid, MenuItem, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CourseCard, CourseCardSkeleton } from '../../../components/ui/course-card';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import { Pager, useClampPageParam, usePageParam } from '../../../components/ui/pager';
import { useCatalogue } from '../../../lib/catalogue';
import { categoryTitle } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { useCategories } from '../../../lib/public-queries';
import {
  COURSE_LANGUAGES,
  LEVELS,
  SEARCH_ROWS,
  SORT_TYPES,
  catalogueParams,
  lastPageFor,
  parseSearchFilters,
  withFilter,
  type FilterKey,
} from '../../../lib/search-query';

/** /search/lists: the catalogue filtered by the query parameters, 15 per page. */
export default function SearchPage() {
  const { t, i18n } = useTranslation(['learn', 'common']);
  const lang = i18n.language;
  const [params, setParams] = useSearchParams();
  const filters = parseSearchFilters(params);
  const [page, setPage] = usePageParam();
  const { data, isLoading, isFetching, isPlaceholderData, error, refetch } = useCatalogue(catalogueParams({ ...filters, page }, SEARCH_ROWS));
  const total = data?.total ?? 0;
  const lastPage = lastPageFor(total);
  useClampPageParam(data && !isPlaceholderData ? lastPage : undefined);
  const { data: categories } = useCategories();
  const category = categories?.find((c) => String(c.id) === filters.category_id);

  const [text, setText] = useState(filters.search);
  useEffect(() => setText(filters.search), [filters.search]);

  const set = (key: FilterKey, value: string) => setParams(withFilter(params, key, value));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    set('search', text.trim());
  };

  const title = filters.search
    ? t('learn:search.results_for', { search: filters.search })
    : filters.course_type === 'webinar'
      ? t('learn:search.title_webinars')
      : filters.payment_status === '0'
        ? t('learn:search.title_master_class')
        : category
          ? categoryTitle(category, lang)
          : t('learn:search.title_all');

  // Chips for the filters that have no control of their own.
  const extraChips: { key: FilterKey; label: string }[] = [];
  if (filters.course_type) extraChips.push({ key: 'course_type', label: t(`learn:course_type.${filters.course_type}`) });
  if (filters.payment_status === '0') extraChips.push({ key: 'payment_status', label: t('learn:search.free_only') });
  const anyFilter = Object.entries(filters).some(([k, v]) => k !== 'page' && v !== '');
  const sortValue = filters.type || (filters.search ? '' : 'latest');

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 }, pb: { xs: 10, md: 5 } }} data-testid="search-page">
      <PageHeader
        title={title}
        subtitle={data ? t(data.totalCapped ? 'learn:search.count_more' : 'learn:search.count', { count: total }) : ' '}
      />
      <Box component="form" role="search" onSubmit={submit} sx={{ mb: 2 }}>
        <Stack direction="row" spacing={1}>
          <TextField
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('learn:search.placeholder')}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { 'aria-label': t('learn:search.placeholder'), enterKeyHint: 'search', 'data-testid': 'search-page-input' } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ flexShrink: 0 }} data-testid="search-page-submit">
            {t('common:actions.search')}
          </Button>
        </Stack>
      </Box>
      <Grid container spacing={1.5} sx={{ mb: 2 }} data-testid="search-filters">
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField
            select
            fullWidth
            size="small"
            label={t('learn:filters.category')}
            value={filters.category_id}
            onChange={(e) => set('category_id', e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            data-testid="filter-category"
          >
            <MenuItem value="">{t('learn:filters.all_categories')}</MenuItem>
            {(categories ?? []).map((c) => (
              <MenuItem key={c.id} value={String(c.id)}>
                {categoryTitle(c, lang)}
              </MenuItem>
            ))}
            {filters.category_id && !category && <MenuItem value={filters.category_id}>{t('learn:filters.category')}</MenuItem>}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField
            select
            fullWidth
            size="small"
            label={t('learn:filters.level')}
            value={filters.level}
            onChange={(e) => set('level', e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            data-testid="filter-level"
          >
            <MenuItem value="">{t('learn:filters.all_levels')}</MenuItem>
            {LEVELS.map((l) => (
              <MenuItem key={l} value={l}>
                {t(`learn:level.${l}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField
            select
            fullWidth
            size="small"
            label={t('learn:filters.language')}
            value={filters.language}
            onChange={(e) => set('language', e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            data-testid="filter-language"
          >
            <MenuItem value="">{t('learn:filters.all_languages')}</MenuItem>
            {COURSE_LANGUAGES.map((l) => (
              <MenuItem key={l} value={l}>
                {t(`learn:language.${l}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 6, md: 3 }}>
          <TextField
            select
            fullWidth
            size="small"
            label={t('learn:filters.sort')}
            value={sortValue}
            onChange={(e) => set('type', e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            data-testid="filter-sort"
          >
            {filters.search && <MenuItem value="">{t('learn:sort.relevance')}</MenuItem>}
            {SORT_TYPES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`learn:sort.${s}`)}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
      </Grid>
      {(extraChips.length > 0 || anyFilter) && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
          {extraChips.map((c) => (
            <Chip key={c.key} label={c.label} onDelete={() => set(c.key, '')} color="primary" variant="outlined" />
          ))}
          {anyFilter && (
            <Button size="small" component={RouterLink} to="/search/lists" data-testid="clear-filters">
              {t('learn:filters.clear')}
            </Button>
          )}
        </Stack>
      )}

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
      ) : (data?.data.length ?? 0) === 0 ? (
        <EmptyState
          icon={<SearchOffIcon />}
          message={filters.search ? t('learn:search.empty_for', { search: filters.search }) : t('learn:search.empty')}
          action={
            anyFilter ? (
              <Button component={RouterLink} to="/search/lists" variant="outlined">
                {t('learn:filters.clear')}
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <Grid
            container
            spacing={2}
            data-testid="search-results"
            aria-busy={isFetching}
            sx={{ opacity: isPlaceholderData ? 0.6 : 1, transition: 'opacity .2s' }}
          >
            {data!.data.map((c) => (
              <Grid key={c.uuid} size={{ xs: 12, sm: 6, md: 4 }}>
                <CourseCard course={c} />
              </Grid>
            ))}
          </Grid>
          <Pager page={page} lastPage={lastPage} onChange={setPage} />
          {lastPage > 1 && (
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {t('learn:search.page_of', { page: formatNumber(Math.min(page, lastPage), lang), last: formatNumber(lastPage, lang) })}
            </Typography>
          )}
        </>
      )}
    </Container>
  );
}
