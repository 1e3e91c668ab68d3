// A figures chart with what screen readers read of it: the chart (its own lazily loaded chunk,
// figures-chart.tsx) named by its title, and the same figures as a visually hidden table.
import { Box, Skeleton } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import { formatNumber } from '../../../lib/lang';
import { longDay, shortDay } from '../hooks/figures-format';
import type { ChartLine } from './figures-chart';

const FiguresChart = lazy(() => import('./figures-chart'));

export function ChartFrame({
  id,
  title,
  dates,
  lines,
  step = 'day',
  height,
  hideLegend,
}: {
  id: string;
  /** The chart's accessible name, and the table's caption. */
  title: string;
  dates: string[];
  lines: ChartLine[];
  /** A point per day, or per week (its Monday). */
  step?: 'day' | 'week';
  height: number;
  hideLegend?: boolean;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const lang = i18n.language;
  const dayText = (d: string) => (step === 'week' ? t('figures.chart.week_of', { date: longDay(d, lang) }) : longDay(d, lang));
  const number = (v: number) => formatNumber(v, lang);
  return (
    <Box role="figure" aria-label={title} data-testid={id} sx={{ position: 'relative', width: '100%', minWidth: 0, overflow: 'hidden' }}>
      <Box sx={{ width: '100%', minWidth: 0 }}>
        <Suspense fallback={<Skeleton variant="rounded" height={height} data-testid={`${id}-loading`} />}>
          <FiguresChart dates={dates} lines={lines} title={title} height={height} tick={(d) => shortDay(d, lang)} tip={dayText} number={number} hideLegend={hideLegend} />
        </Suspense>
      </Box>
      {/* A table does not shrink to a hidden box: its wrapper is the one hidden. */}
      <Box sx={visuallyHidden}>
        <table data-testid={`${id}-table`}>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{step === 'week' ? t('figures.chart.week') : t('figures.chart.day')}</th>
              {lines.map((l) => (
                <th key={l.id} scope="col">
                  {l.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {dates.map((d, i) => (
              <tr key={d}>
                <th scope="row">{dayText(d)}</th>
                {lines.map((l) => (
                  <td key={l.id}>{l.values[i] === null ? '' : number(l.values[i] ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Box>
    </Box>
  );
}
