// Pieces the four report pages share: the dates' form above the figures (the dashboard's own form
// and cards), a card of figures, a way back, the not-found state, an enrolment's status and progress.
import { Box, Button, Card, Chip, LinearProgress, Stack, Typography, type ChipProps } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SearchOffOutlinedIcon from '@mui/icons-material/SearchOffOutlined';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { formatDay } from '../../../lib/course-text';
import { formatNumber } from '../../../lib/lang';
import { FigureCard, type FigureQuery } from '../../dashboard/components/figure-card';
import { FiguresRangeForm } from '../../dashboard/components/figures-range-form';
import { boundedPercent, rangeText } from '../../dashboard/hooks/figures-format';
import type { FigureRange, RangeRefusal } from '../../dashboard/hooks/figures-range';
import { serverRangeRefusal } from '../../dashboard/hooks/use-figures';
import type { EnrolmentProgress, EnrolmentStatus } from '../api/reports-api';

export const COURSE_REPORT = '/reports/course-report';
export const LEARNER_REPORT = '/reports/learner-report';

/**
 * A report's link, keeping the dates of the address (?from, ?to) so that the next page shows the
 * same range.
 */
export function useReportLink() {
  const [params] = useSearchParams();
  const kept = new URLSearchParams();
  for (const key of ['from', 'to']) {
    const v = params.get(key);
    if (v) kept.set(key, v);
  }
  const qs = kept.toString();
  return (path: string) => (qs ? `${path}?${qs}` : path);
}

/** The dates' form, with the range's own words or why it is refused. */
export function ReportRange({
  range,
  today,
  refusal,
  error,
  onApply,
}: {
  range: FigureRange;
  today: string;
  /** Our own refusal of the address's range. */
  refusal: RangeRefusal | null;
  /** The stats query's error: a 422 on the dates is shown on the form. */
  error: unknown;
  onApply: (range: FigureRange) => void;
}) {
  const { i18n } = useTranslation();
  const shown = refusal ?? serverRangeRefusal(error);
  return (
    <Box sx={{ mb: 2.5 }} data-testid="report-range" data-from={range.from} data-to={range.to}>
      {!shown && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="report-range-text">
          {rangeText(range, i18n.language)}
        </Typography>
      )}
      <FiguresRangeForm key={`${range.from}|${range.to}`} range={range} today={today} refusal={shown} onApply={onApply} />
    </Box>
  );
}

/** Whether the range is refused (ours or the server's): the figures are not drawn then. */
export function rangeRefused(refusal: RangeRefusal | null, error: unknown): boolean {
  return !!(refusal ?? serverRangeRefusal(error));
}

export function RangeRefused() {
  const { t } = useTranslation('reports');
  return (
    <Typography color="text.secondary" sx={{ mb: 3 }} data-testid="report-range-refused">
      {t('range_refused')}
    </Typography>
  );
}

export interface Tile {
  key: string;
  label: string;
  value: number;
}

/** A card of figures: a label and a large number each, two a row on phones. */
export function FigureTiles<T>({
  id,
  title,
  query,
  tiles,
  note,
}: {
  id: string;
  title: string;
  query: FigureQuery<T>;
  tiles: (data: T) => Tile[];
  note?: (data: T) => ReactNode;
}) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <FigureCard id={id} title={title} query={query} headingLevel="h2" skeletonHeight={96}>
      {(data) => {
        const shown = tiles(data);
        return (
        <>
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: `repeat(${Math.min(3, shown.length)}, minmax(0, 1fr))`, lg: `repeat(${Math.min(6, shown.length)}, minmax(0, 1fr))` },
              gap: 2,
              m: 0,
            }}
          >
            {shown.map((tile) => (
              <Box key={tile.key} sx={{ minWidth: 0 }}>
                <Typography component="dt" variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {tile.label}
                </Typography>
                <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700, lineHeight: 1.3 }} data-testid={`${id}-${tile.key}`}>
                  {formatNumber(Number(tile.value) || 0, lang)}
                </Typography>
              </Box>
            ))}
          </Box>
          {note && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {note(data)}
            </Typography>
          )}
        </>
        );
      }}
    </FigureCard>
  );
}

/** "← Back to the course report". */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Button component={RouterLink} to={to} startIcon={<ArrowBackIcon />} sx={{ mb: 2, ml: -1 }} data-testid="report-back">
      {label}
    </Button>
  );
}

/** No such course or learner on the site: says so, with the way back. */
export function NotFoundState({ message, back, backLabel }: { message: string; back: string; backLabel: string }) {
  return (
    <Card data-testid="report-not-found">
      <EmptyState
        icon={<SearchOffOutlinedIcon />}
        message={message}
        action={
          <Button component={RouterLink} to={back} variant="contained" startIcon={<ArrowBackIcon />} data-testid="report-not-found-back">
            {backLabel}
          </Button>
        }
      />
    </Card>
  );
}

const STATUS_COLOURS: Record<EnrolmentStatus, ChipProps['color']> = { pending: 'warning', active: 'info', completed: 'success' };

export function StatusChip({ status }: { status: EnrolmentStatus }) {
  const { t } = useTranslation('reports');
  return (
    <Chip
      size="small"
      variant={status === 'completed' ? 'filled' : 'outlined'}
      color={STATUS_COLOURS[status] ?? 'default'}
      label={t(`status.${status}`, { defaultValue: status })}
      data-testid="report-status"
      data-status={status}
    />
  );
}

/** "7 of 12 lessons (58%)" over a thin bar. */
export function ProgressText({ row }: { row: Pick<EnrolmentProgress, 'lessons_completed' | 'lessons_total' | 'percent'> }) {
  const { t, i18n } = useTranslation('reports');
  const lang = i18n.language;
  const percent = boundedPercent(row.percent);
  const n = (v: number) => formatNumber(Number(v) || 0, lang);
  return (
    <Stack spacing={0.5} sx={{ minWidth: 120 }}>
      <Typography variant="body2" data-testid="report-progress">
        {t('progress', { done: n(row.lessons_completed), total: n(row.lessons_total), percent: n(percent) })}
      </Typography>
      <LinearProgress variant="determinate" value={percent} aria-hidden sx={{ height: 6, borderRadius: 3 }} />
    </Stack>
  );
}

/** A day of the interface's language, or a dash. */
export function dayOr(value: string | null | undefined, lang: string, none = '—'): string {
  return value ? formatDay(value, lang) : none;
}

export function PublishedChip({ published }: { published: boolean }) {
  const { t } = useTranslation('reports');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={published ? 'success' : 'default'}
      label={published ? t('published') : t('draft')}
      data-testid="report-published"
      data-published={published}
    />
  );
}
