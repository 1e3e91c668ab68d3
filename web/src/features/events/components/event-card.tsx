// An event in the list: its calendar leaf, title in the interface's language, days and hours,
// where (the venue, or Online), seats left and the caller's registration. The card opens the
// event's page; a manager also gets its editor.
import { Box, Button, Card, CardActionArea, CardActions, Stack, Typography } from '@mui/material';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import EventSeatOutlinedIcon from '@mui/icons-material/EventSeatOutlined';
import LanguageIcon from '@mui/icons-material/Language';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import ScheduleIcon from '@mui/icons-material/Schedule';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../../lib/lang';
import type { EventItem } from '../api/events-api';
import { dateLeaf, eventTitle, eventVenue, formatEventWhen, seatsOf } from '../hooks/event-format';
import { DraftChip, RegistrationChip, StateChip } from './event-chips';

/** "12 seats left", "Full", "No seat limit". */
export function useSeatsText() {
  const { t, i18n } = useTranslation('events');
  return (e: Pick<EventItem, 'capacity' | 'seats_left'>) => {
    const seats = seatsOf(e);
    if (seats.kind === 'unlimited') return t('card.no_limit');
    if (seats.kind === 'full') return t('card.full');
    return t('card.seats_left', { count: seats.n, n: formatNumber(seats.n, i18n.language) });
  };
}

function Line({ icon, children, testId }: { icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', color: 'text.secondary' }} data-testid={testId}>
      <Box sx={{ display: 'flex', mt: '2px', '& svg': { fontSize: 18 } }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="body2" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

export function EventCard({ event: e }: { event: EventItem }) {
  const { t, i18n } = useTranslation('events');
  const lang = i18n.language;
  const seatsText = useSeatsText();
  const leaf = dateLeaf(e.starts_at, lang);
  const venue = eventVenue(e);
  const title = eventTitle(e, lang);
  const full = seatsOf(e).kind === 'full';
  return (
    <Card component="article" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="event-card" data-event-id={e.id}>
      <CardActionArea component={RouterLink} to={`/events/${e.id}`} sx={{ flexGrow: 1, alignItems: 'stretch', display: 'flex', flexDirection: 'column', p: 2 }}>
        <Stack direction="row" spacing={2} sx={{ width: '100%', alignItems: 'flex-start' }}>
          <Box
            aria-hidden
            sx={{ width: 56, flexShrink: 0, borderRadius: 1.5, overflow: 'hidden', textAlign: 'center', border: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
          >
            <Box sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 12, fontWeight: 700, py: 0.25 }}>{leaf.month}</Box>
            <Box sx={{ fontSize: 22, fontWeight: 800, py: 0.5 }}>{leaf.day}</Box>
          </Box>
          <Box sx={{ minWidth: 0, flexGrow: 1 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, lineHeight: 1.3, overflowWrap: 'anywhere' }} data-testid="event-title" data-user-content>
              {title}
            </Typography>
            <Stack spacing={0.5} sx={{ mt: 1 }}>
              <Line icon={<ScheduleIcon />}>{formatEventWhen(e.starts_at, e.ends_at, lang)}</Line>
              <Line icon={venue ? <PlaceOutlinedIcon /> : <LanguageIcon />} testId="event-place">
                {venue ? <span data-user-content>{venue}</span> : t('card.online')}
              </Line>
              <Line icon={<EventSeatOutlinedIcon />} testId="event-seats">
                <Box component="span" sx={full ? { color: 'error.main', fontWeight: 600 } : undefined}>
                  {seatsText(e)}
                </Box>
              </Line>
            </Stack>
          </Box>
        </Stack>
        <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5, width: '100%' }}>
          {e.state !== 'upcoming' && <StateChip event={e} />}
          {!e.published && <DraftChip />}
          <RegistrationChip registration={e.my_registration} />
        </Stack>
      </CardActionArea>
      {e.can_manage && (
        <CardActions sx={{ borderTop: 1, borderColor: 'divider', px: 2 }}>
          <Button size="small" component={RouterLink} to={`/events/edit/${e.id}`} startIcon={<EditOutlinedIcon />} aria-label={`${t('card.edit')}: ${title}`} data-testid="edit-event">
            {t('card.edit')}
          </Button>
        </CardActions>
      )}
    </Card>
  );
}
