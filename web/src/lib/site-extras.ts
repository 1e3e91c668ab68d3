// The site's feedback and home slides (docs/api-publishing.md "Feedback", "Home sliders"): their
// shapes and the calls anyone makes. Here and not in a feature because the home page and the
// footer (features/home) show and send them while the dashboard (features/publishing, whose
// site-extras-api.ts holds the site admin's calls) manages them.
import { api } from './api-client';
import type { DataEnvelope, Page } from './types';

export const FEEDBACK_STATUSES = ['pending', 'approved', 'hidden'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export interface Feedback {
  id: number;
  name: string;
  designation: string | null;
  message: string;
  /** 1 to 5. */
  rating: number;
  status: FeedbackStatus;
  user_id: number | null;
  /** The signed-in sender's profile photo. */
  photo: string | null;
  created_at: string;
}

export interface FeedbackInput {
  name: string;
  designation?: string | null;
  /** Kept for the site's admin only, never shown publicly. */
  email?: string | null;
  message: string;
  rating: number;
}

export interface Slider {
  id: number;
  title: string;
  title_bn: string | null;
  subtitle: string | null;
  subtitle_bn: string | null;
  /** "/post-media/<name>" on this host, or an http(s) URL. */
  image: string;
  link: string | null;
  position: number;
  /** "YYYY-MM-DD" or null (no limit). */
  start_date: string | null;
  end_date: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}

/** How many approved feedback cards the home page shows. */
export const HOME_FEEDBACK_COUNT = 6;

/** The home page's queries: the dashboard marks them stale when the admin changes what they show. */
export const homeExtrasKeys = {
  sliders: ['front-sliders'] as const,
  feedback: ['approved-feedback'] as const,
};

/** The slides shown today (active, dates holding in Dhaka), by position, at most 10. */
export function fetchFrontSliders() {
  return api<DataEnvelope<Slider[]>>('/admin-settings/slider/front', { silent: true }).then((r) => (Array.isArray(r.data) ? r.data : []));
}

/** Approved feedback, newest first. */
export function fetchApprovedFeedback(query: { page?: number; limit?: number } = {}) {
  return api<Page<Feedback>>('/my-account/public_feedbacks/view', { query, silent: true });
}

/** Anyone sends feedback; it waits for the site's admin to approve it. */
export function createFeedback(input: FeedbackInput) {
  return api<DataEnvelope<Feedback>>('/my-account/feedback/create', { method: 'POST', body: input }).then((r) => r.data);
}
