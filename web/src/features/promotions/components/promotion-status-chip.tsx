import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { PromotionStatus } from '../api/promotions-api';

const COLOURS: Record<PromotionStatus, ChipProps['color']> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'error',
};

/** Waiting for approval amber, approved (shown to learners while current) green, rejected red. */
export function PromotionStatusChip({ status }: { status: PromotionStatus }) {
  const { t } = useTranslation('promotions');
  return (
    <Chip
      size="small"
      color={COLOURS[status] ?? 'default'}
      variant={status === 'approved' ? 'filled' : 'outlined'}
      label={t(`statuses.${status}`, { defaultValue: status })}
      data-testid="promotion-status"
      data-status={status}
    />
  );
}
