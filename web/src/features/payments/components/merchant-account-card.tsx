// "Payment account" (the partner admin's payout request page): where the site's learners' payments
// go, gateway by gateway. SSLCommerz (cards, mobile banking): the platform's store (the default:
// the platform keeps its commission and pays the site out on request) or the site's own store (the
// money is the site's at once; the commission is then owed and counts against payouts). bKash: the
// platform's merchant wallet or the site's own, the same way (wallet-account-form.tsx). New
// credentials are checked at the gateway before they are kept; a password or secret is never shown
// again. The forms' common pieces are in gateway-account-parts.tsx.
import { Card, CardContent, Divider, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/ui/error-state';
import { ApiError } from '../../../lib/api-client';
import type { MerchantAccount } from '../api/payments-api';
import {
  keepsPassword,
  MERCHANT_FIELDS,
  merchantProblems,
  merchantUnchanged,
  merchantValues,
  type MerchantField,
  type MerchantFormValues,
} from '../hooks/merchant-form';
import { useAccountEditor } from '../hooks/use-account-editor';
import { saveMerchantMutation, useMerchantAccount } from '../hooks/use-payments';
import { AccountField, AccountForm, CurrentAccount, GatewaySection } from './gateway-account-parts';
import { WalletEditor } from './wallet-account-form';

/** The card: loading, the error of reading it (nothing when the caller may not see it), or the forms. */
export function MerchantAccountCard() {
  const query = useMerchantAccount();
  const { data, error, refetch } = query;
  // Not the site's admin: the card is not theirs.
  if (error instanceof ApiError && error.status === 403) return null;
  let body: ReactNode;
  if (data) body = <MerchantEditors saved={data} />;
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

/** The two gateways' forms, each saved on its own. */
function MerchantEditors({ saved }: { saved: MerchantAccount }) {
  const { t } = useTranslation('payments');
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <GatewaySection id="merchant-sslcommerz" title={t('payments:merchant.sslcommerz_title')}>
        <MerchantEditor saved={saved} />
      </GatewaySection>
      <GatewaySection id="merchant-bkash" title={t('payments:merchant.bkash.title')}>
        <WalletEditor saved={saved} />
      </GatewaySection>
    </Stack>
  );
}

function MerchantEditor({ saved }: { saved: MerchantAccount }) {
  const { t } = useTranslation('payments');
  const editor = useAccountEditor({
    saved,
    fields: MERCHANT_FIELDS,
    valuesOf: merchantValues,
    problems: merchantProblems,
    mutation: saveMerchantMutation,
    savedText: (account) => (account.mode === 'own' ? t('payments:merchant.saved_own', { store: account.store_id }) : t('payments:merchant.saved_platform')),
    unreachedText: t('payments:merchant.gateway_down'),
  });
  return <MerchantAccountForm saved={saved} headingId="merchant-sslcommerz-title" {...editor} />;
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
  /** The gateway's heading in the card. */
  headingId?: string;
  onChange: (patch: Partial<MerchantFormValues>) => void;
  onSubmit: () => void;
}

/** SSLCommerz: the current choice, the two choices with what each means for the money, and the own store's fields. */
export function MerchantAccountForm({ saved, values, errors, formError, busy, headingId, onChange, onSubmit }: MerchantAccountFormProps) {
  const { t } = useTranslation('payments');
  const keeps = keepsPassword(values, saved);
  return (
    <Stack spacing={2.5}>
      <CurrentAccount
        prefix="merchant"
        mode={saved.mode}
        title={saved.mode === 'own' ? t('payments:merchant.current_own') : t('payments:merchant.current_platform')}
        detail={saved.store_id && t('payments:merchant.current_store', { store: saved.store_id })}
        since={saved.updated_at}
      />
      <AccountForm
        prefix="merchant"
        textKey="merchant"
        headingId={headingId}
        mode={values.mode}
        onMode={(mode) => onChange({ mode })}
        modeError={errors.mode}
        busy={busy}
        unchanged={merchantUnchanged(values, saved)}
        formError={formError}
        checkingText={t('payments:merchant.checking')}
        onSubmit={onSubmit}
      >
        <AccountField
          id="merchant-store-id"
          name="store_id"
          kind="identifier"
          label={t('payments:merchant.store_id')}
          value={values.store_id}
          onChange={(store_id) => onChange({ store_id })}
          busy={busy}
          error={errors.store_id}
          hint={t('payments:merchant.store_id_hint')}
          required
        />
        <AccountField
          id="merchant-store-password"
          name="store_password"
          kind="secret"
          label={t('payments:merchant.store_password')}
          value={values.store_password}
          onChange={(store_password) => onChange({ store_password })}
          busy={busy}
          error={errors.store_password}
          hint={keeps ? t('payments:merchant.password_keep_hint') : t('payments:merchant.password_hint')}
          required={!keeps}
        />
      </AccountForm>
    </Stack>
  );
}
