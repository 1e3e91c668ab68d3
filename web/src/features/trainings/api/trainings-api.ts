// Trainings, the managers' calls (docs/api-trainings.md). A training is a course of type
// "training": its syllabus, batches, enrolment and certificates are the course calls
// (features/courses/api/courses-api.ts); what is training-only lives per batch and is here: venue,
// trainers and sessions, attendance, trainees, meals, budget, logistics and honoraria.
import { api } from '../../../lib/api-client';
import { fetchCoursePage } from '../../../lib/authoring-api';
import type { DataEnvelope, Page } from '../../../lib/types';
import type { Batch, Course } from '../../courses/api/courses-api';

// ---- types

export interface Trainer {
  id: number;
  batch_id: number;
  user_id: number;
  name: string;
  email: string | null;
  rate_poisha: number;
  sessions_taken: number;
}

export interface TrainingSession {
  id: number;
  batch_id: number;
  title: string;
  title_bn: string;
  /** RFC 3339, UTC. */
  starts_at: string;
  ends_at: string;
  trainer_id: number | null;
  trainer_name: string | null;
  attendance_taken_at: string | null;
  /** Trainees marked present. */
  present: number;
}

export interface TrainingBatch {
  batch: Batch;
  course: { id: number; uuid: string; title: string; title_bn: string };
  venue: string;
  venue_bn: string;
  address: string;
  /** 1..100: the share of sessions attended that makes a trainee eligible. */
  completion_percent: number;
  /** 0..10000; 1000 = 10 %. */
  tax_basis_points: number;
  trainers: Trainer[];
  /** By start. */
  sessions: TrainingSession[];
}

export interface Trainee {
  enrollment_id: number;
  batch_id: number;
  /** The training and its batch (the site-wide list of trained people names them). */
  course_title: string;
  course_title_bn: string;
  batch_name: string;
  batch_name_bn: string;
  user_id: number;
  name: string;
  email: string | null;
  status: 'active' | 'completed';
  attended: number;
  /** Sessions of the batch. */
  sessions: number;
  /** Sessions with attendance taken. */
  held: number;
  /** attended / sessions, rounded down; 0 without sessions. */
  percent: number;
  eligible: boolean;
  certificate_code: string | null;
}

export interface SessionAttendanceRow {
  enrollment_id: number;
  user_id: number;
  name: string;
  /** null: not marked yet. */
  present: boolean | null;
}

export interface FoodItem {
  id: number;
  name: string;
  name_bn: string;
  /** Free text: "kg", "pcs", "cup"... */
  unit: string;
}

export const MEAL_TYPES = ['breakfast', 'morning_snack', 'lunch', 'afternoon_snack', 'dinner'] as const;
export type MealType = (typeof MEAL_TYPES)[number];

export interface MealPlanItem {
  item_id: number;
  name: string;
  name_bn: string;
  unit: string;
  /** Up to 3 decimals. */
  quantity_per_person: number;
}

export interface MealPlan {
  id: number;
  batch_id: number;
  meal_type: MealType;
  /** "HH:MM". */
  training_time: string;
  location: string;
  /** Meals beyond the trainees (trainers, staff). */
  extra_count: number;
  items: MealPlanItem[];
}

export interface MealDay {
  /** YYYY-MM-DD. */
  date: string;
  trainees: number;
  /** attendance: those marked present at a session that day; enrolled: no attendance yet that day, every trainee. */
  source: 'attendance' | 'enrolled';
  meals: {
    plan_id: number;
    meal_type: MealType;
    training_time: string;
    location: string;
    /** trainees + extra_count. */
    count: number;
    items: { item_id: number; name: string; name_bn: string; unit: string; quantity: number }[];
  }[];
}

export const BUDGET_CATEGORIES = ['venue', 'meals', 'materials', 'transport', 'honorarium', 'other'] as const;
export type BudgetCategory = (typeof BUDGET_CATEGORIES)[number];

export interface BudgetLine {
  id: number;
  category: BudgetCategory;
  description: string;
  planned_poisha: number;
  actual_poisha: number;
  /** actual − planned. */
  variance_poisha: number;
}

export interface BudgetTotals {
  planned_poisha: number;
  actual_poisha: number;
  variance_poisha: number;
}

export interface Budget extends BudgetTotals {
  batch_id: number;
  lines: BudgetLine[];
  by_category: (BudgetTotals & { category: BudgetCategory })[];
  /** What the logistic items issued so far cost. */
  logistics_poisha: number;
}

export interface Logistic {
  id: number;
  batch_id: number;
  name: string;
  name_bn: string;
  quantity_per_trainee: number;
  unit_cost_poisha: number;
  /** Trainees who got it. */
  issued: number;
  /** issued × quantity × unit cost. */
  cost_poisha: number;
}

export interface HonorariumRow {
  trainer_id: number;
  user_id: number;
  name: string;
  /** Their sessions with attendance taken. */
  sessions_taken: number;
  rate_poisha: number;
  gross_poisha: number;
  tax_poisha: number;
  net_poisha: number;
}

export interface Honorarium {
  batch_id: number;
  tax_basis_points: number;
  trainers: HonorariumRow[];
  total_gross_poisha: number;
  total_tax_poisha: number;
  total_net_poisha: number;
}

export interface Venue {
  venue: string;
  venue_bn: string;
  address: string;
  batches: number;
}

type Message = { message: string };

// ---- trainings (courses of type training)

export function fetchTrainings(params: { page: number; limit?: number; search?: string }) {
  return fetchCoursePage<Course>({ ...params, course_type: 'training' });
}

// ---- a batch's training details

export function fetchTrainingBatch(batchId: number) {
  return api<DataEnvelope<TrainingBatch>>(`/course/training/batches/${batchId}`).then((r) => r.data);
}

export interface TrainingBatchBody {
  venue?: string;
  venue_bn?: string;
  address?: string;
  completion_percent?: number;
  tax_basis_points?: number;
}

/** 422 `completion_percent` / `tax_basis_points` `out_of_range`. */
export function updateTrainingBatch(batchId: number, body: TrainingBatchBody) {
  return api<DataEnvelope<TrainingBatch>>(`/course/training/batches/${batchId}`, { method: 'PUT', body }).then((r) => r.data);
}

/** The venues used on this site (for picking one again). */
export function fetchVenues(search: string) {
  return api<DataEnvelope<Venue[]>>('/course/training-facility/get-location', { method: 'POST', body: { search: search || undefined }, silent: true }).then((r) => r.data ?? []);
}

/** 422 `email` `user_not_found` or `trainer_exists`. */
export function addTrainer(body: { batch_id: number; email: string; rate_poisha: number }) {
  return api<DataEnvelope<Trainer>>('/course/training/trainers', { method: 'POST', body }).then((r) => r.data);
}

export function updateTrainer(body: { id: number; rate_poisha: number }) {
  return api<DataEnvelope<Trainer>>('/course/training/trainers', { method: 'PUT', body }).then((r) => r.data);
}

/** Their sessions keep no trainer. */
export function deleteTrainer(id: number) {
  return api<Message>(`/course/training/trainers/${id}`, { method: 'DELETE' });
}

export interface SessionBody {
  title: string;
  title_bn: string;
  starts_at: string;
  ends_at: string;
  trainer_id: number | null;
}

/** 422 `ends_at` `ends_before_start`, `starts_at` `outside_batch_dates`, `trainer_id` `trainer_not_found`. */
export function createSession(body: SessionBody & { batch_id: number }) {
  return api<DataEnvelope<TrainingSession>>('/course/training/sessions', { method: 'POST', body }).then((r) => r.data);
}

export function updateSession(body: Partial<SessionBody> & { id: number }) {
  return api<DataEnvelope<TrainingSession>>('/course/training/sessions', { method: 'PUT', body }).then((r) => r.data);
}

/** 409 `session_has_attendance` once attendance is taken. */
export function deleteSession(id: number) {
  return api<Message>(`/course/training/sessions/${id}`, { method: 'DELETE' });
}

/** The batch's trainees, by name, with their mark at the session. */
export function fetchSessionAttendance(sessionId: number) {
  return api<DataEnvelope<SessionAttendanceRow[]>>(`/course/training/sessions/${sessionId}/attendance`).then((r) => r.data ?? []);
}

export interface SessionAttendanceBody {
  present: number[];
  absent: number[];
}

/** Marking again changes the mark. 422 `present` `not_a_trainee`; at most 10,000 ids. */
export function saveSessionAttendance(sessionId: number, body: SessionAttendanceBody) {
  return api<DataEnvelope<TrainingSession>>(`/course/training/sessions/${sessionId}/attendance`, { method: 'POST', body }).then((r) => r.data);
}

/** Every active eligible trainee completes and gets a certificate (pending when the batch needs approval). */
export function completeBatch(batchId: number) {
  return api<DataEnvelope<{ completed: number; not_eligible: number }>>(`/course/training/batches/${batchId}/complete`, { method: 'POST' }).then((r) => r.data);
}

export const budgetSheetPath = (batchId: number) => `/course/training/batches/${batchId}/budget.xlsx`;
export const mealSheetPath = (batchId: number) => `/course/training/batches/${batchId}/meals.xlsx`;
/** In Bangla, `?lang=en` for English. */
export const statementPath = (trainerId: number) => `/course/training/trainers/${trainerId}/statement.pdf`;

// ---- trainees

export function fetchTrainees(batchId: number, params: { page: number; limit: number; field?: string }) {
  return api<Page<Trainee>>(`/course/training-facility/enrolled_users/${batchId}`, { query: params });
}

/**
 * The trainees who completed a training, by name: of every training of the site, or of one batch
 * (`batchId`). The call takes no search.
 */
export function fetchTrainedPeople({ page, limit, batchId }: { page: number; limit: number; batchId?: number }) {
  return api<Page<Trainee>>('/course/training-facility/trained-user/view', { method: 'POST', query: { page, limit }, body: batchId ? { batch_id: batchId } : {} });
}

// ---- meals

export interface MealPlanBody {
  id?: number;
  batch_id: number;
  meal_type: MealType;
  training_time: string;
  location: string;
  extra_count: number;
  items: { item_id: number; quantity_per_person: number }[];
}

/**
 * One plan per meal type per batch (422 `meal_type` `meal_plan_exists`); 422 `training_time` `invalid_time`,
 * `extra_count` / `items.N.quantity_per_person` `negative`, `items.N.item_id` `duplicate`, `items` `item_not_found`.
 */
export function saveMealPlan(body: MealPlanBody) {
  return api<DataEnvelope<MealPlan>>('/course/training-facility/createOrUpdate', { method: 'POST', body }).then((r) => r.data);
}

export function deleteMealPlan(planId: number) {
  return api<Message>(`/course/training-facility/${planId}`, { method: 'DELETE' });
}

export function fetchFacility(batchId: number) {
  return api<DataEnvelope<{ plans: MealPlan[]; days: MealDay[] }>>(`/course/training-facility/getFacilityByBatchId/${batchId}`, { method: 'POST' }).then((r) => r.data);
}

export function fetchFoodItems(params: { page: number; limit: number }) {
  return api<Page<FoodItem>>('/course/training-facility/items/index', { method: 'POST', query: params });
}

/** 422 `name` `item_exists`. */
export function createFoodItem(body: { name: string; name_bn?: string; unit?: string }) {
  return api<DataEnvelope<FoodItem>>('/course/training-facility/items/create', { method: 'POST', body }).then((r) => r.data);
}

/** Renames an item or changes its unit (an empty Bangla name or unit clears it). 422 `name` `item_exists`. */
export function updateFoodItem(body: { id: number; name?: string; name_bn?: string; unit?: string }) {
  return api<DataEnvelope<FoodItem>>('/course/training-facility/items/edit', { method: 'PUT', body }).then((r) => r.data);
}

/** 409 `item_in_use` while a meal plan uses the item. */
export function deleteFoodItem(id: number) {
  return api<Message>('/course/training-facility/items/delete', { method: 'POST', query: { id } });
}

// ---- budget and logistics

export function fetchBudget(batchId: number) {
  return api<DataEnvelope<Budget>>(`/course/training/batches/${batchId}/budget`).then((r) => r.data);
}

export interface BudgetLineBody {
  category: BudgetCategory | '';
  description: string;
  planned_poisha: number;
  actual_poisha: number;
}

/**
 * The batch's lines become exactly these, in this order. 422 `lines.N.category` `required` /
 * `invalid_choice`, `lines.N.planned_poisha` `negative`; at most 200 lines.
 */
export function saveBudget(body: { batch_id: number; lines: BudgetLineBody[] }) {
  return api<DataEnvelope<Budget>>('/course/training-resource/budget/create', { method: 'POST', body }).then((r) => r.data);
}

export function fetchLogistics(batchId: number, params: { page: number; limit: number }) {
  return api<Page<Logistic>>('/course/training-resource/logistic/index', { method: 'POST', query: params, body: { batch_id: batchId } });
}

export interface LogisticBody {
  name: string;
  name_bn: string;
  quantity_per_trainee: number;
  unit_cost_poisha: number;
}

export function createLogistic(body: LogisticBody & { batch_id: number }) {
  return api<DataEnvelope<Logistic>>('/course/training-resource/logistic/create', { method: 'POST', body }).then((r) => r.data);
}

export function updateLogistic(body: Partial<LogisticBody> & { id: number }) {
  return api<DataEnvelope<Logistic>>('/course/training-resource/logistic/update', { method: 'PUT', body }).then((r) => r.data);
}

export function deleteLogistic(id: number) {
  return api<Message>('/course/training-resource/logistic/delete', { method: 'POST', query: { id } });
}

/** Marks the item as handed (or not) to those trainees. */
export function issueLogistic(body: { logistic_id: number; enrollment_ids: number[]; issued: boolean }) {
  return api<DataEnvelope<Logistic>>('/course/training-resource/logistic/createOrUpdate', { method: 'POST', body }).then((r) => r.data);
}

// ---- honoraria

/** Every trainer to managers; a trainer gets only their own row. */
export function fetchHonorarium(batchId: number) {
  return api<DataEnvelope<Honorarium>>(`/course/training-resource/get-honorium-data-for-enrollment-user/${batchId}`, { method: 'POST' }).then((r) => r.data);
}
