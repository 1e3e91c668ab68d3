// Rules of the outside sign-ins (myGov, Google, Facebook): which are offered, starting one, the
// page the provider sends the browser back to, and where to go once signed in.
import type { UseMutationOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { AFTER_SIGN_IN, safeRedirect } from '../../../lib/redirect';
import { useErrorText } from '../../../lib/use-error-text';
import { login, ssoProviders, startSso, verifySso, type AuthResult, type SsoLink, type SsoProviderId, type SsoStartPath } from '../api/auth-api';

export const SSO_PROVIDER_IDS: readonly SsoProviderId[] = ['mygov', 'google', 'facebook'];
export const isSsoProvider = (value: unknown): value is SsoProviderId => SSO_PROVIDER_IDS.includes(value as SsoProviderId);

/**
 * The providers configured on this server (known ones only), read once in a while: they change
 * with the server's configuration. Failing, the pages simply offer none.
 */
export const ssoProvidersQuery = {
  queryKey: ['sso', 'providers'] as const,
  queryFn: () => ssoProviders().then((list) => list.filter((p) => isSsoProvider(p.id))),
  staleTime: 10 * 60_000,
  retry: false,
};

/** Signing in (login page), signing up (registration page), or linking to the signed-in account (account settings). */
export type SsoMode = 'login' | 'register' | 'link';

/** The start call of `provider` in `mode`: myGov has its own sign-in and sign-up calls, Google and Facebook share one. */
export function startRequest(provider: SsoProviderId, mode: SsoMode): [SsoStartPath, { provider?: SsoProviderId; link?: boolean }] {
  const link = mode === 'link' ? { link: true } : {};
  if (provider === 'mygov') return [mode === 'register' ? 'mygov/register' : 'mygov/login', link];
  return ['sociallogin', { provider, ...link }];
}

/** Sends the browser to another site's page (the provider's sign-in or logout page). */
export function goTo(url: string) {
  window.location.assign(url);
}

const RETURN_KEY = 'sso-return';

function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Remembers, in this tab, where to go once the provider has sent the browser back and the person
 * is signed in (the page the password login would go to), and which provider it was.
 */
export function rememberReturn(to: string, provider: SsoProviderId) {
  try {
    tabStorage()?.setItem(RETURN_KEY, JSON.stringify({ to, provider }));
  } catch {
    /* storage unavailable or full: the dashboard it is */
  }
}

function remembered(): { to: string | null; provider: SsoProviderId | null } {
  try {
    const value = JSON.parse(tabStorage()?.getItem(RETURN_KEY) ?? 'null') as { to?: unknown; provider?: unknown } | null;
    return { to: safeRedirect(value?.to), provider: isSsoProvider(value?.provider) ? value.provider : null };
  } catch {
    return { to: null, provider: null };
  }
}

/** Where to go after signing in, as remembered when the sign-in started (same-site paths only); null: nothing remembered. */
export const peekReturn = () => remembered().to;

/** The provider remembered when the sign-in started (for /social-login, which does not say). */
export const rememberedProvider = () => remembered().provider;

/** Where to go now that the person is signed in (/dashboard when nothing was remembered); forgets it. */
export function takeReturn(): string {
  const to = remembered().to ?? AFTER_SIGN_IN;
  try {
    tabStorage()?.removeItem(RETURN_KEY);
  } catch {
    /* nothing to forget */
  }
  return to;
}

/**
 * Starts an outside sign-in: asks for the provider's page, remembers `back` (where to go once
 * signed in) and sends the browser there.
 */
export function startSsoMutation(mode: SsoMode, back: string): UseMutationOptions<string, Error, SsoProviderId> {
  return {
    mutationFn: (provider) => startSso(...startRequest(provider, mode)),
    onSuccess: (url, provider) => {
      rememberReturn(back, provider);
      goTo(url);
    },
  };
}

/**
 * Coming back to the page from the provider's with the browser's back button shows it as it was
 * left (the back-forward cache): buttons still waiting for the provider's page. `reset` clears that.
 */
export function useResetOnReturn(reset: () => void) {
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) reset();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [reset]);
}

/** The provider whose callback page this is: /sso myGov, /GLogin Google, /facebooklogin Facebook; /social-login does not say. */
export function callbackProvider(pathname: string): SsoProviderId | null {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  if (path === '/sso') return 'mygov';
  if (path === '/glogin') return 'google';
  if (path === '/facebooklogin') return 'facebook';
  return null;
}

/** What the provider sent back: `code` and `state`, or `error` when the person cancelled there. */
export function callbackParams(search: string) {
  const q = new URLSearchParams(search);
  return { code: q.get('code')?.trim() ?? '', state: q.get('state')?.trim() ?? '', error: q.get('error') };
}

/**
 * Finishes the sign-in exactly once: the state is single use, so the call is neither retried nor
 * repeated (React's StrictMode subscribes twice; the second finds the first call under way), nor
 * kept once the page is left. Signed in, `signIn` stores the session and goes where the start
 * remembered (forgetting it).
 */
export function ssoCallbackQuery(code: string, state: string, signIn: (result: AuthResult, to: string) => void) {
  return {
    queryKey: ['sso-callback', code, state] as const,
    queryFn: () =>
      verifySso(code, state).then((answer) => {
        if ('token' in answer) signIn(answer, takeReturn());
        return answer;
      }),
    enabled: !!code && !!state,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  };
}

/** Links the outside sign-in to the account it matched, with that account's password, and signs in. */
export function ssoLinkMutation(link: SsoLink, signIn: (result: AuthResult, to: string) => void): UseMutationOptions<AuthResult, Error, string> {
  return {
    mutationFn: (password) => login({ email: link.login, password, link: link.token }),
    onSuccess: (result) => signIn(result, takeReturn()),
  };
}

/** Why finishing an outside sign-in failed, as the callback page words it. */
export type SsoFailure = 'expired' | 'rejected' | 'unavailable' | 'other';

export function ssoFailure(err: unknown): SsoFailure {
  if (!(err instanceof ApiError)) return 'other';
  if (err.code === 'sso_state_invalid') return 'expired';
  if (err.code === 'sso_rejected') return 'rejected';
  if (err.code === 'sso_unavailable') return 'unavailable';
  return 'other';
}

/**
 * The text of an outside sign-in's error, naming the provider when known (`sso_rejected`,
 * `sso_unavailable`); else the app's usual text of the error.
 */
export function useSsoErrorText() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  return (err: unknown, provider: SsoProviderId | null | undefined): string => {
    const failure = ssoFailure(err);
    if (provider && (failure === 'rejected' || failure === 'unavailable')) {
      return t(`auth:sso.errors.${failure}`, { provider: t(`auth:sso.providers.${provider}`) });
    }
    return errorText(err);
  };
}
