import { Alert, Box, Button, Link, TextField } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { localName } from '../../../lib/course-text';
import { useCurrentUser } from '../../../lib/session';
import { useAuthLinks } from '../../../lib/use-auth-links';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { asksToAddAccount } from '../hooks/add-account';
import { loginMutation, type LoginForm } from '../hooks/login';
import { forgotPasswordLink } from '../hooks/password-reset';
import { useSignIn } from '../hooks/use-sign-in';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';
import { SsoButtons } from './sso-buttons';

/**
 * Logging in. Opened from "Add another account" (`?add_account=1`) while signed in, the account
 * signed in to joins this device's accounts, the current one staying signed in; without a sign-in
 * that is a plain sign-in. Either way it then goes on as signing in does.
 */
export default function LoginPage() {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const errorText = useErrorText();
  const signIn = useSignIn();
  const links = useAuthLinks();
  const { search } = useLocation();
  const { isSignedIn, user } = useCurrentUser();
  const adding = isSignedIn && asksToAddAccount(search);
  const { register, handleSubmit, setError, formState, control } = useForm<LoginForm>({ defaultValues: { email: '', password: '' } });
  const typed = useWatch({ control, name: 'email' });
  const mutation = useMutation({
    ...loginMutation(adding, signIn),
    // A full device (422 `device_accounts_full`) names `email`, as the server's other refusals do.
    onError: (err) => {
      for (const [k, v] of Object.entries(fieldErrorsOf(err))) if (k === 'email' || k === 'password') setError(k, { message: v });
    },
  });
  const required = { required: t('common:form.required') };
  return (
    <AuthCard
      title={adding ? t('auth:login.add_account_title') : t('auth:login.title')}
      subtitle={adding ? undefined : t('auth:login.subtitle')}
      // Adding an account, the ways on from here are left out: signing up, a forgotten password and
      // the outside sign-ins do not add one (and the first two pages send a signed-in visitor away).
      footer={
        !adding && (
          <>
            {t('auth:login.no_account')}{' '}
            <Link component={RouterLink} to={links.registration} sx={{ fontWeight: 600 }} data-testid="login-to-registration">
              {t('auth:login.register_link')}
            </Link>
          </>
        )
      }
    >
      <Box component="form" noValidate onSubmit={handleSubmit((v) => mutation.mutate(v))} sx={{ display: 'grid', gap: 2 }} data-testid="login-form">
        {adding && user && (
          <Alert severity="info" data-testid="add-account-note">
            {t('auth:login.add_account_note', { name: localName(user, i18n.language) })}
          </Alert>
        )}
        {mutation.error && (
          <Alert severity="error" data-testid="form-error">
            {errorText(mutation.error)}
          </Alert>
        )}
        <TextField
          id="email"
          label={t('auth:login.email')}
          autoComplete="username"
          autoFocus
          {...register('email', required)}
          error={!!formState.errors.email}
          helperText={formState.errors.email?.message}
        />
        <PasswordField
          id="password"
          label={t('auth:login.password')}
          autoComplete="current-password"
          {...register('password', required)}
          error={!!formState.errors.password}
          helperText={formState.errors.password?.message}
        />
        {!adding && (
          <Link
            component={RouterLink}
            to={forgotPasswordLink(typed, links.back)}
            variant="body2"
            sx={{ justifySelf: 'end', mt: -1, fontWeight: 600 }}
            data-testid="login-forgot-password"
          >
            {t('auth:login.forgot_link')}
          </Link>
        )}
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending} data-testid="login-submit">
          {t('auth:login.submit')}
        </Button>
      </Box>
      {!adding && <SsoButtons mode="login" back={links.back} />}
    </AuthCard>
  );
}
