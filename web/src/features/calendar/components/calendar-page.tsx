// /calendar/show: the signed-in person's calendar across every site (docs/api-calendar.md), and the
// per-kind pages of SPEC 2 (/course/calendar/show, /exam/..., /classroom/..., /training/...,
// /webinarroom/...): the same page with only that kind's entries. A month at a time (?month=YYYY-MM),
// as a grid of weeks from Saturday or as an agenda (?view=agenda; always on phones), in Dhaka time;
// below, the panel that subscribes a phone's calendar to it.
import { Alert, Box, Button, Card, IconButton, Skeleton, Stack, ToggleButton, ToggleButtonGroup, Tooltip, Typography, useMediaQuery, useTheme } from '@mui/material';
import CalendarMonthOutlinedIcon from '@mui/icons-material/CalendarMonthOutlined';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ViewAgendaOutlinedIcon from '@mui/icons-material/ViewAgendaOutlined';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { PageHeader } from '../../../components/ui/page-header';
import type { CalendarEntry } from '../api/calendar-api';
import { addMonths, firstDay, groupByDay, monthOf, monthParam, parseMonthParam, sameMonth, todayInDhaka, visibleRange, type Month } from '../hooks/calendar-dates';
import { monthTitle, siteName } from '../hooks/calendar-format';
import { siteColour } from '../hooks/site-colour';
import { entriesOfKind, useCalendarEntries, type CalendarKind } from '../hooks/use-calendar';
import { AgendaList } from './agenda-list';
import { FeedPanel } from './feed-panel';
import { MonthGrid } from './month-grid';

export type CalendarView = 'month' | 'agenda';

/** The view shown: the agenda on phones (below 600 px), else `?view=`, the month by default. */
export function calendarView(param: string | null, narrow: boolean): CalendarView {
  return narrow || param === 'agenda' ? 'agenda' : 'month';
}

export default function CalendarPage({ kind }: { kind?: CalendarKind }) {
  const { t, i18n } = useTranslation(['calendar', 'common']);
  const lang = i18n.language;
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const today = todayInDhaka();
  const month = parseMonthParam(params.get('month'), today);
  const view = calendarView(params.get('view'), narrow);
  const range = visibleRange(month);
  const entries = useCalendarEntries(range.from, range.to);

  const shown = useMemo(() => entriesOfKind(entries.data ?? [], kind), [entries.data, kind]);
  const gridGroups = useMemo(() => groupByDay(shown, range.from, range.to), [shown, range.from, range.to]);
  const monthGroups = useMemo(() => groupByDay(shown, firstDay(month), firstDay(addMonths(month, 1))), [shown, month]);
  const byDay = useMemo(() => new Map(gridGroups.map((g) => [g.day, g.entries])), [gridGroups]);

  const setParam = (key: 'month' | 'view', value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const goTo = (m: Month) => setParam('month', sameMonth(m, monthOf(today)) ? null : monthParam(m));

  const title = kind ? t(`calendar:kinds.${kind}`) : t('calendar:title');
  const caption = monthTitle(month, lang);
  // The weeks before stay on screen (dimmed) while the next month's come: no empty state meanwhile.
  const settled = !!entries.data && !entries.isPlaceholderData;
  const empty = settled && (view === 'agenda' ? monthGroups.length === 0 : gridGroups.length === 0);
  const emptyMessage = kind ? t('calendar:empty.kind') : t('calendar:empty.month');
  const emptyAction = kind ? (
    <Button component={RouterLink} to="/calendar/show" size="small" data-testid="whole-calendar">
      {t('calendar:empty.whole_calendar')}
    </Button>
  ) : (
    <Button component={RouterLink} to="/events/list" size="small" data-testid="browse-events">
      {t('calendar:empty.browse_events')}
    </Button>
  );

  return (
    <Box data-testid="calendar-page" data-view={view} data-kind={kind ?? 'all'}>
      <PageHeader title={title} subtitle={t('calendar:subtitle')} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Tooltip title={t('calendar:previous')}>
            <IconButton onClick={() => goTo(addMonths(month, -1))} aria-label={t('calendar:previous')} data-testid="previous-month">
              <ChevronLeftIcon />
            </IconButton>
          </Tooltip>
          <Button variant="outlined" size="small" onClick={() => goTo(monthOf(today))} data-testid="this-month">
            {t('calendar:today')}
          </Button>
          <Tooltip title={t('calendar:next')}>
            <IconButton onClick={() => goTo(addMonths(month, 1))} aria-label={t('calendar:next')} data-testid="next-month">
              <ChevronRightIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        <Typography component="h2" variant="h6" aria-live="polite" sx={{ flexGrow: 1, minWidth: 0 }} data-testid="month-title">
          {caption}
        </Typography>
        {!narrow && (
          <ToggleButtonGroup
            value={view}
            exclusive
            size="small"
            onChange={(_, v: CalendarView | null) => v && setParam('view', v === 'agenda' ? 'agenda' : null)}
            aria-label={t('calendar:view.label')}
          >
            <ToggleButton value="month" data-testid="view-month">
              <CalendarMonthOutlinedIcon fontSize="small" sx={{ mr: 0.75 }} aria-hidden />
              {t('calendar:view.month')}
            </ToggleButton>
            <ToggleButton value="agenda" data-testid="view-agenda">
              <ViewAgendaOutlinedIcon fontSize="small" sx={{ mr: 0.75 }} aria-hidden />
              {t('calendar:view.agenda')}
            </ToggleButton>
          </ToggleButtonGroup>
        )}
      </Stack>

      {entries.isLoading ? (
        <Box data-testid="calendar-loading" aria-busy="true">
          {view === 'month' ? (
            <Skeleton variant="rounded" height={range.weeks.length * 96 + 32} />
          ) : (
            <Stack spacing={1.5}>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} variant="rounded" height={96} />
              ))}
            </Stack>
          )}
        </Box>
      ) : entries.error && !entries.data ? (
        <ErrorState error={entries.error} onRetry={() => void entries.refetch()} />
      ) : (
        <Box sx={{ opacity: entries.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
          {view === 'month' ? (
            <>
              {empty ? (
                <Alert severity="info" icon={<CalendarMonthOutlinedIcon />} action={emptyAction} sx={{ mb: 1.5 }} data-testid="empty-state">
                  {emptyMessage}
                </Alert>
              ) : (
                <SiteLegend entries={gridGroups.flatMap((g) => g.entries)} lang={lang} />
              )}
              <MonthGrid month={month} range={range} byDay={byDay} today={today} caption={caption} />
            </>
          ) : empty ? (
            <Card>
              <EmptyState icon={<CalendarMonthOutlinedIcon />} message={emptyMessage} action={emptyAction} />
            </Card>
          ) : (
            <>
              <SiteLegend entries={monthGroups.flatMap((g) => g.entries)} lang={lang} />
              <AgendaList groups={monthGroups} today={today} />
            </>
          )}
        </Box>
      )}

      <Box sx={{ mt: 3 }}>
        <FeedPanel />
      </Box>
    </Box>
  );
}

/** Which colour is which site. */
function SiteLegend({ entries, lang }: { entries: CalendarEntry[]; lang: string }) {
  const { t } = useTranslation('calendar');
  const sites = [...new Map(entries.map((e) => [e.site.id, e])).values()];
  if (!sites.length) return null;
  return (
    <Box component="ul" aria-label={t('calendar:legend')} data-testid="site-legend" sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      {sites.map((e) => (
        <Box component="li" key={e.site.id} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, typography: 'body2' }}>
          <Box aria-hidden sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: siteColour(e.site.slug) }} />
          {siteName(e, lang)}
        </Box>
      ))}
    </Box>
  );
}
