import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { OrderState } from '../api/payments-api';

const COLOURS: Record<OrderState, ChipProps['color']> = {
  pending: 'warning',
  review: 'info',
  paid: 'success',
  failed: 'error',
  cancelled: 'default',
  expired: 'default',
  refund_pending: 'warning',
  refunded: 'secondary',
};

/** paid green, waiting amber / blue, failed red, cancelled and expired grey, refunds amber (under way) and purple. */
export function OrderStateChip({ state }: { state: OrderState }) {
  const { t } = useTranslation('payments');
  return (
    <Chip
      size="small"
      color={COLOURS[state] ?? 'default'}
      variant={state === 'paid' ? 'filled' : 'outlined'}
      label={t(`states.${state}`, { defaultValue: state })}
      data-testid="order-state"
      data-state={state}
    />
  );
}
