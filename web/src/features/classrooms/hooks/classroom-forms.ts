// The classrooms' forms: a class (create and edit), a session of its schedule, a person added to
// it (or a list of people), a classwork (material, an assignment or a quiz), and the site's meeting account. Their values as the inputs hold them (a day and a time of the browser's clock, numbers as
// typed, Bangla digits allowed), the checks the server makes again (docs/api-classrooms.md
// "Errors"), and the bodies the calls take. Apart from React so that the rules are tested alone.
import { localDigits, parseWhole } from '../../../lib/digits';
import { fromLocalInput, toLocalInput } from '../../../lib/local-datetime';
import {
  PLATFORMS,
  STUDENT,
  TEACHER,
  type AccountPlatform,
  type ClassFile,
  type ClassSession,
  type Classroom,
  type ClassroomInput,
  type Classwork,
  type ClassworkInput,
  type ClassworkType,
  type MeetingAccount,
  type MeetingAccountInput,
  type PersonInput,
  type PersonRowInput,
  type Platform,
  type SessionInput,
} from '../api/classrooms-api';

/** Limits kept here as the server's (they are checked again there). */
export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const LINK_MAX = 2000;
export const DURATION_MIN = 5;
export const DURATION_MAX = 600;
export const CONTACT_MAX = 200;
/** The longest post or comment the timeline keeps (and a chat message). */
export const BODY_MAX = 2000;
/** The longest classwork instructions. */
export const INSTRUCTIONS_MAX = 5000;
/** The most rows "Add a list" sends at once. */
export const LIST_MAX = 500;
/** A meeting account's secret: 16 characters at least. */
export const SECRET_MIN = 16;
export const BASE_URL_MAX = 500;
export const APP_ID_MAX = 200;
export const SECRET_MAX = 500;

/** A day and a time of the browser's clock, as the date and time inputs hold them. */
export interface DayTime {
  /** YYYY-MM-DD. */
  date: string;
  /** HH:mm. */
  time: string;
}

/** An instant as the date and time inputs show it (the browser's clock). */
export function dayTimeOf(value: string | Date): DayTime {
  const local = toLocalInput(value);
  const [date = '', time = ''] = local.split('T');
  return { date, time };
}

/** Tomorrow at 10:00 on the browser's clock. */
export function tomorrowAtTen(now: Date = new Date()): Date {
  const d = new Date(now);
  d.setDate(d.getDate() + 1);
  d.setHours(10, 0, 0, 0);
  return d;
}

/** The day and time as RFC 3339 in UTC; null when they are not a real day and time. */
export function instantOf(date: string, time: string): string | null {
  if (!date.trim() || !time.trim()) return null;
  return fromLocalInput(`${date.trim()}T${time.trim()}`);
}

/** The problem of a day and a time that must be given: which field, and its code. */
function dayTimeProblem(date: string, time: string): { field: 'date' | 'time'; code: string } | null {
  if (!date.trim()) return { field: 'date', code: 'required' };
  if (!time.trim()) return { field: 'time', code: 'required' };
  if (!instantOf(date, time)) return { field: 'date', code: 'invalid_date_time' };
  return null;
}

function tooLong(value: string, max: number): boolean {
  return value.trim().length > max;
}

// ---- a class ----

export interface ClassroomFormValues {
  name: string;
  name_bn: string;
  description: string;
  date: string;
  time: string;
  platform: Platform;
  meeting_link: string;
}

/** The fields the server may refuse, in the form's order (`starts_at` shows on the day). */
export const CLASSROOM_FIELDS = ['name', 'name_bn', 'description', 'date', 'time', 'starts_at', 'platform', 'meeting_link'] as const;
export type ClassroomField = (typeof CLASSROOM_FIELDS)[number];

/** A new class (tomorrow at 10:00 on Jitsi), or a saved one's values to edit. */
export function classroomValues(c: Classroom | null, now: Date = new Date()): ClassroomFormValues {
  const when = dayTimeOf(c ? c.starts_at : tomorrowAtTen(now));
  return {
    name: c?.name ?? '',
    name_bn: c?.name_bn ?? '',
    description: c?.description ?? '',
    date: when.date,
    time: when.time,
    platform: c && (PLATFORMS as readonly string[]).includes(c.platform) ? c.platform : 'jitsi',
    meeting_link: c?.meeting_link ?? '',
  };
}

/** An https link with a host (the server takes no other for a class's own meeting link). */
export function isHttpsUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return u.protocol === 'https:' && !!u.hostname && !/\s/.test(value.trim());
  } catch {
    return false;
  }
}

/** What keeps the values from being saved, per field, as a code (the server checks the same again). */
export function classroomProblems(v: ClassroomFormValues): Partial<Record<ClassroomField, string>> {
  const out: Partial<Record<ClassroomField, string>> = {};
  if (!v.name.trim()) out.name = 'required';
  else if (tooLong(v.name, NAME_MAX)) out.name = 'too_long';
  if (tooLong(v.name_bn, NAME_MAX)) out.name_bn = 'too_long';
  if (tooLong(v.description, DESCRIPTION_MAX)) out.description = 'too_long';
  const when = dayTimeProblem(v.date, v.time);
  if (when) out[when.field] = when.code;
  if (!(PLATFORMS as readonly string[]).includes(v.platform)) out.platform = 'invalid_choice';
  if (v.platform === 'link') {
    const link = v.meeting_link.trim();
    if (!link) out.meeting_link = 'required';
    else if (link.length > LINK_MAX || !isHttpsUrl(link)) out.meeting_link = 'https_link';
  }
  return out;
}

/** The body of create / update: trimmed texts, an empty Bangla name as null, the start in UTC. */
export function classroomBody(v: ClassroomFormValues): ClassroomInput {
  return {
    name: v.name.trim(),
    name_bn: v.name_bn.trim() || null,
    description: v.description.trim(),
    starts_at: instantOf(v.date, v.time) ?? `${v.date}T${v.time}`,
    platform: v.platform,
    meeting_link: v.platform === 'link' ? v.meeting_link.trim() : null,
  };
}

// ---- a session ----

export interface SessionFormValues {
  title: string;
  title_bn: string;
  description: string;
  date: string;
  time: string;
  /** Minutes, as typed (Bangla digits allowed). */
  duration_minutes: string;
}

export const SESSION_FIELDS = ['title', 'title_bn', 'description', 'date', 'time', 'starts_at', 'duration_minutes'] as const;
export type SessionField = (typeof SESSION_FIELDS)[number];

/** A new session (tomorrow at 10:00 for an hour), or a saved one's values (its minutes in the interface's digits). */
export function sessionValues(s: ClassSession | null, lang = 'en', now: Date = new Date()): SessionFormValues {
  const when = dayTimeOf(s ? s.starts_at : tomorrowAtTen(now));
  return {
    title: s?.title ?? '',
    title_bn: s?.title_bn ?? '',
    description: s?.description ?? '',
    date: when.date,
    time: when.time,
    duration_minutes: localDigits(String(s?.duration_minutes ?? 60), lang),
  };
}

export function sessionProblems(v: SessionFormValues): Partial<Record<SessionField, string>> {
  const out: Partial<Record<SessionField, string>> = {};
  if (!v.title.trim()) out.title = 'required';
  else if (tooLong(v.title, NAME_MAX)) out.title = 'too_long';
  if (tooLong(v.title_bn, NAME_MAX)) out.title_bn = 'too_long';
  if (tooLong(v.description, DESCRIPTION_MAX)) out.description = 'too_long';
  const when = dayTimeProblem(v.date, v.time);
  if (when) out[when.field] = when.code;
  const minutes = parseWhole(v.duration_minutes);
  if (!v.duration_minutes.trim()) out.duration_minutes = 'required';
  else if (minutes === null || minutes < DURATION_MIN || minutes > DURATION_MAX) out.duration_minutes = 'duration_range';
  return out;
}

export function sessionBody(v: SessionFormValues): SessionInput {
  return {
    title: v.title.trim(),
    title_bn: v.title_bn.trim() || null,
    description: v.description.trim(),
    starts_at: instantOf(v.date, v.time) ?? `${v.date}T${v.time}`,
    duration_minutes: parseWhole(v.duration_minutes) ?? 0,
  };
}

// ---- a person ----

export type PersonKind = 'teacher' | 'student';

export interface PersonFormValues {
  kind: PersonKind;
  name: string;
  email: string;
  phone: string;
}

export const PERSON_FIELDS = ['user_type', 'name', 'email', 'phone'] as const;
export type PersonField = (typeof PERSON_FIELDS)[number];

export function personValues(kind: PersonKind = 'student'): PersonFormValues {
  return { kind, name: '', email: '', phone: '' };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The name, and an e-mail or a mobile number (the server answers `contact_required` too). */
export function personProblems(v: PersonFormValues): Partial<Record<PersonField, string>> {
  const out: Partial<Record<PersonField, string>> = {};
  if (!v.name.trim()) out.name = 'required';
  else if (tooLong(v.name, NAME_MAX)) out.name = 'too_long';
  const email = v.email.trim();
  const phone = v.phone.trim();
  if (!email && !phone) out.email = 'contact_required';
  if (email && (email.length > CONTACT_MAX || !EMAIL.test(email))) out.email = 'invalid_email';
  // Any spelling of a number is taken (spaces, dashes, +880, Bangla digits): the server reads it.
  if (phone && (phone.length > CONTACT_MAX || !/^[+\d০-৯][\d০-৯\s()-]{5,}$/.test(phone))) out.phone = 'invalid_phone';
  return out;
}

export function personBody(classroomId: number, v: PersonFormValues): PersonInput {
  const email = v.email.trim();
  const phone = v.phone.trim();
  return {
    classroom_id: classroomId,
    user_type: v.kind === 'teacher' ? TEACHER : STUDENT,
    name: v.name.trim(),
    ...(email && { email }),
    ...(phone && { phone }),
  };
}

// ---- a list of people ----

/** A row of the list as typed: its line (from 1), the name and the contact it gives. */
export interface ListRow extends PersonRowInput {
  line: number;
}

/**
 * The rows of "Add a list": each line not blank is "name, e-mail or mobile" (a tab or a semicolon
 * works too, as pasted from a sheet; "name, e-mail, mobile" gives both). A part with "@" is the
 * e-mail, another with digits the mobile number.
 */
export function parsePeopleList(text: string): ListRow[] {
  const rows: ListRow[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    if (!raw.trim()) return;
    const [name = '', ...rest] = raw.split(/[\t,;]/).map((p) => p.trim());
    const row: ListRow = { line: i + 1, name };
    for (const part of rest) {
      if (!part) continue;
      if (part.includes('@')) row.email ??= part;
      else if (/[\d০-৯]/.test(part)) row.phone ??= part;
    }
    rows.push(row);
  });
  return rows;
}

/** What the server is sent of the rows. */
export function listBody(rows: readonly ListRow[]): PersonRowInput[] {
  return rows.map(({ name, email, phone }) => ({ name, ...(email && { email }), ...(phone && { phone }) }));
}

/** A problem of one row: its index in the list sent (the server's `people.<n>`), the field and the code. */
export interface RowProblem {
  row: number;
  field: string;
  code: string;
}

/** The rows' problems as the server would find them (each row as a person of the one-person form). */
export function listProblems(rows: readonly ListRow[]): RowProblem[] {
  const out: RowProblem[] = [];
  rows.forEach((r, row) => {
    const found = personProblems({ kind: 'student', name: r.name, email: r.email ?? '', phone: r.phone ?? '' });
    for (const [field, code] of Object.entries(found)) out.push({ row, field, code: code as string });
  });
  return out;
}

/** The server's refusal of rows: `people.<n>.<field>` keys as (row, field, key). */
export function rowErrorKeys(fieldErrors: Record<string, unknown>): { row: number; field: string; key: string }[] {
  const out: { row: number; field: string; key: string }[] = [];
  for (const key of Object.keys(fieldErrors)) {
    const m = /^people\.(\d+)\.(\w+)$/.exec(key);
    if (m) out.push({ row: Number(m[1]), field: m[2], key });
  }
  return out.sort((a, b) => a.row - b.row);
}

// ---- a classwork ----

/** A file chosen from the file manager: its id and the name shown. */
export interface PickedFile {
  id: number;
  title: string;
}

export function pickedFile(file: Pick<ClassFile, 'id' | 'title' | 'file_name'> | null | undefined): PickedFile | null {
  return file ? { id: file.id, title: file.title || file.file_name } : null;
}

export interface ClassworkFormValues {
  content_type: ClassworkType;
  title: string;
  title_bn: string;
  instructions: string;
  /** The session's id as the select holds it; '' for the whole class. */
  session_id: string;
  file: PickedFile | null;
  /** Assignments: the day and time it is due (both, or neither). */
  due_date: string;
  due_time: string;
  /** Quizzes: the exam of the Exam Centre the class takes (required). */
  exam_id: number | null;
}

export const CLASSWORK_FIELDS = ['content_type', 'exam_id', 'title', 'title_bn', 'instructions', 'session_id', 'file_id', 'due_date', 'due_time', 'due_at'] as const;
export type ClassworkField = (typeof CLASSWORK_FIELDS)[number];

/** A new material for the whole class, or a saved classwork's values. */
export function classworkValues(c: Classwork | null, type: ClassworkType = 'material'): ClassworkFormValues {
  const due = c?.due_at ? dayTimeOf(c.due_at) : { date: '', time: '' };
  return {
    content_type: c?.content_type ?? type,
    title: c?.title ?? '',
    title_bn: c?.title_bn ?? '',
    instructions: c?.instructions ?? '',
    session_id: c?.session_id ? String(c.session_id) : '',
    file: pickedFile(c?.file),
    due_date: due.date,
    due_time: due.time,
    exam_id: c?.exam?.id ?? null,
  };
}

export function classworkProblems(v: ClassworkFormValues): Partial<Record<ClassworkField, string>> {
  const out: Partial<Record<ClassworkField, string>> = {};
  if (!v.title.trim()) out.title = 'required';
  else if (tooLong(v.title, NAME_MAX)) out.title = 'too_long';
  if (tooLong(v.title_bn, NAME_MAX)) out.title_bn = 'too_long';
  if (tooLong(v.instructions, INSTRUCTIONS_MAX)) out.instructions = 'too_long';
  if (v.content_type === 'quiz' && v.exam_id == null) out.exam_id = 'exam_required';
  if (v.content_type === 'assignment' && (v.due_date.trim() || v.due_time.trim())) {
    const when = dayTimeProblem(v.due_date, v.due_time);
    if (when) out[when.field === 'date' ? 'due_date' : 'due_time'] = when.code;
  }
  return out;
}

/**
 * The body of create / update: trimmed texts, an empty Bangla title as null, the due time in UTC
 * for an assignment, the exam for a quiz (not sent with the other kinds).
 */
export function classworkBody(v: ClassworkFormValues): ClassworkInput {
  const assignment = v.content_type === 'assignment';
  return {
    content_type: v.content_type,
    title: v.title.trim(),
    title_bn: v.title_bn.trim() || null,
    instructions: v.instructions.trim(),
    session_id: v.session_id ? Number(v.session_id) : null,
    file_id: v.file?.id ?? null,
    due_at: assignment && v.due_date.trim() ? instantOf(v.due_date, v.due_time) : null,
    ...(v.content_type === 'quiz' && { exam_id: v.exam_id }),
  };
}

// ---- the site's meeting account ----

/** Zoom's own API and token addresses, which the server uses when they are left empty. */
export const ZOOM_API = 'https://api.zoom.us/v2';
export const ZOOM_AUTH = 'https://zoom.us/oauth/token';

export interface MeetingFormValues {
  platform: AccountPlatform;
  /** Jitsi, Convay, BigBlueButton: the server (required); Zoom: its API (empty for ZOOM_API). */
  base_url: string;
  /** Jitsi and Convay: the app id; Zoom: the account id; BigBlueButton: not asked. */
  app_id: string;
  /** Write-only: never filled in from the server (Zoom: the client secret). */
  secret: string;
  /** Zoom: the client id. */
  client_id: string;
  /** Zoom: the OAuth token address (empty for ZOOM_AUTH). */
  auth_url: string;
  /** Zoom: the token that signs its event notifications; write-only like the secret. */
  webhook_secret: string;
}

export const MEETING_FIELDS = ['platform', 'base_url', 'app_id', 'client_id', 'secret', 'webhook_secret', 'auth_url'] as const;
export type MeetingField = (typeof MEETING_FIELDS)[number];

/** The fields a platform's account asks for, in the form's order. */
export function meetingFieldsOf(platform: AccountPlatform): readonly Exclude<MeetingField, 'platform'>[] {
  switch (platform) {
    case 'bbb':
      return ['base_url', 'secret'];
    case 'zoom':
      return ['app_id', 'client_id', 'secret', 'webhook_secret', 'base_url', 'auth_url'];
    default:
      return ['base_url', 'app_id', 'secret'];
  }
}

/** The account's addresses and ids as saved (the secrets stay empty; the server does not send the token address back). */
export function meetingValues(platform: AccountPlatform, account?: MeetingAccount | null): MeetingFormValues {
  return { platform, base_url: account?.base_url ?? '', app_id: account?.app_id ?? '', secret: '', client_id: account?.client_id ?? '', auth_url: account?.auth_url ?? '', webhook_secret: '' };
}

function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value.trim());
    return (u.protocol === 'https:' || u.protocol === 'http:') && !!u.hostname && !/\s/.test(value.trim());
  } catch {
    return false;
  }
}

/** An address: required or not, and then an http(s) one within BASE_URL_MAX. */
function urlProblem(value: string, required: boolean): string | null {
  const url = value.trim();
  if (!url) return required ? 'required' : null;
  return url.length > BASE_URL_MAX || !isHttpUrl(url) ? 'invalid_url' : null;
}

/** A text that must be given, within `max`. */
function textProblem(value: string, max: number): string | null {
  if (!value.trim()) return 'required';
  return tooLong(value, max) ? 'too_long' : null;
}

/** What keeps the platform's account from being saved, per field it asks for (the server checks the same again). */
export function meetingProblems(v: MeetingFormValues): Partial<Record<MeetingField, string>> {
  const out: Partial<Record<MeetingField, string>> = {};
  const zoom = v.platform === 'zoom';
  const asks = meetingFieldsOf(v.platform);
  const put = (field: MeetingField, code: string | null) => {
    if (code && asks.includes(field as Exclude<MeetingField, 'platform'>)) out[field] = code;
  };
  put('base_url', urlProblem(v.base_url, !zoom));
  put('app_id', textProblem(v.app_id, APP_ID_MAX));
  put('client_id', textProblem(v.client_id, APP_ID_MAX));
  const secret = v.secret.trim();
  put('secret', !secret ? 'required' : [...secret].length < SECRET_MIN ? 'secret_short' : secret.length > SECRET_MAX ? 'too_long' : null);
  put('webhook_secret', textProblem(v.webhook_secret, SECRET_MAX));
  put('auth_url', urlProblem(v.auth_url, false));
  return out;
}

/** What store is sent: the fields the platform asks for (BigBlueButton has no app id; only Zoom's account has the others). */
export function meetingBody(v: MeetingFormValues): MeetingAccountInput {
  const base = { platform: v.platform, base_url: v.base_url.trim(), secret: v.secret };
  switch (v.platform) {
    case 'bbb':
      return base;
    case 'zoom':
      return { ...base, app_id: v.app_id.trim(), client_id: v.client_id.trim(), auth_url: v.auth_url.trim(), webhook_secret: v.webhook_secret };
    default:
      return { ...base, app_id: v.app_id.trim() };
  }
}
