// Bulk notifications as queries and mutations. Keys carry the current role (another role may be of
// another site). The audience is asked again a pause (400 ms) after the filters, the body or the
// channels change; the history is polled every 2 s while a message on the page is scheduled or
// being sent, and not at all otherwise.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient, type QueryFunctionContext } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { SECTION_QUERY } from '../../../lib/forbidden';
import type { Page } from '../../../lib/types';
import { useCurrentUser } from '../../../lib/session';
import {
  cancelMessage,
  fetchAudience,
  fetchFailures,
  fetchMessages,
  sendMessage,
  type AudienceRequest,
  type BulkMessage,
  type MessageInput,
  type MessageState,
} from '../api/bulk-api';

export const bulkKeys = {
  all: ['bulk'] as const,
  audience: (role: number, request: AudienceRequest) => ['bulk', role, 'audience', request] as const,
  messages: (role: number) => ['bulk', role, 'messages'] as const,
  messagePage: (role: number, page: number) => ['bulk', role, 'messages', 'page', page] as const,
  failures: (role: number, id: number, page: number) => ['bulk', role, 'failures', id, page] as const,
};

/** The pause after the last change before the audience is asked again. */
export const AUDIENCE_DEBOUNCE_MS = 400;
/** How often the history is asked again while a message on it is scheduled or being sent. */
export const HISTORY_POLL_MS = 2000;

/** The states whose progress still moves. */
export const LIVE_STATES: readonly MessageState[] = ['scheduled', 'sending'];

/** The history's refetch interval: every 2 s while any message shown is scheduled or being sent, else none. */
export function historyPollInterval(page: Pick<Page<BulkMessage>, 'data'> | undefined): number | false {
  return Array.isArray(page?.data) && page.data.some((m) => LIVE_STATES.includes(m.state)) ? HISTORY_POLL_MS : false;
}

/** The current role's id (0: the learner view): the part of every key that tells roles apart. */
export function useRoleKey() {
  return useCurrentUser().user?.currentrole?.id ?? 0;
}

/** Not worth asking again: the server said no, or there is no such message. */
export function retry(count: number, error: unknown) {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return count < 2;
}

/** `value`, once it has not changed for `delay` ms. */
export function useDebounced<T>(value: T, delay = AUDIENCE_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(id);
  }, [value, delay]);
  return settled;
}

export function audienceQuery(role: number, request: AudienceRequest) {
  return {
    queryKey: bulkKeys.audience(role, request),
    queryFn: ({ signal }: QueryFunctionContext) => fetchAudience(request, signal),
    // Counted afresh when the filters come back to it after a while.
    staleTime: 30_000,
    retry,
    // A refusal (everyone, for a role that may not) shows under the filters, not as the forbidden page.
    meta: SECTION_QUERY,
  };
}

/** Who the message would reach (nothing is asked until a channel is chosen). `request`: the debounced one. */
export function useAudience(request: AudienceRequest) {
  return useQuery({ ...audienceQuery(useRoleKey(), request), enabled: request.channels.length > 0, placeholderData: keepPreviousData });
}

export function messagesQuery(role: number, page: number) {
  return {
    queryKey: bulkKeys.messagePage(role, page),
    // Polls (the page already there) do not drive the top loading bar.
    queryFn: ({ signal, client, queryKey }: QueryFunctionContext) => fetchMessages(page, signal, client.getQueryData(queryKey) !== undefined),
    refetchInterval: (query: { state: { data?: Page<BulkMessage> } }) => historyPollInterval(query.state.data),
    retry,
    meta: SECTION_QUERY,
  };
}

/** A page of the site's bulk messages, newest first (polled while one is under way). */
export function useMessages(page: number) {
  return useQuery({ ...messagesQuery(useRoleKey(), page), placeholderData: keepPreviousData });
}

export function failuresQuery(role: number, id: number, page: number) {
  return {
    queryKey: bulkKeys.failures(role, id, page),
    queryFn: ({ signal }: QueryFunctionContext) => fetchFailures(id, page, signal),
    retry,
    meta: SECTION_QUERY,
  };
}

export function useFailures(id: number, page: number) {
  return useQuery({ ...failuresQuery(useRoleKey(), id, page), placeholderData: keepPreviousData });
}

/** Sends or schedules a message; the history is read again (the new one on top). */
export function sendMessageMutation(qc: QueryClient, role: number) {
  return {
    mutationFn: (input: MessageInput) => sendMessage(input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: bulkKeys.messages(role) }),
  };
}

export function useSendMessage() {
  return useMutation(sendMessageMutation(useQueryClient(), useRoleKey()));
}

/** The history's pages with `message` in place of the one of its id. */
function replaceMessage(qc: QueryClient, role: number, message: BulkMessage) {
  qc.setQueriesData<Page<BulkMessage>>({ queryKey: bulkKeys.messages(role) }, (old) =>
    old ? { ...old, data: old.data.map((m) => (m.id === message.id ? message : m)) } : old,
  );
}

/**
 * Stops a scheduled message or one being sent: the answer takes its place in the history at once.
 * Either way (409 `already_finished` included) the history is read again.
 */
export function cancelMessageMutation(qc: QueryClient, role: number) {
  const settle = () => void qc.invalidateQueries({ queryKey: bulkKeys.messages(role) });
  return {
    mutationFn: (message: Pick<BulkMessage, 'id'>) => cancelMessage(message.id),
    onSuccess: (message: BulkMessage) => {
      if (message && typeof message === 'object') replaceMessage(qc, role, message);
      settle();
    },
    onError: settle,
  };
}

export function useCancelMessage() {
  return useMutation(cancelMessageMutation(useQueryClient(), useRoleKey()));
}

/** Whether the refusal is the 409 of a message that finished meanwhile. */
export function isAlreadyFinished(err: unknown): boolean {
  return err instanceof ApiError && (err.code === 'already_finished' || (err.status === 409 && err.code === 'conflict'));
}
