// Queries and mutations of the events' pages. One key space ('events'): a change to an event, its
// registrations or its check-ins reads the lists and the event again.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { SECTION_QUERY } from '../../../lib/forbidden';
import { PAGE_ACCESS, type MenuClass } from '../../../lib/menu-class';
import { useToken } from '../../../lib/session';
import {
  addMaterial,
  checkIn,
  createDiscussion,
  createEvent,
  decideRegistration,
  deleteDiscussion,
  deleteEvent,
  deleteRegistration,
  fetchAttendance,
  fetchDiscussions,
  fetchEvent,
  fetchEvents,
  fetchMaterials,
  fetchMyEvents,
  fetchRegistrations,
  fetchReviews,
  registerForEvent,
  removeMaterial,
  sendReview,
  updateDiscussion,
  updateEvent,
  type EventInput,
  type EventItem,
  type EventWhen,
  type RegistrationStatus,
} from '../api/events-api';

export const EVENTS_PAGE_SIZE = 12;
export const ROWS_PAGE_SIZE = 20;
export const DISCUSSIONS_PAGE_SIZE = 10;
export const REVIEWS_PAGE_SIZE = 10;

/** Who manages events: the people who author courses (partner admins and teachers, super admins). */
export function isEventManager(cls: MenuClass): boolean {
  return (PAGE_ACCESS.events as readonly MenuClass[]).includes(cls);
}

export type ListTab = EventWhen | 'mine';

export interface EventListParams {
  tab: ListTab;
  page: number;
  search: string;
  manage: boolean;
}

export const eventKeys = {
  all: ['events'] as const,
  lists: ['events', 'list'] as const,
  list: (p: EventListParams, token: string | null) => ['events', 'list', p.tab, p.page, p.search, p.manage, token ?? ''] as const,
  one: (id: number) => ['events', 'one', id] as const,
  oneFor: (id: number, token: string | null) => ['events', 'one', id, token ?? ''] as const,
  registrations: (id: number) => ['events', 'registrations', id] as const,
  attendance: (id: number) => ['events', 'attendance', id] as const,
  materials: (id: number) => ['events', 'materials', id] as const,
  discussions: (id: number) => ['events', 'discussions', id] as const,
  reviews: (id: number) => ['events', 'reviews', id] as const,
};

export function useEventList(params: EventListParams) {
  const token = useToken();
  return useQuery({
    queryKey: eventKeys.list(params, token),
    queryFn: ({ signal }) =>
      params.tab === 'mine'
        ? fetchMyEvents({ page: params.page, limit: EVENTS_PAGE_SIZE }, signal)
        : fetchEvents({ page: params.page, limit: EVENTS_PAGE_SIZE, search: params.search || undefined, when: params.tab, manage: params.manage }, signal),
    placeholderData: keepPreviousData,
  });
}

/** One event as the caller sees it (their registration, whether they manage it). */
export function useEvent(id: number) {
  const token = useToken();
  return useQuery({ queryKey: eventKeys.oneFor(id, token), queryFn: ({ signal }) => fetchEvent(id, signal), enabled: id > 0 });
}

/** The event, its lists and its sections are read again. */
export function eventChanged(qc: QueryClient, id?: number) {
  void qc.invalidateQueries({ queryKey: eventKeys.lists });
  if (id) void qc.invalidateQueries({ queryKey: eventKeys.one(id) });
}

/** The event as saved, put where the pages read it. */
function setEvent(qc: QueryClient, saved: EventItem) {
  qc.setQueriesData<EventItem>({ queryKey: eventKeys.one(saved.id) }, (old) => (old ? { ...old, ...saved } : old));
}

export function useSaveEvent(id?: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: EventInput) => (id ? updateEvent(id, input) : createEvent(input)),
    onSuccess: (saved) => {
      setEvent(qc, saved);
      eventChanged(qc, saved.id);
    },
  });
}

export function useDeleteEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteEvent(id),
    // The editor leaves for the list; the event's own queries are not read again.
    onSuccess: () => void qc.invalidateQueries({ queryKey: eventKeys.lists }),
  });
}

// ---- the caller's registration ----

export function useRegister(eventId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: () => registerForEvent(eventId), onSettled: () => eventChanged(qc, eventId) });
}

export function useCancelRegistration(eventId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (registrationId: number) => deleteRegistration(registrationId), onSettled: () => eventChanged(qc, eventId) });
}

// ---- managers: registrations, check-in, attendance ----

export interface RegistrationParams {
  page: number;
  search: string;
  status: RegistrationStatus | '';
}

export function useRegistrations(eventId: number, p: RegistrationParams) {
  return useQuery({
    queryKey: [...eventKeys.registrations(eventId), p.page, p.search, p.status],
    queryFn: ({ signal }) => fetchRegistrations(eventId, { page: p.page, limit: ROWS_PAGE_SIZE, search: p.search || undefined, status: p.status || undefined }, signal),
    placeholderData: keepPreviousData,
    meta: SECTION_QUERY,
  });
}

/** After a decision, a removal or a check-in: the lists, the counts and the event again. */
function registrationsChanged(qc: QueryClient, eventId: number) {
  void qc.invalidateQueries({ queryKey: eventKeys.registrations(eventId) });
  void qc.invalidateQueries({ queryKey: eventKeys.attendance(eventId) });
  eventChanged(qc, eventId);
}

export function useDecideRegistration(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'approved' | 'rejected' }) => decideRegistration(id, status),
    onSettled: () => registrationsChanged(qc, eventId),
  });
}

export function useRemoveRegistration(eventId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => deleteRegistration(id), onSettled: () => registrationsChanged(qc, eventId) });
}

export function useCheckIn(eventId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (ticket: string) => checkIn(eventId, ticket), onSuccess: () => registrationsChanged(qc, eventId) });
}

export function useAttendance(eventId: number, page: number) {
  return useQuery({
    queryKey: [...eventKeys.attendance(eventId), page],
    queryFn: ({ signal }) => fetchAttendance(eventId, { page, limit: ROWS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    meta: SECTION_QUERY,
  });
}

// ---- materials ----

export function useMaterials(eventId: number, enabled = true) {
  return useQuery({ queryKey: eventKeys.materials(eventId), queryFn: ({ signal }) => fetchMaterials(eventId, signal), enabled, meta: SECTION_QUERY });
}

export function useAddMaterial(eventId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (fileId: number) => addMaterial(eventId, fileId), onSettled: () => void qc.invalidateQueries({ queryKey: eventKeys.materials(eventId) }) });
}

export function useRemoveMaterial(eventId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => removeMaterial(id), onSettled: () => void qc.invalidateQueries({ queryKey: eventKeys.materials(eventId) }) });
}

// ---- discussions ----

export function useDiscussions(eventId: number, page: number, enabled = true) {
  return useQuery({
    queryKey: [...eventKeys.discussions(eventId), page],
    queryFn: ({ signal }) => fetchDiscussions(eventId, { page, limit: DISCUSSIONS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    enabled,
    meta: SECTION_QUERY,
  });
}

function discussionsChanged(qc: QueryClient, eventId: number) {
  void qc.invalidateQueries({ queryKey: eventKeys.discussions(eventId) });
}

export function usePostDiscussion(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, parentId }: { body: string; parentId?: number | null }) => createDiscussion({ event_id: eventId, parent_id: parentId ?? null, body }),
    onSuccess: () => discussionsChanged(qc, eventId),
  });
}

export function useEditDiscussion(eventId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: ({ id, body }: { id: number; body: string }) => updateDiscussion(id, body), onSuccess: () => discussionsChanged(qc, eventId) });
}

export function useRemoveDiscussion(eventId: number) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: (id: number) => deleteDiscussion(id), onSettled: () => discussionsChanged(qc, eventId) });
}

// ---- reviews ----

export function useReviews(eventId: number, page: number) {
  return useQuery({
    queryKey: [...eventKeys.reviews(eventId), page],
    queryFn: ({ signal }) => fetchReviews(eventId, { page, limit: REVIEWS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
    meta: SECTION_QUERY,
  });
}

export function useSendReview(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ rating, comment }: { rating: number; comment: string }) => sendReview({ event_id: eventId, rating, comment: comment || undefined }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: eventKeys.reviews(eventId) });
      eventChanged(qc, eventId);
    },
  });
}
