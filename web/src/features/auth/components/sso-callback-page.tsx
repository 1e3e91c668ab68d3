// The page an outside sign-in's provider sends the browser back to: /sso (myGov), /GLogin (Google),
// /facebooklogin (Facebook) and /social-login, with `code` and `state`, or `error` when the
// person cancelled there. Open when signed in too: linking from the account settings comes back here.
import { Alert, Box, Button, CircularProgress, Link, Typography } from '@mui/material';
import LinkOutlinedIcon from '@mui/icons-material/LinkOutlined';
import LoginOutlinedIcon from '@mui/icons-material/LoginOutlined';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { authLink } from '../../../lib/redirect';
import { useToken } from '../../../lib/session';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import type { SsoLink, SsoProviderId } from '../api/auth-api';
import { callbackParams, callbackProvider, peekReturn, rememberedProvider, ssoCallbackQuery, ssoFailure, ssoLinkMutation, useSsoErrorText } from '../hooks/sso';
import { useSignIn } from '../hooks/use-sign-in';
import { AuthCard } from './auth-card';
import { PasswordField } from './password-field';

export default function SsoCallbackPage() {
  const { pathname, search } = useLocation();
  const { code, state, error } = callbackParams(search);
  const provider = callbackProvider(pathname) ?? rememberedProvider();
  const signIn = useSignIn();
  const answer = useQuery(ssoCallbackQuery(error ? '' : code, error ? '' : state, signIn));

  if (error) return <SsoCancelled />;
  if (!code || !state) return <SsoInvalid />;
  if (answer.error) return <SsoFailed error={answer.error} provider={provider} />;
  if (answer.data && 'link' in answer.data) return <SsoLinkCard link={answer.data.link} />;
  // Meanwhile, and once signed in until the next page shows.
  return <SsoSigningIn />;
}

/** While the provider's answer is checked (as the logout page waits). */
export function SsoSigningIn() {
  const { t } = useTranslation('auth');
  return (
    <Box role="status" sx={{ py: 12, px: 2, display: 'grid', placeItems: 'center', gap: 2, textAlign: 'center' }} data-testid="sso-signing-in">
      <CircularProgress aria-hidden />
      <Typography color="text.secondary">{t('auth:sso.signing_in')}</Typography>
    </Box>
  );
}

/**
 * The way back: to log in (carrying where the sign-in was to go), or, signed in (a link started
 * in the account settings), straight back there.
 */
function BackButton({ testId }: { testId: string }) {
  const { t } = useTranslation('auth');
  const signedIn = !!useToken();
  const back = peekReturn();
  return signedIn ? (
    <Button component={RouterLink} to={back ?? '/dashboard'} variant="contained" size="large" data-testid={testId}>
      {t('common:actions.back')}
    </Button>
  ) : (
    <Button component={RouterLink} to={authLink('/login', back)} variant="contained" size="large" data-testid={testId}>
      {t('auth:sso.to_login')}
    </Button>
  );
}

/** The person cancelled at the provider. */
export function SsoCancelled() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard icon={<LoginOutlinedIcon />} title={t('auth:sso.cancelled_title')} subtitle={t('auth:sso.cancelled_body')}>
      <Box sx={{ display: 'grid' }} data-testid="sso-cancelled">
        <BackButton testId="sso-to-login" />
      </Box>
    </AuthCard>
  );
}

/** The address lacks the provider's code or state (cut short, or typed in). */
export function SsoInvalid() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard icon={<LoginOutlinedIcon />} title={t('auth:sso.invalid_title')} subtitle={t('auth:sso.invalid_body')}>
      <Box sx={{ display: 'grid' }} data-testid="sso-invalid">
        <BackButton testId="sso-to-login" />
      </Box>
    </AuthCard>
  );
}

/** Finishing the sign-in failed: expired or used, refused, provider unreachable, or another error. */
export function SsoFailed({ error, provider }: { error: unknown; provider: SsoProviderId | null }) {
  const { t } = useTranslation('auth');
  const ssoError = useSsoErrorText();
  const failure = ssoFailure(error);
  return (
    <AuthCard icon={<LoginOutlinedIcon />} title={failure === 'expired' ? t('auth:sso.expired_title') : t('auth:sso.failed_title')}>
      <Box sx={{ display: 'grid', gap: 2, mt: 1.5 }} data-testid="sso-failed">
        <Alert severity={failure === 'expired' ? 'warning' : 'error'} data-testid={`sso-failed-${failure}`}>
          {ssoError(error, provider)}
        </Alert>
        <BackButton testId="sso-to-login" />
      </Box>
    </AuthCard>
  );
}

/**
 * The provider's e-mail or phone belongs to an account here: its password links the two (and
 * signs in); from then on either way signs in.
 */
export function SsoLinkCard({ link }: { link: SsoLink }) {
  const { t } = useTranslation(['auth', 'common']);
  const errorText = useErrorText();
  const signIn = useSignIn();
  const provider = t(`auth:sso.providers.${link.provider}`);
  const { register, handleSubmit, setError, formState } = useForm<{ password: string }>({ defaultValues: { password: '' } });
  const mutation = useMutation({
    ...ssoLinkMutation(link, signIn),
    onError: (err) => {
      const message = fieldErrorsOf(err).password;
      if (message) setError('password', { type: 'server', message });
    },
  });
  const failure = mutation.error && !fieldErrorsOf(mutation.error).password ? errorText(mutation.error) : null;
  return (
    <AuthCard
      icon={<LinkOutlinedIcon />}
      title={t('auth:sso.link_title', { provider })}
      subtitle={t('auth:sso.link_body', { login: link.login })}
      footer={
        <Link component={RouterLink} to={authLink('/login', peekReturn())} sx={{ fontWeight: 600 }} data-testid="sso-link-cancel">
          {t('common:actions.cancel')}
        </Link>
      }
    >
      <Box component="form" noValidate onSubmit={handleSubmit((v) => mutation.mutate(v.password))} sx={{ display: 'grid', gap: 2 }} data-testid="sso-link-form">
        {failure && (
          <Alert severity="error" data-testid="form-error">
            {failure}
          </Alert>
        )}
        {/* The account's name, for password managers filling its password in. */}
        <input type="text" name="username" autoComplete="username" value={link.login} readOnly hidden />
        <PasswordField
          id="sso-link-password"
          label={t('auth:login.password')}
          autoComplete="current-password"
          autoFocus
          {...register('password', { required: t('common:form.required') })}
          error={!!formState.errors.password}
          helperText={formState.errors.password?.message}
        />
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending} data-testid="sso-link-submit">
          {mutation.isPending ? t('auth:sso.linking') : t('auth:sso.link_submit')}
        </Button>
      </Box>
    </AuthCard>
  );
}
