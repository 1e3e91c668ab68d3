// The bKash wallet form: where the site's bKash payments go, the own merchant wallet's username,
// app key and secrets as typed, the checks the server makes again, and the body the API takes.
import type { MerchantAccount, MerchantMode, WalletAccount, WalletBody } from '../api/payments-api';
import { identifierProblem, identifierText } from './merchant-form';

export interface WalletFormValues {
  mode: MerchantMode;
  username: string;
  app_key: string;
  /** The two secrets: never filled in from the server, which does not send them back. */
  password: string;
  app_secret: string;
}

/** The fields the server may refuse, in the form's order. */
export const WALLET_FIELDS = ['mode', 'username', 'app_key', 'password', 'app_secret'] as const;
export type WalletField = (typeof WALLET_FIELDS)[number];

/** The site's bKash settings in a whole answer (absent from a cached answer of an older server: the platform's). */
const walletOf = (saved: MerchantAccount | undefined): WalletAccount | undefined => saved?.bkash;

/** The form as the site has it now: its choice, username and app key, the secrets empty. */
export function walletValues(saved: MerchantAccount | undefined): WalletFormValues {
  const w = walletOf(saved);
  return { mode: w?.mode ?? 'platform', username: w?.username ?? '', app_key: w?.app_key ?? '', password: '', app_secret: '' };
}

/** A secret left empty (the server drops surrounding spaces too). */
const blank = (secret: string) => !secret.trim();

/** The own wallet shown is the one in use: its secrets may both be left empty (the server keeps them). */
export function keepsSecrets(v: WalletFormValues, saved: MerchantAccount | undefined): boolean {
  const w = walletOf(saved);
  return v.mode === 'own' && w?.mode === 'own' && !!w.username && identifierText(v.username) === w.username;
}

/** Nothing to save: the same choice, and the same wallet and app key without new secrets. */
export function walletUnchanged(v: WalletFormValues, saved: MerchantAccount | undefined): boolean {
  const w = walletOf(saved);
  if (!w || v.mode !== w.mode) return false;
  if (v.mode === 'platform') return true;
  return keepsSecrets(v, saved) && blank(v.password) && blank(v.app_secret) && identifierText(v.app_key) === (w.app_key ?? '');
}

/**
 * What is wrong with the values before they are sent (the server checks again), as errors:<code>.
 * The secrets go together: both, or neither to keep the kept ones. Both empty for a username never
 * set up is the server's to refuse: it knows the wallets kept before.
 */
export function walletProblems(v: WalletFormValues): Partial<Record<WalletField, string>> {
  if (v.mode !== 'own') return {};
  const found: Partial<Record<WalletField, string>> = {};
  const username = identifierProblem(v.username);
  if (username) found.username = username;
  const appKey = identifierProblem(v.app_key);
  if (appKey) found.app_key = appKey;
  if (blank(v.password) !== blank(v.app_secret)) found[blank(v.password) ? 'password' : 'app_secret'] = 'required';
  return found;
}

/** The body of the save: the platform's wallet alone, or the own wallet with its secrets as typed. */
export function walletBody(v: WalletFormValues): WalletBody {
  if (v.mode === 'platform') return { mode: 'platform' };
  return { mode: 'own', username: identifierText(v.username), app_key: identifierText(v.app_key), password: v.password, app_secret: v.app_secret };
}
