import { Alert, Box, Button, Link, TextField, Typography } from '@mui/material';
import ForwardToInboxOutlinedIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useToast } from '../../../components/ui/toast-provider';
import { formatNumber } from '../../../lib/lang';
import { localMobile } from '../../../lib/phone';
import { redirectTarget } from '../../../lib/redirect';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { requestPasswordReset } from '../api/auth-api';
import { loginLink, newPasswordErrors, resetPasswordMutation, typedLogin, type NewPassword, type NewPasswordField } from '../hooks/password-reset';
import { RESEND_SECONDS, useSecondsLeft } from '../hooks/phone-verify';
import { useSignIn } from '../hooks/use-sign-in';
import { AuthCard } from './auth-card';
import { NewPasswordForm } from './password-reset-page';

interface Form {
  email: string;
}

/**
 * Asks for a password reset (`?email=` fills the field in), then says what happens next in the
 * same card: the server answers the same whether or not an account matches, and so does this page.
 * For an e-mail address, a link is on its way; for a mobile number, a texted code may be, and the
 * card takes it with the new password (the server texts one only to an account that has the number
 * verified, else mails a link: the page cannot tell, and says both).
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const errorText = useErrorText();
  const { state, search } = useLocation();
  const login = loginLink(redirectTarget(state, search));
  /** What a reset was asked for (an e-mail address or a mobile number); set, the card says what happens next. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resent, setResent] = useState(false);
  /** When it was last asked for (Date.now()): a texted code may be asked for again a minute later. */
  const [sentAt, setSentAt] = useState(0);
  const { register, handleSubmit, setError, formState, watch } = useForm<Form>({ defaultValues: { email: typedLogin(search) } });
  const mutation = useMutation({
    mutationFn: (email: string) => requestPasswordReset(email),
    onSuccess: (_, email) => {
      setResent(sentTo !== null);
      setSentTo(email);
      setSentAt(Date.now());
    },
    onError: (err) => {
      const message = fieldErrorsOf(err).email;
      if (message) setError('email', { type: 'server', message });
    },
  });
  const failure = mutation.error && !fieldErrorsOf(mutation.error).email ? errorText(mutation.error) : null;

  if (sentTo !== null) {
    const phone = localMobile(sentTo);
    const sending = { loginHref: login, resent: resent && mutation.isSuccess, onSendAgain: () => mutation.mutate(sentTo) };
    return phone ? (
      <ResetByCode phone={phone} sentAt={sentAt} sending={mutation.isPending} sendError={failure} {...sending} />
    ) : (
      <ResetLinkSent login={sentTo} pending={mutation.isPending} error={failure} {...sending} />
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
          {mutation.isPending ? t('auth:forgot.sending') : localMobile(watch('email')) ? t('auth:forgot.submit_code') : t('auth:forgot.submit')}
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
        <SendOutcome error={error} resent={resent} resentText={t('auth:forgot.resent')} errorTestId="form-error" />
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

/** How the last "send again" went: its failure (translated), or `resentText` once it succeeded. */
function SendOutcome({ error, resent, resentText, errorTestId }: { error: string | null; resent: boolean; resentText: string; errorTestId: string }) {
  if (error) {
    return (
      <Alert severity="error" data-testid={errorTestId}>
        {error}
      </Alert>
    );
  }
  return resent ? (
    <Alert severity="success" data-testid="resent">
      {resentText}
    </Alert>
  ) : null;
}

/**
 * The card once a code was asked for a mobile number: the code, the new password twice, and the
 * way to a new code (a minute after the last). The reset signs in and goes where logging in goes,
 * as the mailed link's does.
 */
function ResetByCode({ phone, sentAt, ...card }: { sentAt: number } & Omit<CodeResetFormProps, 'secondsLeft' | 'pending' | 'error' | 'fieldErrors' | 'onSubmit'>) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const toast = useToast();
  const signIn = useSignIn();
  const secondsLeft = useSecondsLeft(sentAt + RESEND_SECONDS * 1000);
  const mutation = useMutation(
    resetPasswordMutation({ phone }, (result) => {
      signIn(result);
      toast.show(t('auth:reset.done_body'), { title: t('auth:reset.done_title') });
    }),
  );
  // A refusal of a code that a new one has replaced since is news no more.
  const err = mutation.submittedAt > sentAt ? mutation.error : null;
  const fieldErrors = newPasswordErrors(err);
  return (
    <CodeResetForm
      phone={phone}
      secondsLeft={secondsLeft}
      pending={mutation.isPending}
      error={err && !Object.keys(fieldErrors).length ? (fieldErrorsOf(err).phone ?? errorText(err)) : null}
      fieldErrors={fieldErrors}
      onSubmit={(v) => mutation.mutate(v)}
      {...card}
    />
  );
}

export interface CodeResetFormProps {
  /** 01XXXXXXXXX. */
  phone: string;
  /** Until a new code may be asked for (0: now). */
  secondsLeft: number;
  /** The new password is being set. */
  pending: boolean;
  /** The reset's failure that no field explains, translated. */
  error: string | null;
  /** The server's messages for the code and the passwords (in the user's language). */
  fieldErrors: Partial<Record<NewPasswordField, string>>;
  onSubmit: (v: NewPassword) => void;
  loginHref: string;
  /** A new code is being asked for. */
  sending: boolean;
  /** A new code was asked for (the last ask succeeded). */
  resent: boolean;
  /** The last ask's failure, translated. */
  sendError: string | null;
  onSendAgain: () => void;
}

/** The reset-by-code card: the new-password form with the code field, and "send again" below. */
export function CodeResetForm({ secondsLeft, sending, resent, sendError, onSendAgain, ...form }: CodeResetFormProps) {
  const { t, i18n } = useTranslation('auth');
  return (
    <NewPasswordForm {...form}>
      <SendOutcome error={sendError} resent={resent} resentText={t('auth:forgot.code_resent')} errorTestId="send-error" />
      <Button variant="outlined" size="large" disabled={sending || secondsLeft > 0} onClick={onSendAgain} data-testid="send-again">
        {sending
          ? t('auth:forgot.sending')
          : secondsLeft > 0
            ? t('auth:phone.resend_in', { seconds: formatNumber(secondsLeft, i18n.language) })
            : t('auth:forgot.send_again')}
      </Button>
    </NewPasswordForm>
  );
}
