// What a notification says, written here in the interface language from its kind and params (the
// server sends no text), when it came, and where opening it leads. The panel's code only: the
// bell itself does not need it.
import type { TFunction } from 'i18next';
import { localTitle } from '../../../lib/course-text';
import { formatTaka } from '../../../lib/money';
import type { Notification } from '../api/notifications-api';

/** The kinds this app words; any other is shown with the generic text. */
export const KNOWN_KINDS = ['enrolment_approved', 'certificate_issued', 'payment_received', 'announcement'] as const;

/** How much of a bulk message's body the panel shows. */
export const ANNOUNCEMENT_MAX = 140;

const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The text of a notification in `lang` (`t` of the notifications namespace). */
export function notificationText(n: Pick<Notification, 'kind' | 'params'>, t: TFunction, lang: string): string {
  const p = n.params ?? {};
  switch (n.kind) {
    case 'enrolment_approved':
    case 'certificate_issued': {
      const course = localTitle({ title: str(p.course_title), title_bn: str(p.course_title_bn) }, lang);
      // A course without any title: the generic text reads better than an empty name.
      if (course) return t(`notifications:kinds.${n.kind}`, { course });
      break;
    }
    case 'payment_received': {
      if (typeof p.amount_poisha === 'number' && Number.isInteger(p.amount_poisha)) return t('notifications:kinds.payment_received', { amount: formatTaka(p.amount_poisha, lang) });
      break;
    }
    // A bulk message of the site's admins (features/bulk-notify): its subject and the start of its body, as written.
    case 'announcement': {
      const subject = str(p.subject).trim();
      const whole = str(p.body).trim().replace(/\s+/g, ' ');
      const body = whole.length > ANNOUNCEMENT_MAX ? `${whole.slice(0, ANNOUNCEMENT_MAX - 1).trimEnd()}…` : whole;
      if (subject && body) return t('notifications:kinds.announcement', { subject, body });
      if (subject || body) return subject || body;
      break;
    }
  }
  return t('notifications:kinds.unknown');
}

/**
 * The link as a path of this app (one '/', not '//' nor '/\', no control characters or spaces),
 * for react-router; null for none or anything else (another site is never opened from here).
 */
export function appPath(link: string | null | undefined): string | null {
  if (typeof link !== 'string' || link[0] !== '/' || link[1] === '/' || link[1] === '\\') return null;
  if (/[\u0000-\u001f\u007f\s]/.test(link)) return null;
  return link;
}
