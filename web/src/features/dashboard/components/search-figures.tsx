// What the site's learners searched the catalogue for over the range (docs/api-dashboard.md,
// search_analysis): how many searches and how many found nothing, the searches per day (the
// figures' lazily loaded chart), the most searched terms and those that most often found nothing:
// the courses learners want and the site lacks. A term opens the search as learners see it.
import { Box, Link, Stack, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatNumber } from '../../../lib/lang';
import type { SearchAnalysis, SearchTerm } from '../api/figures-api';
import { percentOf, rangeText } from '../hooks/figures-format';
import type { FigureRange } from '../hooks/figures-range';
import { ChartFrame } from './chart-frame';
import { FigureCard, type FigureQuery } from './figure-card';

/** The terms each list shows (the server gives up to 20). */
export const SHOWN_TERMS = 10;

const count = (v: unknown) => Number(v) || 0;

export function SearchCard({ query, range }: { query: FigureQuery<SearchAnalysis>; range: FigureRange }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const n = (v: number) => formatNumber(v, lang);
  return (
    <FigureCard id="figures-search" title={t('figures.search.title')} icon={<SearchIcon />} query={query} skeletonHeight={220}>
      {(d) => {
        const total = count(d.total_searches);
        if (total === 0) return <EmptyState icon={<SearchIcon />} message={t('figures.search.empty')} />;
        const zero = count(d.zero_result_searches);
        const days = Array.isArray(d.by_day) ? d.by_day : [];
        const used = { from: d.range?.start_date ?? range.from, to: d.range?.end_date ?? range.to };
        return (
          <>
            <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              <Box>
                <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }} data-testid="figures-search-total">
                  {n(total)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('figures.search.searches_label')}
                </Typography>
              </Box>
              <Box>
                <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }} data-testid="figures-search-zero">
                  {t('figures.search.zero_share', { zero: n(zero), percent: n(percentOf(zero, total)) })}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('figures.search.zero_label')}
                </Typography>
              </Box>
            </Stack>
            {days.length > 1 && (
              <Box sx={{ mt: 1.5 }}>
                <ChartFrame
                  id="figures-search-chart"
                  title={t('figures.search.chart', { range: rangeText(used, lang) })}
                  height={150}
                  dates={days.map((p) => p.date)}
                  lines={[
                    { id: 'searches', label: t('figures.search.searches_label'), values: days.map((p) => count(p.searches)) },
                    { id: 'zero_results', label: t('figures.search.zero_label'), values: days.map((p) => count(p.zero_results)) },
                  ]}
                />
              </Box>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2.5, sm: 3 }} sx={{ mt: 2 }}>
              <TermList
                id="figures-search-top"
                title={t('figures.search.top')}
                terms={d.top_terms}
                countText={(term) => t('figures.search.searches', { count: count(term.searches) })}
                empty={t('figures.search.no_terms')}
              />
              <TermList
                id="figures-search-nothing"
                title={t('figures.search.zero_label')}
                hint={t('figures.search.zero_hint')}
                terms={d.zero_result_terms}
                countText={(term) => t('figures.search.times', { count: count(term.zero_results) })}
                empty={t('figures.search.no_zero')}
                icon={<SearchOffIcon fontSize="small" />}
              />
            </Stack>
          </>
        );
      }}
    </FigureCard>
  );
}

/** A short ranked list of terms with a count each; a term links to its search. */
function TermList({
  id,
  title,
  hint,
  terms,
  countText,
  empty,
  icon,
}: {
  id: string;
  title: string;
  hint?: string;
  terms: SearchTerm[] | null | undefined;
  countText: (term: SearchTerm) => string;
  empty: string;
  icon?: ReactNode;
}) {
  const { i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const shown = (Array.isArray(terms) ? terms : []).filter((term) => term && typeof term.term === 'string' && term.term.trim() !== '').slice(0, SHOWN_TERMS);
  return (
    <Box sx={{ flex: 1, minWidth: 0 }} data-testid={id}>
      <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: icon ? 'warning.dark' : undefined }}>
        {icon && (
          <Box aria-hidden sx={{ display: 'flex' }}>
            {icon}
          </Box>
        )}
        <Typography id={`${id}-title`} variant="subtitle2" component="h4" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      </Stack>
      {hint && shown.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }} data-testid={`${id}-hint`}>
          {hint}
        </Typography>
      )}
      {shown.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.75 }} data-testid={`${id}-empty`}>
          {empty}
        </Typography>
      ) : (
        <Box component="ol" aria-labelledby={`${id}-title`} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.75 }}>
          {shown.map((term, i) => (
            <Stack
              component="li"
              key={`${i}:${term.term}`}
              direction="row"
              spacing={1}
              sx={{ alignItems: 'baseline', py: 0.5, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 }, minWidth: 0 }}
              data-testid={`${id}-item`}
            >
              <Typography variant="body2" color="text.secondary" aria-hidden sx={{ minWidth: '1.5em', flexShrink: 0 }}>
                {formatNumber(i + 1, lang)}
              </Typography>
              <Link
                component={RouterLink}
                to={`/search/lists?${new URLSearchParams({ search: term.term })}`}
                variant="body2"
                sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                data-testid={`${id}-term`}
                data-user-content
              >
                {term.term}
              </Link>
              <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0, whiteSpace: 'nowrap' }} data-testid={`${id}-count`}>
                {countText(term)}
              </Typography>
            </Stack>
          ))}
        </Box>
      )}
    </Box>
  );
}
