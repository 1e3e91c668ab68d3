// The learner's points per week as bars (@mui/x-charts), in a chunk of its own: the card loads it
// lazily, as the dashboard loads its line chart. Words and number and day formats come from the
// caller (Bangla digits in Bangla); it fills the width it is given.
import { BarChart } from '@mui/x-charts/BarChart';

export interface WeeksChartProps {
  /** One Monday ("YYYY-MM-DD") a bar, oldest first. */
  weeks: string[];
  values: number[];
  /** The chart's accessible name, and the series' label. */
  title: string;
  label: string;
  height: number;
  /** A week under its bar ("30 Nov"). */
  tick: (week: string) => string;
  /** A week in the tooltip ("Week of 30 Nov 2026"). */
  tip: (week: string) => string;
  /** A count ("১২"). */
  number: (value: number) => string;
}

export default function WeeksChart({ weeks, values, title, label, height, tick, tip, number }: WeeksChartProps) {
  return (
    <BarChart
      title={title}
      height={height}
      skipAnimation
      hideLegend
      series={[{ id: 'points', label, data: values, valueFormatter: (v: number | null) => (v == null ? '' : number(v)) }]}
      // Room for a line of Bangla script under the axis (its glyphs stand taller than Latin ones).
      xAxis={[{ scaleType: 'band', data: weeks, height: 36, valueFormatter: (w: string, ctx) => (ctx.location === 'tick' ? tick(w) : tip(w)) }]}
      yAxis={[{ tickMinStep: 1, min: 0, width: 40, valueFormatter: (v: number) => number(v) }]}
      margin={{ left: 4, right: 12, top: 8, bottom: 4 }}
      borderRadius={4}
    />
  );
}
