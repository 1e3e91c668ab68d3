// Events (docs/api-events.md): seminars, orientations and fairs of the site, registration, QR
// check-in, materials, discussions and reviews. The paths are the spec's, its typo included
// (`/event/discussios/{id}`).
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Done, Page } from '../../../lib/types';

export const REGISTRATION_MODES = ['open', 'approval'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const EVENT_STATES = ['upcoming', 'ongoing', 'ended'] as const;
export type EventState = (typeof EVENT_STATES)[number];

export const REGISTRATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

export interface Registration {
  id: number;
  event_id: number;
  user_id: number;
  name: string;
  email: string | null;
  phone: string | null;
  status: RegistrationStatus;
  checked_in_at: string | null;
  /** The QR code's text, "EVT1.<event_id>.<code>": the registrant's own, while approved. */
  ticket: string | null;
  created_at: string;
}

export interface EventItem {
  id: number;
  title: string;
  title_bn: string | null;
  /** Plain text. */
  description: string;
  description_bn: string | null;
  /** RFC 3339, UTC. */
  starts_at: string;
  ends_at: string;
  venue: string | null;
  online_link: string | null;
  /** Seats; null: no limit. */
  capacity: number | null;
  registration: RegistrationMode;
  published: boolean;
  state: EventState;
  /** Approved registrations. */
  registered: number;
  /** Registrations awaiting approval. */
  pending: number;
  /** null when there is no limit. */
  seats_left: number | null;
  rating: number | null;
  reviews: number;
  can_manage: boolean;
  my_registration: Registration | null;
  created_at: string;
  updated_at: string;
}

export interface EventInput {
  title: string;
  title_bn?: string | null;
  description?: string;
  description_bn?: string | null;
  starts_at: string;
  ends_at: string;
  venue?: string | null;
  online_link?: string | null;
  capacity?: number | null;
  registration?: RegistrationMode;
  published?: boolean;
}

/** A file of the file manager as the materials list answers it. */
export interface MaterialFile {
  id: number;
  title: string;
  type: string;
  url?: string | null;
  file_main_path?: string | null;
  file_name?: string | null;
  size?: number | null;
  is_url?: 0 | 1;
}

export interface Material {
  id: number;
  file: MaterialFile;
  created_at: string;
}

export interface Discussion {
  id: number;
  parent_id: number | null;
  user_id: number;
  user_name: string;
  body: string;
  removed: boolean;
  by_manager: boolean;
  edited: boolean;
  created_at: string;
  can_remove: boolean;
  can_edit: boolean;
  /** Top-level posts only. */
  replies?: Discussion[];
}

export interface Review {
  id: number;
  user_id: number;
  user_name: string;
  rating: number;
  comment: string;
  created_at: string;
}

/** The attendance page: people checked in, latest first, and the counts beside the page. */
export interface AttendancePage extends Page<Registration> {
  approved: number;
  checked_in: number;
}

export type EventWhen = 'upcoming' | 'past' | 'all';

export interface EventQuery {
  page?: number;
  limit?: number;
  search?: string;
  when?: EventWhen;
  /** Managers: unpublished events too. */
  manage?: boolean;
}

// ---- events ----

export function fetchEvents({ manage, ...query }: EventQuery, signal?: AbortSignal) {
  return api<Page<EventItem>>('/event/all', { query: { ...query, manage: manage ? 1 : undefined }, signal });
}

/** The events the caller registered for (any status but cancelled), soonest first. */
export function fetchMyEvents(query: { page?: number; limit?: number }, signal?: AbortSignal) {
  return api<Page<EventItem>>('/event/my', { query, signal });
}

export function fetchEvent(id: number, signal?: AbortSignal) {
  return api<DataEnvelope<EventItem>>(`/event/details/${id}`, { signal }).then((r) => r.data);
}

export function createEvent(input: EventInput) {
  return api<DataEnvelope<EventItem>>('/event/create', { method: 'POST', body: input }).then((r) => r.data);
}

export function updateEvent(id: number, input: EventInput) {
  return api<DataEnvelope<EventItem>>('/event/update', { method: 'PUT', body: { ...input, id } }).then((r) => r.data);
}

export function deleteEvent(id: number) {
  return api<DataEnvelope<Done>>(`/event/${id}`, { method: 'DELETE' });
}

/** The calendar file (text/calendar) of an event: a plain link, the browser downloads it. */
export function eventIcsPath(id: number): string {
  return `/event/ics/${id}`;
}

// ---- registrations ----

/** Approved at once for an open event, pending for an approval one; again: the existing one. */
export function registerForEvent(eventId: number) {
  return api<DataEnvelope<Registration>>(`/event/register/${eventId}`, { method: 'POST' }).then((r) => r.data);
}

/** The registrant cancels their own, or a manager removes anyone's. */
export function deleteRegistration(registrationId: number) {
  return api<DataEnvelope<Done>>(`/event/event-user/${registrationId}`, { method: 'DELETE' });
}

export function decideRegistration(registrationId: number, status: 'approved' | 'rejected') {
  return api<DataEnvelope<Registration>>(`/event/event-user/${registrationId}/status`, { method: 'POST', body: { status } }).then((r) => r.data);
}

export interface RegistrationQuery {
  page?: number;
  limit?: number;
  search?: string;
  status?: RegistrationStatus | '';
}

export function fetchRegistrations(eventId: number, query: RegistrationQuery, signal?: AbortSignal) {
  return api<Page<Registration>>(`/event/users/${eventId}`, { query: { ...query }, signal });
}

export function checkIn(eventId: number, ticket: string) {
  return api<DataEnvelope<Registration>>('/event/check-in', { method: 'POST', body: { event_id: eventId, ticket } }).then((r) => r.data);
}

export function fetchAttendance(eventId: number, query: { page?: number; limit?: number }, signal?: AbortSignal) {
  return api<AttendancePage>(`/event/attendance/${eventId}`, { query, signal });
}

// ---- materials ----

export function fetchMaterials(eventId: number, signal?: AbortSignal) {
  return api<DataEnvelope<Material[]>>(`/event/materials/${eventId}`, { signal }).then((r) => r.data);
}

export function addMaterial(eventId: number, fileId: number) {
  return api<DataEnvelope<Material>>('/event/materials', { method: 'POST', body: { event_id: eventId, file_id: fileId } }).then((r) => r.data);
}

export function removeMaterial(materialId: number) {
  return api<DataEnvelope<Done>>(`/event/material/${materialId}`, { method: 'DELETE' });
}

// ---- discussions ----

export function fetchDiscussions(eventId: number, query: { page?: number; limit?: number }, signal?: AbortSignal) {
  return api<Page<Discussion>>(`/event/discussios/${eventId}`, { query, signal });
}

export function createDiscussion(body: { event_id: number; parent_id?: number | null; body: string }) {
  return api<DataEnvelope<Discussion>>('/event/discussion/create', { method: 'POST', body }).then((r) => r.data);
}

export function updateDiscussion(id: number, body: string) {
  return api<DataEnvelope<Discussion>>('/event/discussion/update', { method: 'POST', body: { id, body } }).then((r) => r.data);
}

export function deleteDiscussion(id: number) {
  return api<DataEnvelope<Done>>(`/event/discussion/${id}`, { method: 'DELETE' });
}

// ---- reviews ----

export function fetchReviews(eventId: number, query: { page?: number; limit?: number }, signal?: AbortSignal) {
  return api<Page<Review>>(`/event/review/${eventId}`, { query, signal });
}

export function sendReview(body: { event_id: number; rating: number; comment?: string }) {
  return api<DataEnvelope<Review>>('/event/review', { method: 'POST', body }).then((r) => r.data);
}
