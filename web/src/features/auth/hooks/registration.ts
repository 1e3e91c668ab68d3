// Rules of the registration page: an e-mail address or a mobile number (or both), as the server
// asks, and where a new account goes.
import type { UseMutationOptions } from '@tanstack/react-query';
import { isMobileNumber } from '../../../lib/phone';
import { register, type AuthResult } from '../api/auth-api';
import { codeSent, PHONE_VERIFY } from './phone-verify';

export interface RegistrationForm {
  name: string;
  email: string;
  phone: string;
  password: string;
}
export const REGISTRATION_FIELDS = ['name', 'email', 'phone', 'password'] as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with the e-mail address next to `phone`: none of the two given, or not an address; null when fine. */
export function emailProblem(email: string, phone: string): 'contact_required' | 'email_invalid' | null {
  const typed = email.trim();
  if (!typed) return phone.trim() ? null : 'contact_required';
  return EMAIL.test(typed) ? null : 'email_invalid';
}

/** The phone is left empty or is a Bangladeshi mobile number (any spelling the server takes). */
export const phoneOk = (phone: string) => !phone.trim() || isMobileNumber(phone);

/** Body of register: trimmed; the e-mail address empty for an account with a phone only. */
export function registrationBody(v: RegistrationForm) {
  return { name: v.name.trim(), email: v.email.trim(), phone: v.phone.trim() || undefined, password: v.password };
}

/**
 * Creates the account and signs it in: one with a phone only goes to verify it, where the code the
 * server texted on signing up is asked for at once; others go where signing in goes.
 */
export function registrationMutation(
  signIn: (result: AuthResult, to?: string, state?: unknown) => void,
): UseMutationOptions<AuthResult, Error, RegistrationForm> {
  return {
    mutationFn: (v) => register(registrationBody(v)),
    onSuccess: (result, v) => {
      const body = registrationBody(v);
      if (body.phone && !body.email) signIn(result, PHONE_VERIFY, codeSent());
      else signIn(result);
    },
  };
}
