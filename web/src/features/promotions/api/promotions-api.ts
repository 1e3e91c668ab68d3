// Promotions (docs/api-promotions.md): the ads, course promotions and job posts a site's admin
// submits and the super admin approves. What learners see of them is ads-api.ts's.
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Done, Page } from '../../../lib/types';
import type { Gender } from '../../profile/api/profile-api';

/** Also the Promotion Manager's page slugs (/promotion-manager/<type>). */
export const PROMOTION_TYPES = ['ads', 'internal-course', 'external-course', 'jobs'] as const;
export type PromotionType = (typeof PROMOTION_TYPES)[number];

/** home: the home page; dashboard: the learner's dashboard; course: a course's page. */
export const POSITIONS = ['home', 'dashboard', 'course'] as const;
export type Position = (typeof POSITIONS)[number];

export const PROMOTION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PromotionStatus = (typeof PROMOTION_STATUSES)[number];

/** Who a promotion may be meant for (as the profile's gender). */
export const GENDERS: readonly Gender[] = ['female', 'male', 'other'];

export interface PromotionInstitution {
  id: number;
  slug: string;
  name: string;
}

export interface Promotion {
  id: number;
  uuid: string;
  type: PromotionType;
  title: string;
  details: string;
  position: Position;
  /** Where it leads; for internal-course the course's page, set by the server. */
  url: string;
  /** Absolute URL, or null. */
  thumbnail: string | null;
  /** internal-course: the promoted course. */
  course: { id: number; uuid: string; slug: string; title: string; title_bn: string } | null;
  /** Who sees it: each non-empty list must hold the learner's value; all empty and no ages: everyone. */
  course_categories: number[];
  genders: Gender[];
  professions: number[];
  districts: number[];
  age_start: number | null;
  age_end: number | null;
  /** "YYYY-MM-DD", first and last day shown (Dhaka time). */
  start_date: string;
  end_date: string;
  promotion_status: PromotionStatus;
  /** Why it was rejected. */
  reason: string | null;
  institution: PromotionInstitution;
  created_at: string;
  updated_at: string;
}

/** What create and update take. `url` is '' for none; `thumbnail` a data URL, absent on update: keep. */
export interface PromotionBody {
  type: PromotionType;
  title: string;
  details: string;
  position: Position;
  url: string;
  course_id: number | null;
  thumbnail?: string;
  course_categories: number[];
  genders: Gender[];
  professions: number[];
  districts: number[];
  age_start: number | null;
  age_end: number | null;
  start_date: string;
  end_date: string;
}

export interface PromotionsParams {
  page: number;
  limit?: number;
  search?: string;
  type: PromotionType;
  /** Absent: every status. */
  status?: PromotionStatus | '';
  /** The super admin's list: one partner's (an institution id). */
  partnerId?: number | null;
}

const BASE = '/course/course/promote-course';
const enc = encodeURIComponent;

/** The site's promotions of a type, newest first; on the main site the super admin's holds every partner's. */
export function fetchPromotions({ page, limit = 20, search, type, status, partnerId }: PromotionsParams) {
  return api<Page<Promotion>>(BASE, { query: { page, limit, search, type, status, partner_id: partnerId } });
}

/** One promotion (the list call with `uuid`); 404 when the caller may not see it. */
export function fetchPromotion(uuid: string) {
  return api<Page<Promotion>>(BASE, { query: { uuid } }).then((r) => r.data[0] ?? null);
}

/** 201 with the promotion, pending approval; 422 per field. */
export function createPromotion(body: PromotionBody) {
  return api<DataEnvelope<Promotion>>(BASE, { method: 'POST', body }).then((r) => r.data);
}

/** Every field; the promotion goes back to pending approval. */
export function updatePromotion(uuid: string, body: PromotionBody) {
  return api<DataEnvelope<Promotion>>(`${BASE}/update/${enc(uuid)}`, { method: 'POST', body }).then((r) => r.data);
}

/** The super admin's decision; `reason` (told to the partner) goes with a rejection. */
export function decidePromotion(uuid: string, status: 'approved' | 'rejected', reason = '') {
  return api<DataEnvelope<Promotion>>(`${BASE}/approve/${enc(uuid)}`, {
    method: 'POST',
    query: { promotion_status: status, reason: status === 'rejected' ? reason : undefined },
  }).then((r) => r.data);
}

export function deletePromotion(uuid: string) {
  return api<DataEnvelope<Done>>(`${BASE}/delete/${enc(uuid)}`, { method: 'DELETE' }).then((r) => r.data);
}
