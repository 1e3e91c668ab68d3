// The figures' line chart (@mui/x-charts), in a chunk of its own: chart-frame.tsx loads it lazily,
// once a chart is to be drawn. It takes its words and its number and day formats from the caller
// (the interface's language: Bangla digits in Bangla) and fills the width it is given.
import { LineChart } from '@mui/x-charts/LineChart';

export interface ChartLine {
  id: string;
  label: string;
  /** null: no point there (a gap: a forecast drawn after the weeks it follows). */
  values: (number | null)[];
  /** Drawn as an area (a single line's chart). */
  area?: boolean;
  /** Drawn dashed (a forecast). */
  dashed?: boolean;
}

export interface FiguresChartProps {
  /** The x axis: one "YYYY-MM-DD" per point. */
  dates: string[];
  lines: ChartLine[];
  /** The chart's accessible name. */
  title: string;
  height: number;
  /** A day on the axis ("15 Dec"). */
  tick: (date: string) => string;
  /** A day in the tooltip ("15 Dec 2026", "Week of 14 Dec 2026"). */
  tip: (date: string) => string;
  /** A count ("১২"). */
  number: (value: number) => string;
  hideLegend?: boolean;
}

// LineChart's line class (lineClasses.line), written out: the tests stand a bare LineChart in for the module.
const LINE = '.MuiLineChart-line';

export default function FiguresChart({ dates, lines, title, height, tick, tip, number, hideLegend }: FiguresChartProps) {
  const dashed = Object.fromEntries(lines.filter((l) => l.dashed).map((l) => [`& ${LINE}[data-series="${l.id}"]`, { strokeDasharray: '6 4' }]));
  return (
    <LineChart
      title={title}
      sx={dashed}
      height={height}
      skipAnimation
      hideLegend={hideLegend}
      series={lines.map((l) => ({ id: l.id, label: l.label, data: l.values, area: l.area, curve: 'linear' as const, showMark: false, valueFormatter: (v: number | null) => (v == null ? '' : number(v)) }))}
      // Room for a line of Bangla script under the axis (its glyphs stand taller than Latin ones).
      xAxis={[{ scaleType: 'point', data: dates, height: 36, valueFormatter: (d: string, ctx) => (ctx.location === 'tick' ? tick(d) : tip(d)) }]}
      yAxis={[{ tickMinStep: 1, min: 0, width: 40, valueFormatter: (v: number) => number(v) }]}
      margin={{ left: 4, right: 20, top: 8, bottom: 4 }}
    />
  );
}
