// The super admin rejects a payout request, telling the partner why.
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/lang';
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

export function RejectPayoutDialog(props: RejectPayoutDialogProps) {
  const { payout, busy, onClose } = props;
  const { t } = useTranslation(['payments', 'common']);
  return (
    <Dialog open={!!payout} onClose={() => !busy && onClose()} fullWidth maxWidth="xs" aria-labelledby="reject-payout-title" data-testid="reject-dialog">
      <DialogTitle id="reject-payout-title">{t('payments:payouts.reject_title')}</DialogTitle>
      <DialogContent>{payout && <RejectPayoutForm {...props} payout={payout} />}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          type="submit"
          form="reject-payout-form"
          variant="contained"
          color="error"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="reject-confirm"
        >
          {t('payments:payouts.reject')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The dialog's content: whose request and how much, and the reason (the Reject button submits it). */
export function RejectPayoutForm({ payout, reason, error, busy, onReason, onReject }: RejectPayoutDialogProps & { payout: PayoutRequest }) {
  const { t, i18n } = useTranslation('payments');
  const lang = i18n.language;
  return (
    <>
      <DialogContentText sx={{ mb: 2 }}>
        {t('payouts.reject_body', { partner: payout.institution.name, amount: formatTaka(payout.amount_poisha, lang) })}
      </DialogContentText>
      <Stack
        component="form"
        id="reject-payout-form"
        noValidate
        data-testid="reject-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onReject();
        }}
      >
        <TextField
          id="reject-reason"
          label={t('payouts.reject_reason')}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
          error={!!error}
          helperText={error || t('payouts.reject_reason_hint', { n: formatNumber(reason.length, lang), max: formatNumber(REASON_MAX, lang) })}
          required
          fullWidth
          multiline
          minRows={3}
          autoFocus
          slotProps={{ htmlInput: { maxLength: REASON_MAX }, inputLabel: { shrink: true } }}
          data-testid="reject-reason"
        />
      </Stack>
    </>
  );
}
