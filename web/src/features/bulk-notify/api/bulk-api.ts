// Bulk notifications (/tmp/contracts/bulk.md): one message to many of the site's people by e-mail,
// SMS and/or the bell. Who it reaches and what the SMS cost are asked before sending
// (POST /bulknotify/audience); a message is sent at once or scheduled (POST /bulknotify/messages),
// its progress read from the list (GET /bulknotify/messages, newest first), stopped midway
// (POST …/{id}/cancel) and its failures read a page at a time (GET …/{id}/failures). The site is the
// host's: a partner admin's audience is the people enrolled on its site. Permission: module `users`
// (`view` to read, `create` to send, `update` to cancel).
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Page } from '../../../lib/types';

export const CHANNELS = ['email', 'sms', 'bell'] as const;
export type Channel = (typeof CHANNELS)[number];

export type EnrolmentFilter = 'pending' | 'active' | 'completed';
export const ENROLMENT_FILTERS: readonly EnrolmentFilter[] = ['pending', 'active', 'completed'];

/** Who a message is for: everyone (the main site's super admin only), else this site's enrolled people, narrowed. */
export interface Audience {
  everyone?: boolean;
  course_id?: number;
  batch_id?: number;
  status?: EnrolmentFilter;
  district_id?: number;
  profession_id?: number;
}

export interface AudienceRequest {
  channels: Channel[];
  audience: Audience;
  body: string;
}

export interface AudienceSummary {
  /** Everyone the filters select. */
  people: number;
  /** Those each asked-for channel can reach (only the channels asked for are present). */
  reachable: Partial<Record<Channel, number>>;
  /** Segments of one SMS of the body. */
  sms_segments: number;
  /** segments × reachable.sms × the rate, in poisha. */
  sms_cost_poisha: number;
}

export type MessageState = 'scheduled' | 'sending' | 'sent' | 'cancelled';

export interface ChannelProgress {
  total: number;
  /** Not yet handed on. */
  waiting: number;
  /** Handed to the mail or SMS gateway's queue (bell: shown). */
  sent: number;
  /** The gateway accepted it (bell: the same as sent). */
  delivered: number;
  /** Given up, or unreachable. */
  failed: number;
}

export interface BulkMessage {
  id: number;
  channels: string[];
  subject: string | null;
  body: string;
  audience: Audience;
  state: MessageState;
  send_at: string | null;
  created_at: string;
  finished_at: string | null;
  created_by: { id: number; name: string } | null;
  progress: Partial<Record<string, ChannelProgress>>;
}

export interface MessageInput {
  channels: Channel[];
  /** For e-mail and the bell. */
  subject: string;
  body: string;
  audience: Audience;
  /** RFC 3339; absent: at once. */
  send_at?: string;
}

/** One person a channel did not reach. */
export interface Failure {
  user_id: number;
  name: string | null;
  channel: string;
  address: string | null;
  /** `no_address`, `opted_out`, or the gateway's words. */
  error: string;
}

export const HISTORY_LIMIT = 10;
export const FAILURES_LIMIT = 20;

const BASE = '/bulknotify';

/**
 * A page of a list as the app's lists are shaped (`{data: [...], current_page, last_page, per_page,
 * total}`), whichever way the server sends it: that shape itself, or the contract's
 * `{data: {items, total, page, limit}}`.
 */
export function toPage<T>(answer: unknown, page: number, limit: number): Page<T> {
  const a = (answer ?? {}) as Record<string, unknown>;
  if (Array.isArray(a.data)) {
    const total = Number(a.total) || 0;
    const per = Number(a.per_page) || limit;
    return {
      data: a.data as T[],
      current_page: Number(a.current_page) || page,
      last_page: Number(a.last_page) || Math.max(1, Math.ceil(total / per)),
      per_page: per,
      total,
    };
  }
  const d = (a.data ?? {}) as Record<string, unknown>;
  const items = Array.isArray(d.items) ? (d.items as T[]) : [];
  const total = Number(d.total) || 0;
  const per = Number(d.limit) || limit;
  return { data: items, current_page: Number(d.page) || page, last_page: Math.max(1, Math.ceil(total / per)), per_page: per, total };
}

/** POST /bulknotify/audience: how many the filters select, and reach per channel, and the SMS cost. Silent: it follows typing. */
export function fetchAudience(request: AudienceRequest, signal?: AbortSignal) {
  return api<DataEnvelope<AudienceSummary>>(`${BASE}/audience`, { method: 'POST', body: request, signal, silent: true }).then((r) => r.data);
}

/** POST /bulknotify/messages: 201 with the message (422 on its fields, or `audience_empty`). */
export function sendMessage(input: MessageInput) {
  return api<DataEnvelope<BulkMessage>>(`${BASE}/messages`, { method: 'POST', body: input }).then((r) => r.data);
}

/** GET /bulknotify/messages?page&limit: the site's bulk messages, newest first. `silent`: a poll. */
export function fetchMessages(page: number, signal?: AbortSignal, silent = false) {
  return api<unknown>(`${BASE}/messages`, { query: { page, limit: HISTORY_LIMIT }, signal, silent }).then((r) => toPage<BulkMessage>(r, page, HISTORY_LIMIT));
}

/** POST /bulknotify/messages/{id}/cancel: the message, stopped (409 `already_finished`). */
export function cancelMessage(id: number) {
  return api<DataEnvelope<BulkMessage>>(`${BASE}/messages/${encodeURIComponent(String(id))}/cancel`, { method: 'POST' }).then((r) => r.data);
}

/** GET /bulknotify/messages/{id}/failures?page&limit: the people a channel did not reach. */
export function fetchFailures(id: number, page: number, signal?: AbortSignal) {
  return api<unknown>(`${BASE}/messages/${encodeURIComponent(String(id))}/failures`, { query: { page, limit: FAILURES_LIMIT }, signal }).then((r) =>
    toPage<Failure>(r, page, FAILURES_LIMIT),
  );
}
