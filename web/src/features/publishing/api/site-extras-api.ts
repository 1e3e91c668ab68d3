// The site admin's side of feedback and home slides (docs/api-publishing.md "Feedback", "Home
// sliders"): every feedback of the site with its sender's e-mail, approving or hiding it, and the
// slides. The shapes and the calls anyone makes (the slides shown today, approved feedback, sending
// feedback) are in lib/site-extras.ts, as the home page and the footer use them too.
import { api } from '../../../lib/api-client';
import type { Feedback, FeedbackStatus, Slider } from '../../../lib/site-extras';
import type { DataEnvelope, Done, Page } from '../../../lib/types';

export type { Feedback, FeedbackStatus, Slider };
export { FEEDBACK_STATUSES } from '../../../lib/site-extras';

/** Feedback as the site's admin sees it: with the e-mail its sender gave. */
export type AdminFeedback = Feedback & { email: string | null };

export interface FeedbackQuery {
  page?: number;
  limit?: number;
  status?: FeedbackStatus;
}

export interface SliderInput {
  title: string;
  title_bn?: string | null;
  subtitle?: string | null;
  subtitle_bn?: string | null;
  image: string;
  link?: string | null;
  position?: number | null;
  start_date?: string | null;
  end_date?: string | null;
  active?: boolean;
}

export interface SliderQuery {
  page?: number;
  limit?: number;
  search?: string;
}

// ---- feedback ----

/** Every feedback of the site, newest first (403 for anyone but its admin). */
export function fetchAllFeedback(query: FeedbackQuery, signal?: AbortSignal) {
  return api<Page<AdminFeedback>>('/my-account/public_feedbacks/view_all', { query: { ...query }, signal });
}

/** Approved (shown on the home page) or hidden. */
export function approveFeedback(id: number, approve: boolean) {
  return api<DataEnvelope<Feedback>>(`/my-account/feedback/approve/${id}`, { method: 'PUT', body: { approve } }).then((r) => r.data);
}

// ---- home slides ----

/** The site's slides, by position. */
export function fetchSliders(query: SliderQuery, signal?: AbortSignal) {
  return api<Page<Slider>>('/admin-settings/slider', { query: { ...query }, signal });
}

export function createSlider(input: SliderInput) {
  return api<DataEnvelope<Slider>>('/admin-settings/slider/create', { method: 'POST', body: input }).then((r) => r.data);
}

/** The slide is named in the body (as the spec's call does). */
export function updateSlider(id: number, input: SliderInput) {
  return api<DataEnvelope<Slider>>('/admin-settings/slider/update', { method: 'PUT', body: { ...input, id } }).then((r) => r.data);
}

export function deleteSlider(id: number) {
  return api<DataEnvelope<Done>>(`/admin-settings/slider/${id}`, { method: 'DELETE' });
}
