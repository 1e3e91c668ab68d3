// The small labels of an event: its state (upcoming, happening now, ended), a draft, and the
// caller's registration (registered, pending approval, not accepted).
import { Chip } from '@mui/material';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { useTranslation } from 'react-i18next';
import type { EventItem, Registration } from '../api/events-api';

export function StateChip({ event }: { event: Pick<EventItem, 'state'> }) {
  const { t } = useTranslation('events');
  const color = event.state === 'ongoing' ? 'success' : event.state === 'upcoming' ? 'primary' : 'default';
  return <Chip size="small" color={color} variant={event.state === 'ongoing' ? 'filled' : 'outlined'} label={t(`state.${event.state}`)} data-testid="event-state" data-state={event.state} />;
}

export function DraftChip() {
  const { t } = useTranslation('events');
  return <Chip size="small" color="warning" variant="outlined" label={t('card.draft')} data-testid="event-draft" />;
}

/** The caller's registration, when they have one. */
export function RegistrationChip({ registration }: { registration: Registration | null }) {
  const { t } = useTranslation('events');
  if (!registration) return null;
  const { status } = registration;
  return (
    <Chip
      size="small"
      color={status === 'approved' ? 'success' : status === 'pending' ? 'info' : 'default'}
      icon={status === 'approved' ? <CheckCircleOutlineIcon /> : status === 'pending' ? <HourglassEmptyIcon /> : undefined}
      label={t(`card.${status === 'approved' ? 'registered' : status}`)}
      data-testid="event-registered"
      data-status={status}
    />
  );
}
