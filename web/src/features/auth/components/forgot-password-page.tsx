import { Alert, Box, Button, Link, TextField, Typography } from '@mui/material';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { redirectTarget } from '../../../lib/redirect';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { requestPasswordReset } from '../api/auth-api';
import { loginLink, typedLogin } from '../hooks/password-reset';
import { AuthCard } from './auth-card';

interface Form {
  email: string;
}

/**
 * Asks for a password reset link (`?email=` fills the field in), then says what happens next in the
 * same card: the server answers the same whether or not an account matches, and so does this page.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const errorText = useErrorText();
  const { state, search } = useLocation();
  const login = loginLink(redirectTarget(state, search));
  /** What the link was asked for; set, the card says what happens next. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  const { register, handleSubmit, setError, formState } = useForm<Form>({ defaultValues: { email: typedLogin(search) } });
  const mutation = useMutation({
    mutationFn: (email: string) => requestPasswordReset(email),
    onSuccess: (_, email) => {
      setResent(sentTo !== null);
      setSentTo(email);
    },
    onError: (err) => {
      const message = fieldErrorsOf(err).email;
      if (message) setError('email', { type: 'server', message });
    },
  });
  const failure = mutation.error && !fieldErrorsOf(mutation.error).email ? errorText(mutation.error) : null;

  if (sentTo !== null) {
    return (
      <ResetLinkSent
        login={sentTo}
        loginHref={login}
        pending={mutation.isPending}
        resent={resent && mutation.isSuccess}
        error={failure}
        onSendAgain={() => mutation.mutate(sentTo)}
      />
    );
  }
  return (
    <AuthCard
      title={t('auth:forgot.title')}
      subtitle={t('auth:forgot.subtitle')}
      footer={
        <>
          {t('auth:forgot.remembered')}{' '}
          <Link component={RouterLink} to={login} sx={{ fontWeight: 600 }} data-testid="forgot-to-login">
            {t('auth:forgot.login_link')}
          </Link>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={handleSubmit((v) => mutation.mutate(v.email.trim()))} sx={{ display: 'grid', gap: 2 }} data-testid="forgot-form">
        {failure && (
          <Alert severity="error" data-testid="form-error">
            {failure}
          </Alert>
        )}
        <TextField
          id="email"
          label={t('auth:forgot.email')}
          autoComplete="username"
          autoFocus
          {...register('email', { required: t('common:form.required'), validate: (v) => !!v.trim() || t('common:form.required') })}
          error={!!formState.errors.email}
          helperText={formState.errors.email?.message}
        />
        <Button type="submit" variant="contained" size="large" disabled={mutation.isPending} data-testid="forgot-submit">
          {mutation.isPending ? t('auth:forgot.sending') : t('auth:forgot.submit')}
        </Button>
      </Box>
    </AuthCard>
  );
}

/** The card once a link was asked for: what to expect, back to log in, or ask again. */
export function ResetLinkSent({
  login,
  loginHref,
  pending,
  resent,
  error,
  onSendAgain,
}: {
  login: string;
  loginHref: string;
  pending: boolean;
  resent: boolean;
  error: string | null;
  onSendAgain: () => void;
}) {
  const { t } = useTranslation('auth');
  // The form that had focus is gone: the news goes to keyboard and screen reader users first.
  const news = useRef<HTMLParagraphElement>(null);
  useEffect(() => news.current?.focus(), []);
  return (
    <AuthCard icon={<ForwardToInboxOutlinedIcon />} title={t('auth:forgot.sent_title')}>
      <Box sx={{ display: 'grid', gap: 2, mt: 1.5 }} data-testid="reset-link-sent">
        <Typography ref={news} tabIndex={-1} sx={{ overflowWrap: 'anywhere', outline: 'none' }}>
          {t('auth:forgot.sent_body', { login })}
        </Typography>
        <Typography color="text.secondary">{t('auth:forgot.sent_spam')}</Typography>
        {error && (
          <Alert severity="error" data-testid="form-error">
            {error}
          </Alert>
        )}
        {resent && !error && (
          <Alert severity="success" data-testid="resent">
            {t('auth:forgot.resent')}
          </Alert>
        )}
        <Button component={RouterLink} to={loginHref} variant="contained" size="large" data-testid="sent-to-login">
          {t('auth:forgot.back_to_login')}
        </Button>
        <Button variant="outlined" size="large" disabled={pending} onClick={onSendAgain} data-testid="send-again">
          {pending ? t('auth:forgot.sending') : t('auth:forgot.send_again')}
        </Button>
      </Box>
    </AuthCard>
  );
}
