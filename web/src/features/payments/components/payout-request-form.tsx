// "Request a payout": the amount in taka (a text field with the decimal keypad, so that a Bangla
// keyboard's digits arrive as typed), an optional note, and the send button. Closed while nothing
// is available to ask for.
import { Alert, Box, Button, Card, CardContent, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/lang';
import { formatTaka } from '../../../lib/money';
import { NOTE_MAX } from '../hooks/payout-form';

export interface PayoutRequestFormProps {
  /** What can be asked for now, in poisha; null while not known. */
  available: number | null;
  amount: string;
  note: string;
  /** The refusal of the amount (the client's check or the server's), shown instead of the hint. */
  amountError?: string | null;
  /** The refusal of the note (the server's). */
  noteError?: string | null;
  /** Any other refusal of the request. */
  formError?: string | null;
  busy: boolean;
  onAmount: (value: string) => void;
  onNote: (value: string) => void;
  /** Fills in the whole available amount. */
  onAll: () => void;
  onSubmit: () => void;
}

export function PayoutRequestForm(props: PayoutRequestFormProps) {
  const { available, amount, note, amountError, noteError, formError, busy } = props;
  const { t, i18n } = useTranslation('payments');
  const lang = i18n.language;
  const closed = available === null || available <= 0;
  const disabled = closed || busy;
  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('payouts.form_title')}
        </Typography>
        {available !== null && available <= 0 && (
          <Alert severity="info" sx={{ mb: 2 }} data-testid="payout-nothing">
            {t('payouts.nothing_available')}
          </Alert>
        )}
        <Stack
          component="form"
          spacing={2}
          noValidate
          data-testid="payout-form"
          onSubmit={(e) => {
            e.preventDefault();
            if (!disabled) props.onSubmit();
          }}
        >
          <Box>
            <TextField
              id="payout-amount"
              name="amount"
              label={t('payouts.amount')}
              value={amount}
              onChange={(e) => props.onAmount(e.target.value)}
              disabled={disabled}
              error={!!amountError}
              helperText={amountError || (available ? t('payouts.amount_hint', { amount: formatTaka(available, lang) }) : ' ')}
              fullWidth
              required
              slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off' }, inputLabel: { shrink: true } }}
              data-testid="payout-amount"
            />
            {!closed && (
              <Button size="small" onClick={props.onAll} disabled={busy} sx={{ mt: 0.5 }} data-testid="payout-all">
                {t('payouts.request_all')}
              </Button>
            )}
          </Box>
          <TextField
            id="payout-note"
            name="note"
            label={t('payouts.note')}
            value={note}
            onChange={(e) => props.onNote(e.target.value)}
            disabled={disabled}
            error={!!noteError}
            helperText={noteError || t('payouts.note_hint', { n: formatNumber(note.length, lang), max: formatNumber(NOTE_MAX, lang) })}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: NOTE_MAX }, inputLabel: { shrink: true } }}
            data-testid="payout-note-field"
          />
          {formError && (
            <Alert severity="error" data-testid="payout-form-error">
              {formError}
            </Alert>
          )}
          <Box>
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={disabled}
              startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
              sx={{ width: { xs: '100%', sm: 'auto' } }}
              data-testid="payout-submit"
            >
              {busy ? t('payouts.sending') : t('payouts.submit')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
