// A refusal that tells its reason: a payout request or a promotion rejected by the super admin.
// The dialog says what is refused and asks why; its button submits the form (Enter in the field
// adds a line, as the reason may have several).
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/lang';

export interface ReasonFormProps {
  /** What is refused, and that its owner will read the reason. */
  body: string;
  label: string;
  /** Under the field while it is not refused; {{n}} and {{max}} get the count and the limit. */
  hint: (count: { n: string; max: string }) => string;
  max: number;
  reason: string;
  /** The refusal of the reason (empty, or the server's). */
  error?: string | null;
  /** The reason may be left empty (unpublishing a post); by default it is required. */
  optional?: boolean;
  busy: boolean;
  onReason: (value: string) => void;
  onConfirm: () => void;
}

export interface ReasonDialogProps extends ReasonFormProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  onClose: () => void;
}

const FORM_ID = 'reason-form';

export function ReasonDialog({ open, title, confirmLabel, onClose, ...form }: ReasonDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={() => !form.busy && onClose()} fullWidth maxWidth="xs" aria-labelledby="reason-dialog-title" data-testid="reject-dialog">
      <DialogTitle id="reason-dialog-title">{title}</DialogTitle>
      <DialogContent>{open && <ReasonForm {...form} />}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={form.busy}>
          {t('common:actions.cancel')}
        </Button>
        <Button
          type="submit"
          form={FORM_ID}
          variant="contained"
          color="error"
          disabled={form.busy}
          startIcon={form.busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="reject-confirm"
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The dialog's content: what is refused, and the reason. */
export function ReasonForm({ body, label, hint, max, reason, error, optional, busy, onReason, onConfirm }: ReasonFormProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <>
      <DialogContentText sx={{ mb: 2 }}>{body}</DialogContentText>
      <Stack
        component="form"
        id={FORM_ID}
        noValidate
        data-testid="reject-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) onConfirm();
        }}
      >
        <TextField
          id="reject-reason"
          label={label}
          value={reason}
          onChange={(e) => onReason(e.target.value)}
          error={!!error}
          helperText={error || hint({ n: formatNumber(reason.length, lang), max: formatNumber(max, lang) })}
          required={!optional}
          fullWidth
          multiline
          minRows={3}
          autoFocus
          slotProps={{ htmlInput: { maxLength: max }, inputLabel: { shrink: true } }}
          data-testid="reject-reason"
        />
      </Stack>
    </>
  );
}
