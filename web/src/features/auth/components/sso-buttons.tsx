// The outside sign-ins (myGov, Google, Facebook) under the login and sign-up forms.
import { Alert, Box, Button, CircularProgress, Divider } from '@mui/material';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import FacebookIcon from '@mui/icons-material/Facebook';
import GoogleIcon from '@mui/icons-material/Google';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SsoProvider, SsoProviderId } from '../api/auth-api';
import { ssoProvidersQuery, startSsoMutation, useResetOnReturn, useSsoErrorText } from '../hooks/sso';

/** A provider's mark: an icon of the app's icon set (no logo fetched from elsewhere). */
export function SsoIcon({ provider }: { provider: SsoProviderId }) {
  if (provider === 'google') return <GoogleIcon />;
  if (provider === 'facebook') return <FacebookIcon />;
  return <AccountBalanceIcon />;
}

/**
 * The providers this server offers, under the form: an "or" divider and one button each. Nothing
 * at all while the list loads, when it fails or when it is empty. `back` is where to go once
 * signed in (what the password form would go to).
 */
export function SsoButtons({ mode, back }: { mode: 'login' | 'register'; back: string }) {
  const providers = useQuery(ssoProvidersQuery);
  if (!providers.data?.length) return null;
  return <SsoStart providers={providers.data} mode={mode} back={back} />;
}

function SsoStart({ providers, mode, back }: { providers: SsoProvider[]; mode: 'login' | 'register'; back: string }) {
  const ssoError = useSsoErrorText();
  const start = useMutation(startSsoMutation(mode, back));
  useResetOnReturn(start.reset);
  return (
    <SsoButtonList
      providers={providers}
      mode={mode}
      // Succeeded, the browser is on its way to the provider's page: the buttons stay disabled.
      opening={start.isPending || start.isSuccess ? (start.variables ?? null) : null}
      error={start.error ? ssoError(start.error, start.variables) : null}
      onStart={(id) => start.mutate(id)}
    />
  );
}

/** The divider and the buttons; `opening`: the provider whose page is being asked for (all disabled meanwhile). */
export function SsoButtonList({
  providers,
  mode,
  opening,
  error,
  onStart,
}: {
  providers: SsoProvider[];
  mode: 'login' | 'register';
  opening: SsoProviderId | null;
  error: string | null;
  onStart: (id: SsoProviderId) => void;
}) {
  const { t } = useTranslation('auth');
  const label = (id: SsoProviderId) => t(id === 'mygov' && mode === 'register' ? 'auth:sso.register.mygov' : `auth:sso.login.${id}`);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mt: 3 }} data-testid="sso-buttons">
      <Divider sx={{ color: 'text.secondary', typography: 'body2' }}>{t('auth:sso.or')}</Divider>
      {error && (
        <Alert severity="error" data-testid="sso-error">
          {error}
        </Alert>
      )}
      {providers.map((p) => (
        <Button
          key={p.id}
          type="button"
          variant="outlined"
          size="large"
          fullWidth
          disabled={opening !== null}
          aria-busy={opening === p.id || undefined}
          startIcon={opening === p.id ? <CircularProgress size={20} color="inherit" /> : <SsoIcon provider={p.id} />}
          onClick={() => onStart(p.id)}
          data-testid={`sso-${p.id}`}
        >
          {label(p.id)}
        </Button>
      ))}
    </Box>
  );
}
