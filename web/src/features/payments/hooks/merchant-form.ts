// The payment account form: where the site's SSLCommerz payments go, the own store's id and
// password as typed, the checks the server makes again, and the body the API takes.
import { ApiError } from '../../../lib/api-client';
import type { MerchantAccount, MerchantBody, MerchantMode } from '../api/payments-api';

export interface MerchantFormValues {
  mode: MerchantMode;
  store_id: string;
  /** Never filled in from the server: it does not send it back. */
  store_password: string;
}

/** The fields the server may refuse, in the form's order. */
export const MERCHANT_FIELDS = ['mode', 'store_id', 'store_password'] as const;
export type MerchantField = (typeof MERCHANT_FIELDS)[number];

/** The server's limits: of an identifier a gateway gave (store id, wallet username, app key) ... */
export const IDENTIFIER_MAX = 100;
/** ... and of a password or secret. */
export const SECRET_MAX = 200;
const IDENTIFIER_PATTERN = /^[A-Za-z0-9_-]+$/;

/** An identifier as sent: without surrounding spaces. */
export const identifierText = (typed: string) => typed.trim();

/** What is wrong with an identifier a gateway gave (as errors:<code>), checked as the server does; null when nothing. */
export function identifierProblem(typed: string): 'required' | 'store_id_invalid' | null {
  const id = identifierText(typed);
  if (!id) return 'required';
  return IDENTIFIER_PATTERN.test(id) ? null : 'store_id_invalid';
}

/** The form as the site has it now: its choice and store id, the password empty. */
export function merchantValues(saved: MerchantAccount | undefined): MerchantFormValues {
  return { mode: saved?.mode ?? 'platform', store_id: saved?.store_id ?? '', store_password: '' };
}

/** The own store shown is the one in use: its password may be left empty (the server keeps it). */
export function keepsPassword(v: MerchantFormValues, saved: MerchantAccount | undefined): boolean {
  return v.mode === 'own' && saved?.mode === 'own' && !!saved.store_id && identifierText(v.store_id) === saved.store_id;
}

/** Nothing to save: the same choice, and the same store without a new password. */
export function merchantUnchanged(v: MerchantFormValues, saved: MerchantAccount | undefined): boolean {
  if (!saved || v.mode !== saved.mode) return false;
  return v.mode === 'platform' || (keepsPassword(v, saved) && !v.store_password);
}

/**
 * What is wrong with the values before they are sent (the server checks again), as errors:<code>.
 * An empty password is the server's to refuse: it knows the stores kept before.
 */
export function merchantProblems(v: MerchantFormValues): Partial<Record<MerchantField, string>> {
  if (v.mode !== 'own') return {};
  const problem = identifierProblem(v.store_id);
  return problem ? { store_id: problem } : {};
}

/** The body of the save: the platform's store alone, or the own store with its password as typed. */
export function merchantBody(v: MerchantFormValues): MerchantBody {
  if (v.mode === 'platform') return { mode: 'platform' };
  return { mode: 'own', store_id: identifierText(v.store_id), store_password: v.store_password };
}

/** The gateway (SSLCommerz, bKash) was not reached to check the credentials (502): nothing was changed, and it may be tried again. */
export const gatewayUnreached = (err: unknown) => err instanceof ApiError && err.code === 'payment_gateway_unavailable';
