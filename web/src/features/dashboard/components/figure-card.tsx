// The dashboard figures' cards: a titled section that shows a skeleton while its figure comes, an
// error with a retry when it cannot be read, else the figure; a stat card (a total and a few
// lines); the bars of a count by gender.
import { Box, Card, CardContent, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { formatNumber } from '../../../lib/lang';
import type { GenderCount } from '../api/figures-api';
import { genderCounts, percentOf } from '../hooks/figures-format';

/** What a card reads of its query. */
export interface FigureQuery<T> {
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
  isPlaceholderData?: boolean;
}

export function FigureCard<T>({
  id,
  title,
  icon,
  query,
  skeletonHeight = 88,
  headingLevel = 'h3',
  children,
}: {
  /** The card's test id, and its heading's id (`<id>-title`). */
  id: string;
  title: string;
  icon?: ReactNode;
  query: FigureQuery<T>;
  skeletonHeight?: number;
  headingLevel?: 'h2' | 'h3';
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  const { data, error } = query;
  return (
    <Card component="section" aria-labelledby={`${id}-title`} aria-busy={data === undefined && !error} data-testid={id} sx={{ height: '100%', minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
        <Stack direction="row" spacing={1.25} sx={{ alignItems: 'center', mb: 1.5, minWidth: 0 }}>
          {icon && (
            <Box
              aria-hidden
              sx={(th) => ({ width: 36, height: 36, borderRadius: 2, display: 'grid', placeItems: 'center', flexShrink: 0, bgcolor: alpha(th.palette.primary.main, 0.1), color: 'primary.main' })}
            >
              {icon}
            </Box>
          )}
          <Typography id={`${id}-title`} variant="subtitle1" component={headingLevel} sx={{ fontWeight: 700, minWidth: 0 }}>
            {title}
          </Typography>
        </Stack>
        {data !== undefined ? (
          <Box sx={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 0.2s', minWidth: 0 }}>{children(data)}</Box>
        ) : error ? (
          <ErrorState error={error} message={t('figures.error')} onRetry={() => query.refetch()} />
        ) : (
          <Skeleton variant="rounded" height={skeletonHeight} data-testid={`${id}-loading`} />
        )}
      </CardContent>
    </Card>
  );
}

/** A card with one large total and a few lines under it. */
export function StatCard<T>({
  id,
  title,
  icon,
  query,
  total,
  lines,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  query: FigureQuery<T>;
  total: (data: T) => number;
  lines: (data: T) => ReactNode[];
}) {
  const { i18n } = useTranslation();
  return (
    <FigureCard id={id} title={title} icon={icon} query={query}>
      {(data) => (
        <>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.2 }} data-testid={`${id}-total`}>
            {formatNumber(Number(total(data)) || 0, i18n.language)}
          </Typography>
          <Stack component="ul" spacing={0.25} sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.75 }}>
            {lines(data).map((line, i) => (
              <Typography key={i} component="li" variant="body2" color="text.secondary">
                {line}
              </Typography>
            ))}
          </Stack>
        </>
      )}
    </FigureCard>
  );
}

/** A bar per gender (female, male, other, not given) with its count and share of the total. */
export function GenderBars({ id, genders, total }: { id: string; genders: readonly GenderCount[]; total?: number }) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const rows = genderCounts(genders);
  const sum = total ?? rows.reduce((n, g) => n + g.count, 0);
  return (
    <Stack component="ul" spacing={1.25} sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid={id}>
      {rows.map((g) => {
        const label = t(`figures.genders.${g.gender}`);
        const percent = percentOf(g.count, sum);
        const share = t('figures.genders.share', { count: g.count, percent: formatNumber(percent, lang) });
        return (
          <Box component="li" key={g.gender} data-gender={g.gender}>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', mb: 0.5 }}>
              <Typography variant="body2">{label}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }} data-testid={`${id}-${g.gender}`}>
                {share}
              </Typography>
            </Stack>
            <LinearProgress variant="determinate" value={percent} aria-label={`${label}: ${share}`} sx={{ height: 8, borderRadius: 4 }} />
          </Box>
        );
      })}
    </Stack>
  );
}
