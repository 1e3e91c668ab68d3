// The home page's slides and approved feedback, and the "Send feedback" form's values, checks (the
// server makes them again: docs/api-publishing.md "Feedback") and body. Only the lazily loaded home
// sections and the feedback dialog import this: none of it is in the home page's first download.
import { useQuery, type UseMutationOptions } from '@tanstack/react-query';
import { createFeedback, fetchApprovedFeedback, fetchFrontSliders, homeExtrasKeys, HOME_FEEDBACK_COUNT, type Feedback, type FeedbackInput } from '../../../lib/site-extras';

const STALE_MS = 5 * 60_000;

/** Today's slides; none on failure (the home page goes on without them). */
export function useFrontSliders() {
  return useQuery({ queryKey: homeExtrasKeys.sliders, queryFn: fetchFrontSliders, staleTime: STALE_MS, retry: false });
}

/** The newest approved feedback, at most HOME_FEEDBACK_COUNT. */
export function useApprovedFeedback() {
  return useQuery({
    queryKey: homeExtrasKeys.feedback,
    queryFn: () => fetchApprovedFeedback({ page: 1, limit: HOME_FEEDBACK_COUNT }).then((r) => (Array.isArray(r.data) ? r.data.slice(0, HOME_FEEDBACK_COUNT) : [])),
    staleTime: STALE_MS,
    retry: false,
  });
}

export interface FeedbackFormValues {
  name: string;
  designation: string;
  email: string;
  message: string;
  /** 1 to 5; null until chosen. */
  rating: number | null;
}

/** The fields the server may refuse, in the form's order. */
export const FEEDBACK_FIELDS = ['name', 'designation', 'email', 'rating', 'message'] as const;
export type FeedbackField = (typeof FEEDBACK_FIELDS)[number];

/** The server's limits. */
export const NAME_MAX = 100;
export const DESIGNATION_MAX = 100;
export const MESSAGE_MAX = 1000;
export const EMAIL_MAX = 254;

export const EMPTY_FEEDBACK: FeedbackFormValues = { name: '', designation: '', email: '', message: '', rating: null };

/** Loose on purpose: the server has the last word; this catches a missing @ or domain. */
function looksLikeEmail(v: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v);
}

/**
 * What is wrong with the values before they are sent, per field, as a code. `accountName`: the
 * signed-in sender's name, which stands for the name field.
 */
export function feedbackProblems(v: FeedbackFormValues, accountName?: string | null): Partial<Record<FeedbackField, string>> {
  const out: Partial<Record<FeedbackField, string>> = {};
  const name = (accountName ?? v.name).trim();
  if (!name) out.name = 'required';
  else if (name.length > NAME_MAX) out.name = 'too_long';
  if (v.designation.trim().length > DESIGNATION_MAX) out.designation = 'too_long';
  const email = v.email.trim();
  if (email && (email.length > EMAIL_MAX || !looksLikeEmail(email))) out.email = 'invalid_email';
  if (v.rating == null || !Number.isInteger(v.rating) || v.rating < 1 || v.rating > 5) out.rating = 'invalid_rating';
  if (!v.message.trim()) out.message = 'required';
  else if (v.message.trim().length > MESSAGE_MAX) out.message = 'too_long';
  return out;
}

/** The body of POST /my-account/feedback/create: trimmed texts, empty optional ones as null. */
export function feedbackBody(v: FeedbackFormValues, accountName?: string | null): FeedbackInput {
  return {
    name: (accountName ?? v.name).trim(),
    designation: v.designation.trim() || null,
    email: v.email.trim() || null,
    message: v.message.trim(),
    rating: v.rating ?? 0,
  };
}

export interface SendFeedbackVars {
  values: FeedbackFormValues;
  accountName?: string | null;
}

/** Sends the feedback; it shows on the home page once the site's admin approves it. */
export function sendFeedbackMutation(): UseMutationOptions<Feedback, Error, SendFeedbackVars> {
  return { mutationFn: ({ values, accountName }) => createFeedback(feedbackBody(values, accountName)) };
}
