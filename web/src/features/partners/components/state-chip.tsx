import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { InstitutionState } from '../../../lib/types';

const COLOURS: Record<InstitutionState, ChipProps['color']> = {
  requested: 'warning',
  approved: 'info',
  provisioning: 'info',
  active: 'success',
  suspended: 'error',
  deleted: 'default',
};

export function StateChip({ state, size = 'small' }: { state: InstitutionState; size?: 'small' | 'medium' }) {
  const { t } = useTranslation('partners');
  return (
    <Chip
      size={size}
      color={COLOURS[state] ?? 'default'}
      variant={state === 'active' ? 'filled' : 'outlined'}
      label={t(`states.${state}`, { defaultValue: state })}
      data-testid="state-chip"
      data-state={state}
    />
  );
}
