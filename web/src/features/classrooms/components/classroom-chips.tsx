// The small labels of the classrooms' pages: the caller's role in a class, a class not yet
// published or featured, a session's state (upcoming, live, completed) and a person's (joined,
// invited).
import { Chip } from '@mui/material';
import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import { useTranslation } from 'react-i18next';
import type { ClassRole, Person, SessionState } from '../api/classrooms-api';

export function RoleChip({ role }: { role: ClassRole }) {
  const { t } = useTranslation('classrooms');
  const color = role === 'teacher' ? 'primary' : role === 'admin' ? 'secondary' : 'default';
  return <Chip size="small" color={color} variant={role === 'student' ? 'outlined' : 'filled'} label={t(`roles.${role}`)} data-testid="role-chip" data-role={role} />;
}

export function DraftChip() {
  const { t } = useTranslation('classrooms');
  return <Chip size="small" color="warning" variant="outlined" label={t('card.unpublished')} data-testid="unpublished-chip" />;
}

export function FeaturedChip() {
  const { t } = useTranslation('classrooms');
  return <Chip size="small" color="info" variant="outlined" label={t('card.featured')} data-testid="featured-chip" />;
}

export function SessionStateChip({ state }: { state: SessionState }) {
  const { t } = useTranslation('classrooms');
  const live = state === 'live';
  return (
    <Chip
      size="small"
      color={live ? 'error' : state === 'upcoming' ? 'primary' : 'default'}
      variant={live ? 'filled' : 'outlined'}
      icon={live ? <FiberManualRecordIcon /> : undefined}
      label={t(`schedule.states.${state}`)}
      data-testid="session-state"
      data-state={state}
    />
  );
}

export function PersonStatusChip({ status }: { status: Person['status'] }) {
  const { t } = useTranslation('classrooms');
  return (
    <Chip
      size="small"
      color={status === 'joined' ? 'success' : 'default'}
      variant={status === 'joined' ? 'filled' : 'outlined'}
      label={t(`people.statuses.${status}`)}
      data-testid="person-status"
      data-status={status}
    />
  );
}
