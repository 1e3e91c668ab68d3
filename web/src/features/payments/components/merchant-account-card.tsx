// "Payment account" (the partner admin's payout request page): where the site's learners'
// SSLCommerz card and mobile banking payments go. The platform's store (the default: the platform
// keeps its commission and pays the site out on request) or the site's own store (the money is the
// site's at once; the commission is then owed and counts against payouts). An own store's id and
// password are checked at SSLCommerz before they are kept; the password is never shown again.
// bKash payments always go to the platform.
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  FormControlLabel,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { useToast } from '../../../components/ui/toast-provider';
import { ApiError } from '../../../lib/api-client';
import { formatDay } from '../../../lib/course-text';
import { useFieldErrors } from '../../../lib/use-field-errors';
import type { MerchantAccount, MerchantMode } from '../api/payments-api';
import {
  gatewayUnreached,
  keepsPassword,
  MERCHANT_FIELDS,
  merchantProblems,
  merchantUnchanged,
  merchantValues,
  STORE_ID_MAX,
  STORE_PASSWORD_MAX,
  type MerchantField,
  type MerchantFormValues,
} from '../hooks/merchant-form';
import { saveMerchantMutation, useMerchantAccount } from '../hooks/use-payments';

/** The card: loading, the error of reading it (nothing when the caller may not see it), or the form. */
export function MerchantAccountCard() {
  const query = useMerchantAccount();
  const { data, error, refetch } = query;
  // Not the site's admin: the card is not theirs.
  if (error instanceof ApiError && error.status === 403) return null;
  let body: ReactNode;
  if (data) body = <MerchantEditor saved={data} />;
  else if (error) body = <ErrorState error={error} onRetry={() => void refetch()} />;
  else body = <Skeleton variant="rounded" height={220} data-testid="merchant-loading" />;
  return <MerchantCardFrame>{body}</MerchantCardFrame>;
}

function MerchantCardFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation('payments');
  return (
    <Card data-testid="merchant-account" component="section" aria-labelledby="merchant-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="merchant-title" variant="h6" component="h2">
          {t('merchant.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('merchant.subtitle')}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function MerchantEditor({ saved }: { saved: MerchantAccount }) {
  const { t } = useTranslation(['payments', 'errors']);
  const qc = useQueryClient();
  const toast = useToast();
  const [values, setValues] = useState<MerchantFormValues>(() => merchantValues(saved));
  const save = useMutation(saveMerchantMutation(qc));
  const { errors, formError, changed, check } = useFieldErrors(MERCHANT_FIELDS, save.error);

  const onChange = (patch: Partial<MerchantFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    changed(Object.keys(patch) as MerchantField[]);
  };

  const onSubmit = () => {
    if (!check(merchantProblems(values))) return;
    save.mutate(values, {
      onSuccess: (account) => {
        setValues(merchantValues(account));
        toast.show(account.mode === 'own' ? t('payments:merchant.saved_own', { store: account.store_id }) : t('payments:merchant.saved_platform'));
      },
    });
  };

  return (
    <MerchantAccountForm
      saved={saved}
      values={values}
      errors={errors}
      // The gateway not reached: nothing was changed, and what was typed is still in the form.
      formError={gatewayUnreached(save.error) ? t('payments:merchant.gateway_down') : formError}
      busy={save.isPending}
      onChange={onChange}
      onSubmit={onSubmit}
    />
  );
}

export interface MerchantAccountFormProps {
  /** What the site has now. */
  saved: MerchantAccount;
  values: MerchantFormValues;
  /** Each field's refusal (the client's check or the server's). */
  errors: Partial<Record<MerchantField, string>>;
  /** A refusal of no field shown (the gateway not reached, say). */
  formError?: string | null;
  busy: boolean;
  onChange: (patch: Partial<MerchantFormValues>) => void;
  onSubmit: () => void;
}

/** The current choice, the two choices with what each means for the money, and the own store's fields. */
export function MerchantAccountForm({ saved, values, errors, formError, busy, onChange, onSubmit }: MerchantAccountFormProps) {
  const { t, i18n } = useTranslation(['payments', 'common']);
  const own = values.mode === 'own';
  const keeps = keepsPassword(values, saved);
  const unchanged = merchantUnchanged(values, saved);
  const choice = (mode: MerchantMode) => (
    <FormControlLabel
      value={mode}
      control={<Radio sx={{ mt: -1 }} slotProps={{ input: { 'aria-describedby': `merchant-${mode}-hint` } }} />}
      disabled={busy}
      data-testid={`merchant-mode-${mode}`}
      label={
        <Box sx={{ pb: 1.5 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t(`payments:merchant.${mode}`)}
          </Typography>
          <Typography id={`merchant-${mode}-hint`} variant="caption" color="text.secondary" component="p">
            {t(`payments:merchant.${mode}_hint`)}
          </Typography>
        </Box>
      }
      sx={{ alignItems: 'flex-start', m: 0 }}
    />
  );
  return (
    <Stack spacing={2.5}>
      <Alert severity="info" data-testid="merchant-current" data-mode={saved.mode}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {saved.mode === 'own' ? t('payments:merchant.current_own') : t('payments:merchant.current_platform')}
        </Typography>
        {saved.mode === 'own' && saved.store_id && (
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {t('payments:merchant.current_store', { store: saved.store_id })}
            {saved.updated_at && ` · ${t('payments:merchant.current_since', { date: formatDay(saved.updated_at, i18n.language) })}`}
          </Typography>
        )}
      </Alert>
      <Stack
        component="form"
        noValidate
        spacing={2}
        data-testid="merchant-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy && !unchanged) onSubmit();
        }}
      >
        <Box>
          <FormLabel id="merchant-mode-label" sx={{ display: 'block', mb: 1 }}>
            {t('payments:merchant.mode_label')}
          </FormLabel>
          <RadioGroup
            name="mode"
            aria-labelledby="merchant-mode-label"
            value={values.mode}
            onChange={(e) => onChange({ mode: e.target.value as MerchantMode })}
            data-testid="merchant-mode"
          >
            {choice('platform')}
            {choice('own')}
          </RadioGroup>
          {errors.mode && (
            <Typography variant="caption" color="error" role="alert">
              {errors.mode}
            </Typography>
          )}
          <Typography variant="caption" color="text.secondary" component="p" data-testid="merchant-bkash">
            {t('payments:merchant.bkash_note')}
          </Typography>
        </Box>
        {own && (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                id="merchant-store-id"
                name="store_id"
                label={t('payments:merchant.store_id')}
                value={values.store_id}
                onChange={(e) => onChange({ store_id: e.target.value })}
                disabled={busy}
                error={!!errors.store_id}
                helperText={errors.store_id || t('payments:merchant.store_id_hint')}
                required
                fullWidth
                slotProps={{
                  htmlInput: { maxLength: STORE_ID_MAX, autoComplete: 'off', autoCapitalize: 'none', spellCheck: false, style: { fontFamily: 'monospace' } },
                  inputLabel: { shrink: true },
                }}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6 }}>
              <TextField
                id="merchant-store-password"
                name="store_password"
                type="password"
                label={t('payments:merchant.store_password')}
                value={values.store_password}
                onChange={(e) => onChange({ store_password: e.target.value })}
                disabled={busy}
                error={!!errors.store_password}
                helperText={errors.store_password || (keeps ? t('payments:merchant.password_keep_hint') : t('payments:merchant.password_hint'))}
                required={!keeps}
                fullWidth
                slotProps={{ htmlInput: { maxLength: STORE_PASSWORD_MAX, autoComplete: 'new-password' }, inputLabel: { shrink: true } }}
              />
            </Grid>
          </Grid>
        )}
        {formError && (
          <Alert severity="error" data-testid="merchant-form-error">
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
            data-testid="merchant-save"
          >
            {busy ? (own ? t('payments:merchant.checking') : t('common:actions.saving')) : t('payments:merchant.save')}
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
