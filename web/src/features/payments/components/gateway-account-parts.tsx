// The pieces the payment account card's forms share (the SSLCommerz store, the bKash wallet): the
// gateway's sub-heading, the current choice, the form with its platform/own choice and what each
// means for the money, the credential fields, and the save row. Each form names its ids and test
// ids by a prefix (`merchant`, `wallet`) and its texts by a key under payments: (`merchant`,
// `merchant.bkash`): <key>.platform, .platform_hint, .own, .own_hint.
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '../../../lib/course-text';
import type { MerchantMode } from '../api/payments-api';
import { IDENTIFIER_MAX, SECRET_MAX } from '../hooks/merchant-form';

/** One gateway's part of the card, under its own small heading (`<id>-title`). */
export function GatewaySection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={`${id}-title`} data-testid={id}>
      <Typography id={`${id}-title`} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

export interface CurrentAccountProps {
  /** `<prefix>-current`. */
  prefix: string;
  mode: MerchantMode;
  /** "Now: the platform's ..." / "Now: your own ...". */
  title: string;
  /** The own account's name ("Store ID: x"), shown with the day it was chosen. */
  detail: string | null;
  since: string | null;
}

/** What takes the gateway's payments now. */
export function CurrentAccount({ prefix, mode, title, detail, since }: CurrentAccountProps) {
  const { t, i18n } = useTranslation('payments');
  return (
    <Alert severity="info" data-testid={`${prefix}-current`} data-mode={mode}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {mode === 'own' && detail && (
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {detail}
          {since && ` · ${t('payments:merchant.current_since', { date: formatDay(since, i18n.language) })}`}
        </Typography>
      )}
    </Alert>
  );
}

export interface AccountFormProps {
  /** Ids and test ids: `<prefix>-form`, `<prefix>-mode`, `<prefix>-save`, ... */
  prefix: string;
  /** The texts of the two choices: payments:<textKey>.platform, .platform_hint, .own, .own_hint. */
  textKey: string;
  /** The gateway's heading, when there is one: the choice is named by it too. */
  headingId?: string;
  mode: MerchantMode;
  onMode: (mode: MerchantMode) => void;
  modeError?: string;
  busy: boolean;
  /** Nothing to save: the button is off. */
  unchanged: boolean;
  /** A refusal of no field shown (the gateway not reached, say). */
  formError?: string | null;
  /** The button's text while saving the own account (its credentials checked at the gateway). */
  checkingText: string;
  onSubmit: () => void;
  /** The own account's fields (shown while it is chosen). */
  children?: ReactNode;
}

/** The form: the platform's account or the own one (what each means for the money), its fields, and Save. */
export function AccountForm({ prefix, textKey, headingId, mode, onMode, modeError, busy, unchanged, formError, checkingText, onSubmit, children }: AccountFormProps) {
  const { t } = useTranslation(['payments', 'common']);
  const choice = (value: MerchantMode) => (
    <FormControlLabel
      value={value}
      control={<Radio sx={{ mt: -1 }} slotProps={{ input: { 'aria-describedby': `${prefix}-${value}-hint` } }} />}
      disabled={busy}
      data-testid={`${prefix}-mode-${value}`}
      label={
        <Box sx={{ pb: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t(`payments:${textKey}.${value}`)}
          </Typography>
          <Typography id={`${prefix}-${value}-hint`} variant="caption" color="text.secondary" component="p">
            {t(`payments:${textKey}.${value}_hint`)}
          </Typography>
        </Box>
      }
      sx={{ alignItems: 'flex-start', m: 0 }}
    />
  );
  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      data-testid={`${prefix}-form`}
      onSubmit={(e) => {
        e.preventDefault();
        if (!busy && !unchanged) onSubmit();
      }}
    >
      <Box>
        <FormLabel id={`${prefix}-mode-label`} sx={{ display: 'block', mb: 1 }}>
          {t('payments:merchant.mode_label')}
        </FormLabel>
        <RadioGroup
          name="mode"
          aria-labelledby={headingId ? `${headingId} ${prefix}-mode-label` : `${prefix}-mode-label`}
          value={mode}
          onChange={(e) => onMode(e.target.value as MerchantMode)}
          data-testid={`${prefix}-mode`}
        >
          {choice('platform')}
          {choice('own')}
        </RadioGroup>
        {modeError && (
          <Typography variant="caption" color="error" role="alert">
            {modeError}
          </Typography>
        )}
      </Box>
      {mode === 'own' && children && (
        <Grid container spacing={2}>
          {children}
        </Grid>
      )}
      {formError && (
        <Alert severity="error" data-testid={`${prefix}-form-error`}>
          {formError}
        </Alert>
      )}
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || unchanged}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
          // Two Saves in the card: each named by its gateway too.
          aria-describedby={headingId}
          data-testid={`${prefix}-save`}
        >
          {busy ? (mode === 'own' ? checkingText : t('common:actions.saving')) : t('payments:merchant.save')}
        </Button>
      </Box>
    </Stack>
  );
}

export interface AccountFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  busy: boolean;
  /** The refusal shown instead of the hint. */
  error?: string;
  hint: string;
  required: boolean;
  /**
   * identifier: an id the gateway gave (a store id, a username, an app key), in monospace;
   * secret: a password or secret, hidden, never filled in by the browser's saved passwords.
   */
  kind: 'identifier' | 'secret';
}

/** One credential of the own account: full width on a phone, half of the row from `sm` up. */
export function AccountField({ id, name, label, value, onChange, busy, error, hint, required, kind }: AccountFieldProps) {
  const secret = kind === 'secret';
  return (
    <Grid size={{ xs: 12, sm: 6 }}>
      <TextField
        id={id}
        name={name}
        type={secret ? 'password' : undefined}
        label={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        disabled={busy}
        error={!!error}
        helperText={error || hint}
        required={required}
        fullWidth
        slotProps={{
          htmlInput: secret
            ? { maxLength: SECRET_MAX, autoComplete: 'new-password' }
            : { maxLength: IDENTIFIER_MAX, autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, style: { fontFamily: 'monospace' } },
          inputLabel: { shrink: true },
        }}
      />
    </Grid>
  );
}
