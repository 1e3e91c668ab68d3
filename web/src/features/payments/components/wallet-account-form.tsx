// The payment account card's bKash part: whether the site's learners' bKash payments go into the
// platform's merchant wallet (the default: the platform keeps its commission and pays the site out
// on request) or the site's own (the money is the site's at once; the commission is then owed and
// counts against payouts). An own wallet's username, app key, password and app secret are checked
// at bKash before they are kept; the two secrets are never shown again, and may both be left empty
// to keep the saved ones.
import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { MerchantAccount } from '../api/payments-api';
import { useAccountEditor } from '../hooks/use-account-editor';
import { saveWalletMutation } from '../hooks/use-payments';
import { keepsSecrets, WALLET_FIELDS, walletProblems, walletUnchanged, walletValues, type WalletField, type WalletFormValues } from '../hooks/wallet-form';
import { AccountField, AccountForm, CurrentAccount } from './gateway-account-parts';

/**
 * The client's refusals in the form's words: errors:<code>, but the pattern of an id bKash gave
 * (errors:store_id_invalid speaks of a store id) said of the field at hand.
 */
export function useWalletProblemText() {
  const { t } = useTranslation(['payments', 'errors']);
  return (code: string) => (code === 'store_id_invalid' ? t('payments:merchant.bkash.identifier_invalid') : t(`errors:${code}`));
}

/** The bKash form with its save. */
export function WalletEditor({ saved }: { saved: MerchantAccount }) {
  const { t } = useTranslation('payments');
  const codeText = useWalletProblemText();
  const editor = useAccountEditor({
    saved,
    fields: WALLET_FIELDS,
    valuesOf: walletValues,
    problems: walletProblems,
    codeText,
    mutation: saveWalletMutation,
    savedText: (account) =>
      account.bkash.mode === 'own' ? t('payments:merchant.bkash.saved_own', { username: account.bkash.username }) : t('payments:merchant.bkash.saved_platform'),
    unreachedText: t('payments:merchant.bkash.gateway_down'),
  });
  return <WalletAccountForm saved={saved} headingId="merchant-bkash-title" {...editor} />;
}

export interface WalletAccountFormProps {
  /** What the site has now (both gateways; this form shows `bkash`). */
  saved: MerchantAccount;
  values: WalletFormValues;
  /** Each field's refusal (the client's check or the server's). */
  errors: Partial<Record<WalletField, string>>;
  /** A refusal of no field shown (bKash not reached, say). */
  formError?: string | null;
  busy: boolean;
  /** The gateway's heading in the card. */
  headingId?: string;
  onChange: (patch: Partial<WalletFormValues>) => void;
  onSubmit: () => void;
}

/** bKash: the current choice, the two choices with what each means for the money, and the own wallet's fields. */
export function WalletAccountForm({ saved, values, errors, formError, busy, headingId, onChange, onSubmit }: WalletAccountFormProps) {
  const { t } = useTranslation('payments');
  const wallet = saved.bkash;
  const keeps = keepsSecrets(values, saved);
  return (
    <Stack spacing={2.5}>
      <CurrentAccount
        prefix="wallet"
        mode={wallet.mode}
        title={wallet.mode === 'own' ? t('payments:merchant.bkash.current_own') : t('payments:merchant.bkash.current_platform')}
        detail={wallet.username && t('payments:merchant.bkash.current_wallet', { username: wallet.username })}
        since={wallet.updated_at}
      />
      <AccountForm
        prefix="wallet"
        textKey="merchant.bkash"
        headingId={headingId}
        mode={values.mode}
        onMode={(mode) => onChange({ mode })}
        modeError={errors.mode}
        busy={busy}
        unchanged={walletUnchanged(values, saved)}
        formError={formError}
        checkingText={t('payments:merchant.bkash.checking')}
        onSubmit={onSubmit}
      >
        <AccountField
          id="wallet-username"
          name="username"
          kind="identifier"
          label={t('payments:merchant.bkash.username')}
          value={values.username}
          onChange={(username) => onChange({ username })}
          busy={busy}
          error={errors.username}
          hint={t('payments:merchant.bkash.username_hint')}
          required
        />
        <AccountField
          id="wallet-app-key"
          name="app_key"
          kind="identifier"
          label={t('payments:merchant.bkash.app_key')}
          value={values.app_key}
          onChange={(app_key) => onChange({ app_key })}
          busy={busy}
          error={errors.app_key}
          hint={t('payments:merchant.bkash.app_key_hint')}
          required
        />
        <AccountField
          id="wallet-password"
          name="password"
          kind="secret"
          label={t('payments:merchant.bkash.password')}
          value={values.password}
          onChange={(password) => onChange({ password })}
          busy={busy}
          error={errors.password}
          hint={keeps ? t('payments:merchant.bkash.secrets_keep_hint') : t('payments:merchant.bkash.password_hint')}
          required={!keeps}
        />
        <AccountField
          id="wallet-app-secret"
          name="app_secret"
          kind="secret"
          label={t('payments:merchant.bkash.app_secret')}
          value={values.app_secret}
          onChange={(app_secret) => onChange({ app_secret })}
          busy={busy}
          error={errors.app_secret}
          hint={keeps ? t('payments:merchant.bkash.app_secret_keep_hint') : t('payments:merchant.bkash.app_secret_hint')}
          required={!keeps}
        />
      </AccountForm>
    </Stack>
  );
}
