// The compose form of a bulk message: the channel preset each route gives (/bulknotify/email, /sms,
// /system: the bell, /custom: any of the three), the form's values, the audience and the requests
// built from them, and the checks the server makes again (the contract's limits). Apart from React
// so that the rules are tested alone.
import { fieldRefusal } from '../../../lib/field-error-text';
import { fromLocalInput } from '../../../lib/local-datetime';
import { CHANNELS, type Audience, type AudienceRequest, type Channel, type EnrolmentFilter, type MessageInput } from '../api/bulk-api';
import { SMS_MAX_PARTS, smsCount } from './sms-segments';

export const BULK_PRESETS = ['email', 'sms', 'system', 'custom'] as const;
export type BulkPreset = (typeof BULK_PRESETS)[number];

/** The page of a preset. */
export const bulkPath = (preset: BulkPreset) => `/bulknotify/${preset}`;

/** The channels a preset starts with: its one channel; none for custom (SMS costs money: nothing is ticked for the sender). */
export function presetChannels(preset: BulkPreset): Channel[] {
  switch (preset) {
    case 'email':
      return ['email'];
    case 'sms':
      return ['sms'];
    case 'system':
      return ['bell'];
    case 'custom':
      return [];
  }
}

/** Whether the sender chooses the channels (custom) or the route fixed one. */
export const choosesChannels = (preset: BulkPreset) => preset === 'custom';

/** The server's limits. */
export const SUBJECT_MAX = 150;
export const BODY_MAX = 2000;

/** What the course picker keeps of a course (its title shown once chosen). */
export interface CourseOption {
  id: number;
  title: string;
  title_bn: string;
}

export interface BulkFormValues {
  channels: Channel[];
  subject: string;
  body: string;
  /** Every registered person of the platform (the main site's super admin only). */
  everyone: boolean;
  course: CourseOption | null;
  batch_id: number | null;
  /** '' = any. */
  status: EnrolmentFilter | '';
  district_id: number | null;
  profession_id: number | null;
  when: 'now' | 'later';
  /** A datetime-local value: the browser's time, YYYY-MM-DDTHH:mm. */
  send_at: string;
}

/** The fields the form shows refusals on, in its order. */
export const BULK_FIELDS = ['channels', 'subject', 'body', 'everyone', 'course', 'batch_id', 'status', 'district_id', 'profession_id', 'send_at'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

/** The server's names of the form's fields (the audience's under `audience.`). */
const SERVER_NAMES: Record<BulkField, string[]> = {
  channels: ['channels'],
  subject: ['subject'],
  body: ['body'],
  everyone: ['audience.everyone'],
  course: ['audience.course_id', 'course_id'],
  batch_id: ['audience.batch_id', 'batch_id'],
  status: ['audience.status', 'status'],
  district_id: ['audience.district_id', 'district_id'],
  profession_id: ['audience.profession_id', 'profession_id'],
  send_at: ['send_at'],
};

export function emptyBulkValues(preset: BulkPreset): BulkFormValues {
  return {
    channels: presetChannels(preset),
    subject: '',
    body: '',
    everyone: false,
    course: null,
    batch_id: null,
    status: '',
    district_id: null,
    profession_id: null,
    when: 'now',
    send_at: '',
  };
}

/** The chosen channels in the contract's order, each once, known ones only. */
export function orderedChannels(channels: readonly string[]): Channel[] {
  return CHANNELS.filter((c) => channels.includes(c));
}

/** Whether the message has a subject: e-mail's and the bell's title. */
export const needsSubject = (channels: readonly string[]) => channels.includes('email') || channels.includes('bell');

/**
 * The audience of the filters: everyone (when the sender may choose it and did), else the filters
 * chosen (a batch only with its course). `mayChooseEveryone`: the main site's super admin.
 */
export function audienceOf(v: Pick<BulkFormValues, 'everyone' | 'course' | 'batch_id' | 'status' | 'district_id' | 'profession_id'>, mayChooseEveryone: boolean): Audience {
  if (mayChooseEveryone && v.everyone) return { everyone: true };
  const a: Audience = {};
  if (v.course) {
    a.course_id = v.course.id;
    if (v.batch_id != null) a.batch_id = v.batch_id;
  }
  if (v.status) a.status = v.status;
  if (v.district_id != null) a.district_id = v.district_id;
  if (v.profession_id != null) a.profession_id = v.profession_id;
  return a;
}

/** The audience question for the values: who the channels reach, and the SMS parts of the body. */
export function audienceRequest(v: BulkFormValues, mayChooseEveryone: boolean): AudienceRequest {
  return { channels: orderedChannels(v.channels), audience: audienceOf(v, mayChooseEveryone), body: v.body.trim() };
}

/** The message to send: the subject only for e-mail and the bell, the time only when scheduled (in UTC). */
export function messageInput(v: BulkFormValues, mayChooseEveryone: boolean): MessageInput {
  const channels = orderedChannels(v.channels);
  const input: MessageInput = {
    channels,
    subject: needsSubject(channels) ? v.subject.trim() : '',
    body: v.body.trim(),
    audience: audienceOf(v, mayChooseEveryone),
  };
  if (v.when === 'later') input.send_at = fromLocalInput(v.send_at) ?? v.send_at;
  return input;
}

/**
 * What keeps the values from being sent, per field, as a code (bulk:problems.<code>, else
 * errors:<code>). The server checks the same again. `now`: the time to be after.
 */
export function bulkProblems(v: BulkFormValues, now: number = Date.now()): Partial<Record<BulkField, string>> {
  const out: Partial<Record<BulkField, string>> = {};
  const channels = orderedChannels(v.channels);
  if (!channels.length) out.channels = 'channels_required';
  const subject = v.subject.trim();
  if (needsSubject(channels)) {
    if (!subject) out.subject = 'required';
    else if (subject.length > SUBJECT_MAX) out.subject = 'subject_too_long';
  }
  const body = v.body.trim();
  if (!body) out.body = 'required';
  else if (body.length > BODY_MAX) out.body = 'body_too_long';
  else if (channels.includes('sms') && smsCount(body).parts > SMS_MAX_PARTS) out.body = 'too_many_parts';
  if (v.when === 'later') {
    const at = fromLocalInput(v.send_at);
    if (!v.send_at.trim()) out.send_at = 'required';
    else if (!at) out.send_at = 'invalid_date';
    else if (Date.parse(at) <= now) out.send_at = 'send_at_past';
  }
  return out;
}

/**
 * The refusal of each form field in a 422: a code the server sent on it (or the answer's own code
 * when it names one field) for `word` to translate, else the server's words. Fields of no form
 * field are left for the form's alert.
 */
export function serverFieldErrors(err: unknown, word: (field: BulkField, code: string) => string | null): Partial<Record<BulkField, string>> {
  const out: Partial<Record<BulkField, string>> = {};
  for (const field of BULK_FIELDS) {
    for (const name of SERVER_NAMES[field]) {
      const text = fieldRefusal(err, name, (code) => word(field, code));
      if (text != null) {
        out[field] = text;
        break;
      }
    }
  }
  return out;
}
