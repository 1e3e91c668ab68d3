// The site's admin refunds a paid order through the gateway: the amount (all that is left unless
// changed; a text field with the decimal keypad, so that a Bangla keyboard's digits arrive as
// typed) and a reason, with the warning that a full refund ends the learner's enrolment.
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/lang';
import { formatTaka } from '../../../lib/money';
import type { AccountOrder } from '../api/payments-api';
import { orderText, refundLeft } from '../hooks/order-text';
import { REFUND_REASON_MAX, refundPoisha } from '../hooks/refund-form';

export interface RefundDialogProps {
  /** The order to refund (closed when null). */
  order: AccountOrder | null;
  amount: string;
  reason: string;
  /** The refusal of the amount (the client's check or the server's). */
  amountError?: string | null;
  /** The refusal of the reason (the server's). */
  reasonError?: string | null;
  /** Any other refusal (not paid, nothing paid through the gateway, a certificate, the gateway's). */
  formError?: string | null;
  busy: boolean;
  onAmount: (value: string) => void;
  onReason: (value: string) => void;
  onRefund: () => void;
  onClose: () => void;
}

export function RefundDialog(props: RefundDialogProps) {
  const { order, busy, onClose } = props;
  const { t } = useTranslation(['payments', 'common']);
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog open={!!order} onClose={() => !busy && onClose()} fullWidth maxWidth="xs" fullScreen={fullScreen} aria-labelledby="refund-title" data-testid="refund-dialog">
      <DialogTitle id="refund-title">{t('payments:accounts.refund_title')}</DialogTitle>
      <DialogContent>{order && <RefundForm {...props} order={order} />}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          type="submit"
          form="refund-form"
          variant="contained"
          color="error"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="refund-confirm"
        >
          {busy ? t('payments:accounts.refunding') : t('payments:accounts.refund')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The dialog's content: whose payment and how much is left, the amount, the reason and the warning (the Refund button submits it). */
export function RefundForm({ order, amount, reason, amountError, reasonError, formError, busy, onAmount, onReason, onRefund }: RefundDialogProps & { order: AccountOrder }) {
  const { t, i18n } = useTranslation('payments');
  const lang = i18n.language;
  const text = orderText(order, lang);
  const left = refundLeft(order);
  const full = !amountError && refundPoisha(amount, left) === left;
  return (
    <>
      <DialogContentText sx={{ mb: 0.5 }}>{t('accounts.refund_body', { name: order.user.name, amount: text.amount, course: text.course })}</DialogContentText>
      <DialogContentText sx={{ mb: 2, fontWeight: 600 }} data-testid="refund-left">
        {t('accounts.refund_left', { amount: formatTaka(left, lang) })}
      </DialogContentText>
      <Stack
        component="form"
        id="refund-form"
        noValidate
        spacing={2}
        data-testid="refund-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onRefund();
        }}
      >
        <TextField
          id="refund-amount"
          name="amount"
          label={t('accounts.refund_amount')}
          value={amount}
          onChange={(e) => onAmount(e.target.value)}
          disabled={busy}
          error={!!amountError}
          helperText={amountError || t('accounts.refund_amount_hint', { amount: formatTaka(left, lang) })}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' }, inputLabel: { shrink: true } }}
          data-testid="refund-amount"
        />
        <TextField
          id="refund-reason"
          name="reason"
          label={t('accounts.refund_reason')}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
          disabled={busy}
          error={!!reasonError}
          helperText={reasonError || t('accounts.refund_reason_hint', { n: formatNumber(reason.length, lang), max: formatNumber(REFUND_REASON_MAX, lang) })}
          fullWidth
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: REFUND_REASON_MAX }, inputLabel: { shrink: true } }}
          data-testid="refund-reason"
        />
        <Alert severity="warning" data-testid="refund-warning">
          {full ? t('accounts.refund_full') : t('accounts.refund_warning')}
        </Alert>
        {formError && (
          <Alert severity="error" data-testid="refund-error">
            {formError}
          </Alert>
        )}
      </Stack>
    </>
  );
}
