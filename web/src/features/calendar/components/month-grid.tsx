// The month as a table of weeks from Saturday to Friday: the day's number (today marked), and each
// entry of the day a small link coloured by its site, to the entry's page on its own site.
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/ui/visually-hidden';
import type { CalendarEntry } from '../api/calendar-api';
import { inMonth, startsOn, type Day, type Month, type VisibleRange } from '../hooks/calendar-dates';
import { dayLabel, dayOfMonth, entryTitle, siteName, startTime, timeRange, weekdayNames } from '../hooks/calendar-format';
import { siteColour } from '../hooks/site-colour';

export function MonthGrid({ month, range, byDay, today, caption }: { month: Month; range: VisibleRange; byDay: Map<Day, CalendarEntry[]>; today: Day; caption: string }) {
  const { t, i18n } = useTranslation('calendar');
  const lang = i18n.language;
  const names = weekdayNames(lang);
  return (
    <Box
      component="table"
      data-testid="month-grid"
      sx={{
        width: '100%',
        tableLayout: 'fixed',
        borderCollapse: 'collapse',
        bgcolor: 'background.paper',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        '& th, & td': { border: 1, borderColor: 'divider' },
      }}
    >
      <Box component="caption" sx={visuallyHidden}>
        {caption}
      </Box>
      <thead>
        <tr>
          {names.map((n) => (
            <Box component="th" key={n.long} scope="col" abbr={n.long} sx={{ py: 0.75, px: 0.5, typography: 'caption', fontWeight: 600, color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {n.short}
            </Box>
          ))}
        </tr>
      </thead>
      <tbody>
        {range.weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const entries = byDay.get(day) ?? [];
              const isToday = day === today;
              const outside = !inMonth(day, month);
              return (
                <Box
                  component="td"
                  key={day}
                  data-day={day}
                  data-testid={isToday ? 'today' : undefined}
                  aria-current={isToday ? 'date' : undefined}
                  sx={{ verticalAlign: 'top', height: { sm: 88, md: 104 }, p: 0.5, bgcolor: outside ? 'action.hover' : undefined }}
                >
                  <Typography
                    component="div"
                    variant="caption"
                    aria-label={isToday ? `${dayLabel(day, lang)}, ${t('calendar:today')}` : dayLabel(day, lang)}
                    sx={{
                      display: 'inline-flex',
                      alignItems: 'center',
                      justifyContent: 'center',
                      minWidth: 26,
                      height: 26,
                      px: 0.5,
                      mb: 0.25,
                      borderRadius: 13,
                      fontWeight: isToday ? 700 : 500,
                      color: isToday ? 'primary.contrastText' : outside ? 'text.disabled' : 'text.primary',
                      bgcolor: isToday ? 'primary.main' : undefined,
                    }}
                  >
                    {dayOfMonth(day, lang)}
                  </Typography>
                  <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexDirection: 'column', gap: 0.25 }}>
                    {entries.map((e) => (
                      <li key={`${e.site.id}-${e.kind}-${e.id}`}>
                        <EntryChip entry={e} day={day} lang={lang} />
                      </li>
                    ))}
                  </Box>
                </Box>
              );
            })}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

function EntryChip({ entry, day, lang }: { entry: CalendarEntry; day: Day; lang: string }) {
  const title = entryTitle(entry, lang);
  const colour = siteColour(entry.site.slug);
  const label = `${title}, ${timeRange(entry, lang)}, ${siteName(entry, lang)}`;
  return (
    <Box
      component="a"
      href={entry.url}
      title={label}
      aria-label={label}
      data-testid="calendar-chip"
      sx={{
        display: 'block',
        px: 0.75,
        py: 0.25,
        borderRadius: 1,
        bgcolor: colour,
        color: '#fff',
        typography: 'caption',
        lineHeight: 1.5,
        fontWeight: 500,
        textDecoration: 'none',
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
        '&:hover': { filter: 'brightness(1.15)' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'text.primary', outlineOffset: 1 },
      }}
    >
      {startsOn(entry, day) && (
        <Box component="span" sx={{ display: { xs: 'none', md: 'inline' }, opacity: 0.9, mr: 0.5 }}>
          {startTime(entry, lang)}
        </Box>
      )}
      {title}
    </Box>
  );
}
