// The super admin rejects a payout request, telling the partner why.
import { useTranslation } from 'react-i18next';
import { ReasonDialog, ReasonForm, type ReasonFormProps } from '../../../components/ui/reason-dialog';
import { formatTaka } from '../../../lib/money';
import type { PayoutRequest } from '../api/payments-api';
import { REASON_MAX } from '../hooks/payout-form';

export interface RejectPayoutDialogProps {
  /** The request to reject (closed when null). */
  payout: PayoutRequest | null;
  reason: string;
  /** The refusal of the reason (empty, or the server's). */
  error?: string | null;
  busy: boolean;
  onReason: (value: string) => void;
  onReject: () => void;
  onClose: () => void;
}

/** The reason form's words for this request. */
function useReasonForm({ payout, reason, error, busy, onReason, onReject }: RejectPayoutDialogProps): ReasonFormProps {
  const { t, i18n } = useTranslation('payments');
  return {
    body: payout ? t('payouts.reject_body', { partner: payout.institution.name, amount: formatTaka(payout.amount_poisha, i18n.language) }) : '',
    label: t('payouts.reject_reason'),
    hint: (count) => t('payouts.reject_reason_hint', count),
    max: REASON_MAX,
    reason,
    error,
    busy,
    onReason,
    onConfirm: onReject,
  };
}

export function RejectPayoutDialog(props: RejectPayoutDialogProps) {
  const { t } = useTranslation('payments');
  const form = useReasonForm(props);
  return <ReasonDialog {...form} open={!!props.payout} title={t('payouts.reject_title')} confirmLabel={t('payouts.reject')} onClose={props.onClose} />;
}

/** The dialog's content: whose request and how much, and the reason (the Reject button submits it). */
export function RejectPayoutForm(props: RejectPayoutDialogProps & { payout: PayoutRequest }) {
  return <ReasonForm {...useReasonForm(props)} />;
}
