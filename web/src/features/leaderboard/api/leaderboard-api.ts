// The leaderboard and the learner's points, badges and weeks (/tmp/contracts/leaderboard.md):
// GET /my-account/user/leaderboard (public; "me" marks the caller's row when signed in),
// GET and PUT /my-account/user/gamification (signed in). Points: a finished lesson, an exam passed
// (first pass of each), a certificate issued, a course review; weeks are Dhaka weeks from Monday.
import { api } from '../../../lib/api-client';
import type { DataEnvelope, Page } from '../../../lib/types';

/** "site": this institution's site (the host); "all": every institution on the platform. */
export const SCOPES = ['site', 'all'] as const;
export type Scope = (typeof SCOPES)[number];
export const PERIODS = ['week', 'all_time'] as const;
export type Period = (typeof PERIODS)[number];

export interface LeaderboardRow {
  /** A competition rank (1, 2, 2, 4). */
  rank: number;
  user_id: number;
  name: string;
  /** The name in Bangla, when the learner gave one. */
  name_bn: string | null;
  photo: string | null;
  points: number;
  /** The caller's own row. */
  me: boolean;
}

export interface LeaderboardPage extends Page<LeaderboardRow> {
  /** The Monday ("YYYY-MM-DD", Dhaka) of the current week. */
  week_start: string;
}

export interface LeaderboardParams {
  scope: Scope;
  period: Period;
  page: number;
  limit?: number;
}

export const LEADERBOARD_LIMIT = 20;

/** A page of the board, highest points first; learners who chose to hide are left out. */
export function fetchLeaderboard({ scope, period, page, limit = LEADERBOARD_LIMIT }: LeaderboardParams, signal?: AbortSignal) {
  return api<LeaderboardPage>('/my-account/user/leaderboard', { query: { scope, period, page, limit }, signal });
}

export const BADGE_KEYS = [
  'first_lesson',
  'ten_lessons',
  'fifty_lessons',
  'first_exam',
  'five_exams',
  'first_certificate',
  'three_certificates',
  'first_review',
  'week_hundred',
] as const;
export type BadgeKey = (typeof BADGE_KEYS)[number];

export interface Badge {
  /** One of BADGE_KEYS (a key the app does not know yet is shown by its name). */
  key: string;
  earned: boolean;
  progress: number;
  goal: number;
}

export interface Gamification {
  points: { week: number; all_time: number };
  /** null: no points there, or hidden. */
  rank: { site_week: number | null; site_all_time: number | null; all_week: number | null; all_time: number | null };
  counts: { lessons: number; exams: number; certificates: number; reviews: number };
  /** The points each thing is worth. */
  rules: { lesson: number; exam: number; certificate: number; review: number };
  badges: Badge[];
  /** 12 Dhaka weeks (their Monday), oldest first, the current week last. */
  weeks: { week: string; points: number }[];
  /** Left out of the public leaderboard. */
  hidden: boolean;
  week_start: string;
}

export function fetchGamification(signal?: AbortSignal) {
  return api<DataEnvelope<Gamification>>('/my-account/user/gamification', { signal }).then((r) => r.data);
}

/** Hides the learner from the public leaderboard (or shows them again); the answer is the GET's. 422 errors.hidden. */
export function setHidden(hidden: boolean) {
  return api<DataEnvelope<Gamification>>('/my-account/user/gamification', { method: 'PUT', body: { hidden } }).then((r) => r.data);
}
