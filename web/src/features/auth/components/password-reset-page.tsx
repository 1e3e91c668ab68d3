import { Alert, Box, Button, Link, TextField } from '@mui/material';
import LinkOffOutlinedIcon from '@mui/icons-material/LinkOffOutlined';
import LockResetOutlinedIcon from '@mui/icons-material/LockResetOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useToast } from '../../../components/ui/toast-provider';
import { useErrorText } from '../../../lib/use-error-text';
import {
  FORGOT_PASSWORD,
  isLinkInvalid,
  newPasswordErrors,
  resetLinkQuery,
  resetPasswordMutation,
  type NewPassword,
  type NewPasswordField,
} from '../hooks/password-reset';
import { CODE_LENGTH, shownPhone, typedCode } from '../hooks/phone-verify';
import { useSignIn } from '../hooks/use-sign-in';
import { AuthCard, AuthCardChecking, AuthCardRetry } from './auth-card';
import { PasswordField } from './password-field';

const MIN_PASSWORD = 8;

/**
 * The page of the mailed link (`?token=`): checks the link, then takes the new password; success
 * signs in (the reset answers a session, as logging in does) and goes where logging in goes.
 */
export default function PasswordResetPage() {
  const { t } = useTranslation(['auth', 'common']);
  const errorText = useErrorText();
  const toast = useToast();
  const signIn = useSignIn();
  const token = new URLSearchParams(useLocation().search).get('token')?.trim() ?? '';
  const link = useQuery(resetLinkQuery(token));
  const mutation = useMutation(
    resetPasswordMutation(token, (result) => {
      signIn(result);
      toast.show(t('auth:reset.done_body'), { title: t('auth:reset.done_title') });
    }),
  );

  if (!token || isLinkInvalid(link.error) || isLinkInvalid(mutation.error)) return <ResetLinkInvalid />;
  if (link.error) {
    return (
      <AuthCardRetry
        icon={<LockResetOutlinedIcon />}
        title={t('auth:reset.title')}
        error={errorText(link.error)}
        retrying={link.isFetching}
        onRetry={() => void link.refetch()}
        testId="form-error"
      />
    );
  }
  if (!link.data) return <ResetLinkChecking />;
  const fieldErrors = newPasswordErrors(mutation.error);
  return (
    <NewPasswordForm
      email={link.data.email}
      pending={mutation.isPending}
      error={mutation.error && !Object.keys(fieldErrors).length ? errorText(mutation.error) : null}
      fieldErrors={fieldErrors}
      onSubmit={(v) => mutation.mutate(v)}
    />
  );
}

/** While the link is being checked. */
export function ResetLinkChecking() {
  const { t } = useTranslation('auth');
  return <AuthCardChecking icon={<LockResetOutlinedIcon />} title={t('auth:reset.title')} text={t('auth:reset.checking')} testId="reset-link-checking" />;
}

/** A link that is missing, unknown, expired or spent: the way to a new one. */
export function ResetLinkInvalid() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard icon={<LinkOffOutlinedIcon />} title={t('auth:reset.invalid_title')} subtitle={t('auth:reset.invalid_body')} footer={<BackToLogin />}>
      <Box sx={{ display: 'grid' }} data-testid="reset-link-invalid">
        <Button component={RouterLink} to={FORGOT_PASSWORD} variant="contained" size="large" data-testid="reset-new-link">
          {t('auth:reset.new_link')}
        </Button>
      </Box>
    </AuthCard>
  );
}

/**
 * The new password, twice; with `phone` (a reset by SMS, 01XXXXXXXXX), the code texted to it first.
 * `fieldErrors` are the server's messages for the last try (already in the user's language); the
 * form's own checks, when they fail, show first. `children` go below the submit button.
 */
export function NewPasswordForm({
  email = '',
  phone,
  pending,
  error,
  fieldErrors,
  onSubmit,
  loginHref,
  children,
}: {
  email?: string;
  phone?: string;
  pending: boolean;
  error: string | null;
  fieldErrors: Partial<Record<NewPasswordField, string>>;
  onSubmit: (v: NewPassword) => void;
  loginHref?: string;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const { register, handleSubmit, formState } = useForm<Required<NewPassword>>({ defaultValues: { otp: '', password: '', password_confirmation: '' } });
  const message = (f: NewPasswordField) => formState.errors[f]?.message ?? fieldErrors[f];
  const required = t('common:form.required');
  const subtitle = phone
    ? t('auth:forgot.code_sent', { phone: shownPhone(phone, i18n.language) })
    : email
      ? t('auth:reset.subtitle', { email })
      : t('auth:reset.subtitle_account');
  return (
    <AuthCard
      icon={phone ? <SmsOutlinedIcon /> : <LockResetOutlinedIcon />}
      title={t(phone ? 'auth:forgot.code_title' : 'auth:reset.title')}
      subtitle={subtitle}
      footer={<BackToLogin to={loginHref} />}
    >
      <Box component="form" noValidate onSubmit={handleSubmit(onSubmit)} sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }} data-testid="reset-form">
        {error && (
          <Alert severity="error" data-testid="form-error">
            {error}
          </Alert>
        )}
        {phone && (
          <TextField
            id="otp"
            label={t('auth:phone.code')}
            autoFocus
            {...register('otp', { validate: (v) => !!typedCode(v) || t('auth:phone.code_incomplete') })}
            error={!!message('otp')}
            helperText={message('otp') ?? t('auth:phone.code_hint')}
            slotProps={{ htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: CODE_LENGTH, sx: { fontSize: 22, letterSpacing: '0.3em' } } }}
          />
        )}
        <PasswordField
          id="password"
          label={t('auth:reset.password')}
          autoComplete="new-password"
          autoFocus={!phone}
          {...register('password', { required, minLength: { value: MIN_PASSWORD, message: t('auth:registration.password_short') } })}
          error={!!message('password')}
          helperText={message('password') ?? t('auth:reset.password_hint')}
        />
        <PasswordField
          id="password_confirmation"
          label={t('auth:reset.confirm')}
          autoComplete="new-password"
          {...register('password_confirmation', { required, validate: (v, all) => v === all.password || t('auth:reset.mismatch') })}
          error={!!message('password_confirmation')}
          helperText={message('password_confirmation')}
        />
        <Button type="submit" variant="contained" size="large" disabled={pending} data-testid="reset-submit">
          {pending ? t('common:actions.saving') : t('auth:reset.submit')}
        </Button>
        {children}
      </Box>
    </AuthCard>
  );
}

function BackToLogin({ to = '/login' }: { to?: string }) {
  const { t } = useTranslation('auth');
  return (
    <Link component={RouterLink} to={to} sx={{ fontWeight: 600 }} data-testid="reset-to-login">
      {t('auth:forgot.back_to_login')}
    </Link>
  );
}
