// Rules of the page an announcement's mailed link opens (/unsubscribe?token=…), and how an
// announcement's address is shown there and in the account settings.
import type { QueryClient, UseMutationOptions } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client';
import { readUnsubscribeLink, setUnsubscribed, type AnnouncementChoice } from '../api/auth-api';
import { shownPhone } from './phone-verify';

/** The token is forged, cut short, or another site's. */
export const isUnsubscribeLinkInvalid = (err: unknown) => err instanceof ApiError && err.code === 'unsubscribe_link_invalid';

/** The signed-in person's choices (the account settings' card), per session under this prefix. */
export const ANNOUNCEMENTS_KEY = ['announcements'] as const;

export const unsubscribeLinkKey = (token: string) => ['unsubscribe-link', token] as const;

/**
 * Only reads what the link is about: mail scanners open links, so leaving takes the page's button.
 * The answer stays the page's state; the button's answers replace it.
 */
export function unsubscribeLinkQuery(token: string) {
  return { queryKey: unsubscribeLinkKey(token), queryFn: () => readUnsubscribeLink(token), enabled: !!token, staleTime: Infinity };
}

/**
 * Leaves (`true`) or takes again (`false`) the announcements to the link's address. The account
 * settings of whoever is signed in here are read again: the address may be theirs.
 */
export function unsubscribeMutation(qc: QueryClient, token: string): UseMutationOptions<AnnouncementChoice, Error, boolean> {
  return {
    mutationFn: (left) => setUnsubscribed(token, left),
    onSuccess: (choice) => {
      qc.setQueryData(unsubscribeLinkKey(token), choice);
      void qc.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY });
    },
  };
}

/** The address as people write it here: a mobile number as 01XXXXXXXXX in the interface's digits. */
export function shownAddress(choice: Pick<AnnouncementChoice, 'channel' | 'address'>, lang: string): string {
  return choice.channel === 'sms' ? shownPhone(choice.address, lang) : choice.address;
}
