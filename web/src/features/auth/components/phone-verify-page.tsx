import { Alert, Box, Button, CircularProgress, Link, TextField } from '@mui/material';
import MobileFriendlyOutlinedIcon from '@mui/icons-material/MobileFriendlyOutlined';
import PhoneAndroidOutlinedIcon from '@mui/icons-material/PhoneAndroidOutlined';
import SmsOutlinedIcon from '@mui/icons-material/SmsOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { formatNumber } from '../../../lib/lang';
import { ME_KEY, useCurrentUser } from '../../../lib/session';
import { fieldErrorsOf, useErrorText } from '../../../lib/use-error-text';
import { sendPhoneCode, verifyPhoneCode } from '../api/auth-api';
import { codeInput, codeSentAt, isAlreadyVerified, isPhoneMissing, isTooSoon, RESEND_SECONDS, shownPhone, typedCode, useSecondsLeft } from '../hooks/phone-verify';
import { AuthCard, AuthCardChecking, AuthCardRetry } from './auth-card';

const PROFILE = '/profile/myprofile';
const EDIT_PHONE = `${PROFILE}?edit=phone`;

/**
 * /mobile-verification, signed in only (others log in first and come back): texts a code to the
 * account's phone and checks it. A phone verified already (on arrival, or meanwhile) says so; an
 * account without one is sent to the profile to add it. Coming from signing up (router state
 * `{ sent: true }`), the code the server texted then is asked for at once.
 */
export default function PhoneVerifyPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const { token, user, error, refetch, isLoading } = useCurrentUser();
  const { pathname, search, state } = useLocation();
  /** The number found verified on this page: by its code (`justNow`), or meanwhile elsewhere. */
  const [verified, setVerified] = useState<{ phone: string; justNow: boolean } | null>(null);
  if (!token) return <Navigate to="/login" replace state={{ from: pathname + search }} />;
  if (verified) return <PhoneVerified {...verified} />;
  if (!user) {
    return error ? (
      <AuthCardRetry icon={<SmsOutlinedIcon />} title={t('auth:phone.title')} error={errorText(error)} retrying={isLoading} onRetry={() => void refetch()} testId="phone-load-error" />
    ) : (
      <AuthCardChecking icon={<SmsOutlinedIcon />} title={t('auth:phone.title')} text={t('auth:phone.checking')} testId="phone-checking" />
    );
  }
  if (user.phone_verified) return <PhoneVerified phone={user.phone} />;
  if (!user.phone) return <PhoneMissing />;
  return <PhoneCodeSteps phone={user.phone} sentAt={codeSentAt(state)} onVerified={setVerified} />;
}

/**
 * Send a code (unless one was `sentAt` already), then type it; the signed-in user and the profile
 * are fetched again once verified.
 */
export function PhoneCodeSteps({ phone, sentAt: sentBefore, onVerified }: { phone: string; sentAt: number | null; onVerified: (verified: { phone: string; justNow: boolean }) => void }) {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const qc = useQueryClient();
  const [sentAt, setSentAt] = useState(sentBefore);
  const [code, setCode] = useState('');
  const [incomplete, setIncomplete] = useState(false);
  const secondsLeft = useSecondsLeft(sentAt === null ? null : sentAt + RESEND_SECONDS * 1000);
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: ME_KEY });
    void qc.invalidateQueries({ queryKey: ['profile'] });
  };
  const verify = useMutation({
    mutationFn: verifyPhoneCode,
    onSuccess: (r) => {
      refresh();
      onVerified({ phone: r.phone, justNow: true });
    },
  });
  const send = useMutation({
    mutationFn: sendPhoneCode,
    onSuccess: () => {
      setSentAt(Date.now());
      verify.reset();
    },
    onError: (err) => {
      if (isAlreadyVerified(err) || isPhoneMissing(err)) refresh();
      if (isAlreadyVerified(err)) onVerified({ phone, justNow: false });
    },
  });
  if (isPhoneMissing(send.error) || isPhoneMissing(verify.error)) return <PhoneMissing />;
  const codeError = incomplete ? t('auth:phone.code_incomplete') : verify.error ? (fieldErrorsOf(verify.error).otp ?? errorText(verify.error)) : null;
  return (
    <PhoneCodeForm
      phone={phone}
      // Refused as too soon, a code sent earlier may be at hand.
      sent={sentAt !== null || isTooSoon(send.error)}
      secondsLeft={secondsLeft}
      code={code}
      sending={send.isPending}
      verifying={verify.isPending}
      sendError={send.error ? errorText(send.error) : null}
      codeError={codeError}
      onCode={(typed) => {
        setCode(codeInput(typed));
        setIncomplete(false);
        if (verify.error) verify.reset();
      }}
      onSend={() => send.mutate()}
      onVerify={() => {
        const otp = typedCode(code);
        if (otp) verify.mutate(otp);
        else setIncomplete(true);
      }}
    />
  );
}

export interface PhoneCodeFormProps {
  phone: string;
  /** A code was sent: the code field shows, and the send button becomes "send a new code". */
  sent: boolean;
  /** Until a new code may be asked for (0: now). */
  secondsLeft: number;
  code: string;
  sending: boolean;
  verifying: boolean;
  /** The send's failure, translated. */
  sendError: string | null;
  /** What is wrong with the code (the server's message, in the user's language). */
  codeError: string | null;
  onCode: (typed: string) => void;
  onSend: () => void;
  onVerify: () => void;
}

/** The card of the two steps. Enter in the code field verifies. */
export function PhoneCodeForm({ phone, sent, secondsLeft, code, sending, verifying, sendError, codeError, onCode, onSend, onVerify }: PhoneCodeFormProps) {
  const { t, i18n } = useTranslation('auth');
  const lang = i18n.language;
  const shown = shownPhone(phone, lang);
  const waiting = secondsLeft > 0;
  return (
    <AuthCard icon={<SmsOutlinedIcon />} title={t('auth:phone.title')} subtitle={t(sent ? 'auth:phone.sent' : 'auth:phone.intro', { phone: shown })}>
      <Box
        component="form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (sent && !verifying) onVerify();
        }}
        sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}
        data-testid="phone-verify"
      >
        {sendError && (
          <Alert severity="error" data-testid="phone-send-error">
            {sendError}
          </Alert>
        )}
        {sent && (
          <>
            <TextField
              id="phone-code"
              label={t('auth:phone.code')}
              value={code}
              onChange={(e) => onCode(e.target.value)}
              autoFocus
              fullWidth
              error={!!codeError}
              helperText={codeError ?? t('auth:phone.code_hint')}
              slotProps={{
                htmlInput: { inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6, 'data-testid': 'phone-code', sx: { fontSize: 22, letterSpacing: '0.3em' } },
              }}
            />
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={verifying}
              startIcon={verifying ? <CircularProgress size={16} color="inherit" /> : undefined}
              data-testid="phone-verify-submit"
            >
              {verifying ? t('auth:phone.verifying') : t('auth:phone.verify')}
            </Button>
          </>
        )}
        <Button variant={sent ? 'outlined' : 'contained'} size="large" onClick={onSend} disabled={sending || waiting} data-testid="phone-send-code">
          {sending
            ? t('auth:phone.sending')
            : waiting
              ? t('auth:phone.resend_in', { seconds: formatNumber(secondsLeft, lang) })
              : sent
                ? t('auth:phone.resend')
                : t('auth:phone.send')}
        </Button>
        <Link component={RouterLink} to={EDIT_PHONE} variant="body2" sx={{ justifySelf: 'center' }} data-testid="phone-change">
          {t('auth:phone.change')}
        </Link>
      </Box>
    </AuthCard>
  );
}

/** The number is verified: just now (`justNow`) or before this visit. */
export function PhoneVerified({ phone, justNow = false }: { phone: string | null; justNow?: boolean }) {
  const { t, i18n } = useTranslation('auth');
  return (
    <AuthCard
      icon={<MobileFriendlyOutlinedIcon />}
      title={t('auth:phone.done_title')}
      subtitle={t(justNow ? 'auth:phone.done_body' : 'auth:phone.already_body', { phone: shownPhone(phone, i18n.language) })}
    >
      <Box sx={{ display: 'grid' }} data-testid="phone-verified">
        <Button component={RouterLink} to={PROFILE} variant="contained" size="large" data-testid="phone-to-profile">
          {t('auth:phone.to_profile')}
        </Button>
      </Box>
    </AuthCard>
  );
}

/** No number on the account: add one to the profile first. */
export function PhoneMissing() {
  const { t } = useTranslation('auth');
  return (
    <AuthCard icon={<PhoneAndroidOutlinedIcon />} title={t('auth:phone.missing_title')} subtitle={t('auth:phone.missing_body')}>
      <Box sx={{ display: 'grid' }} data-testid="phone-missing">
        <Button component={RouterLink} to={EDIT_PHONE} variant="contained" size="large" data-testid="phone-add">
          {t('auth:phone.add')}
        </Button>
      </Box>
    </AuthCard>
  );
}
