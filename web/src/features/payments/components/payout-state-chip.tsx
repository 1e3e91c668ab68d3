import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PayoutState } from '../api/payments-api';

const COLOURS: Record<PayoutState, ChipProps['color']> = {
  requested: 'warning',
  approved: 'success',
  rejected: 'error',
};

/** Waiting amber, approved green, rejected red. */
export function PayoutStateChip({ state }: { state: PayoutState }) {
  const { t } = useTranslation('payments');
  return (
    <Chip
      size="small"
      color={COLOURS[state] ?? 'default'}
      variant={state === 'approved' ? 'filled' : 'outlined'}
      label={t(`payout_states.${state}`, { defaultValue: state })}
      data-testid="payout-state"
      data-state={state}
    />
  );
}
