// The days of the month that have entries, one after another: each entry's hours, title (a link
// to its page on its own site), site and place. The view phones get.
import { Box, Card, Link, Stack, Typography } from '@mui/material';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import { useTranslation } from 'react-i18next';
import type { CalendarEntry } from '../api/calendar-api';
import type { DayGroup } from '../hooks/calendar-dates';
import { dayHeading, entryTitle, onlineLink, siteName, timeRange } from '../hooks/calendar-format';
import { siteColour } from '../hooks/site-colour';

export function AgendaList({ groups, today }: { groups: DayGroup<CalendarEntry>[]; today: string }) {
  const { t, i18n } = useTranslation('calendar');
  const lang = i18n.language;
  return (
    <Stack component="ol" spacing={2} data-testid="agenda" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {groups.map(({ day, entries }) => (
        <li key={day} data-day={day} aria-current={day === today ? 'date' : undefined}>
          <Typography component="h3" variant="subtitle2" sx={{ mb: 1, color: day === today ? 'primary.main' : 'text.secondary', fontWeight: 700 }}>
            {dayHeading(day, lang)}
            {day === today && ` · ${t('calendar:today')}`}
          </Typography>
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {entries.map((e) => (
              <li key={`${e.site.id}-${e.kind}-${e.id}`}>
                <AgendaEntry entry={e} lang={lang} />
              </li>
            ))}
          </Stack>
        </li>
      ))}
    </Stack>
  );
}

function AgendaEntry({ entry, lang }: { entry: CalendarEntry; lang: string }) {
  const { t } = useTranslation('calendar');
  const online = onlineLink(entry.location);
  const place = entry.location?.trim();
  const colour = siteColour(entry.site.slug);
  return (
    <Card data-testid="agenda-entry" sx={{ display: 'flex', overflow: 'hidden' }}>
      <Box aria-hidden sx={{ width: 6, flexShrink: 0, bgcolor: colour }} />
      <Box sx={{ p: 1.5, minWidth: 0, flex: 1 }}>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary', typography: 'body2' }}>
          <AccessTimeIcon sx={{ fontSize: 16 }} aria-hidden />
          <span>{timeRange(entry, lang)}</span>
        </Stack>
        <Link href={entry.url} underline="hover" sx={{ display: 'block', fontWeight: 600, mt: 0.25, overflowWrap: 'anywhere' }} data-testid="agenda-link">
          {entryTitle(entry, lang)}
        </Link>
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 0.5, typography: 'body2', minWidth: 0 }}>
          <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: colour, flexShrink: 0 }} />
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {siteName(entry, lang)}
          </Typography>
        </Stack>
        {place && (
          <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 0.5, color: 'text.secondary', typography: 'body2', minWidth: 0 }}>
            {online ? <VideocamOutlinedIcon sx={{ fontSize: 16 }} aria-hidden /> : <PlaceOutlinedIcon sx={{ fontSize: 16 }} aria-hidden />}
            {online ? (
              <Link href={online.href} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
                {t('calendar:online', { host: online.host })}
              </Link>
            ) : (
              <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                {place}
              </Box>
            )}
          </Stack>
        )}
      </Box>
    </Card>
  );
}
