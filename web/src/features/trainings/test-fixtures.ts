// What the trainings' tests share (the app does not import this module): a training batch, its
// trainers and sessions, as the API gives them.
import type { Batch, CourseWithContent } from '../courses/api/courses-api';
import type { Budget, Honorarium, MealDay, MealPlan, Trainer, TrainingBatch, TrainingSession } from './api/trainings-api';

/** Training 4, "Food safety", as the course calls give it. */
export const trainingCourse = (over: Partial<CourseWithContent> = {}): CourseWithContent => ({
  id: 4,
  uuid: '0b6f3e0c-2a8e-4a51-9a43-5c0f1f6d2b7e',
  slug: 'food-safety',
  title: 'Food safety',
  title_bn: 'খাদ্য নিরাপত্তা',
  category_id: null,
  category: null,
  level: 'beginner',
  language: 'bn',
  summary: '',
  objectives: [],
  thumbnail: null,
  price: 0,
  course_type: 'training',
  enforce_order: false,
  published: false,
  featured: false,
  instructor: null,
  institution: null,
  lessons_count: 3,
  created_at: '2027-01-01T00:00:00Z',
  updated_at: '2027-01-01T00:00:00Z',
  ...over,
});

/** Batch 9 of training 4, 1 to 3 March 2027, 12 enrolled, not restricted. */
export const batch = (over: Partial<Batch> = {}): Batch => ({
  id: 9,
  course_id: 4,
  name: 'March batch',
  name_bn: 'মার্চ ব্যাচ',
  start_date: '2027-03-01',
  end_date: '2027-03-03',
  enrolment_limit: null,
  let_enroll: 1,
  certificate_approval: false,
  template_id: null,
  restricted: false,
  published: true,
  featured: false,
  featured_order: 0,
  enrolled_count: 12,
  pending_count: 0,
  price_poisha: 0,
  currency: 'BDT',
  ...over,
});

export const trainer = (over: Partial<Trainer> = {}): Trainer => ({
  id: 31,
  batch_id: 9,
  user_id: 501,
  name: 'Farhana Haque',
  email: 'farhana@example.com',
  rate_poisha: 250_000,
  sessions_taken: 2,
  ...over,
});

/** Session 61, 1 March 2027 04:00-06:00 UTC (10:00-12:00 in Dhaka), attendance taken, 10 present. */
export const session = (over: Partial<TrainingSession> = {}): TrainingSession => ({
  id: 61,
  batch_id: 9,
  title: 'Opening: safe food handling',
  title_bn: 'উদ্বোধন: নিরাপদ খাদ্য ব্যবস্থাপনা',
  starts_at: '2027-03-01T04:00:00Z',
  ends_at: '2027-03-01T06:00:00Z',
  trainer_id: 31,
  trainer_name: 'Farhana Haque',
  attendance_taken_at: '2027-03-01T06:05:00Z',
  present: 10,
  ...over,
});

export const trainingBatch = (over: Partial<TrainingBatch> = {}): TrainingBatch => ({
  batch: batch(),
  course: { id: 4, uuid: '0b6f3e0c-2a8e-4a51-9a43-5c0f1f6d2b7e', title: 'Food safety', title_bn: 'খাদ্য নিরাপত্তা' },
  venue: 'BARD, Cumilla',
  venue_bn: 'বার্ড, কুমিল্লা',
  address: 'Kotbari, Cumilla',
  completion_percent: 80,
  tax_basis_points: 1000,
  trainers: [trainer()],
  sessions: [session(), session({ id: 62, title: 'Storage', title_bn: 'সংরক্ষণ', starts_at: '2027-03-02T04:00:00Z', ends_at: '2027-03-02T06:00:00Z', attendance_taken_at: null, present: 0 })],
  ...over,
});

export const mealPlan = (over: Partial<MealPlan> = {}): MealPlan => ({
  id: 71,
  batch_id: 9,
  meal_type: 'lunch',
  training_time: '13:00',
  location: 'Dining hall',
  extra_count: 2,
  items: [
    { item_id: 81, name: 'Rice', name_bn: 'চাল', unit: 'kg', quantity_per_person: 0.25 },
    { item_id: 82, name: 'Egg', name_bn: 'ডিম', unit: 'pcs', quantity_per_person: 1 },
  ],
  ...over,
});

export const mealDays = (): MealDay[] => [
  {
    date: '2027-03-01',
    trainees: 10,
    source: 'attendance',
    meals: [{ plan_id: 71, meal_type: 'lunch', training_time: '13:00', location: 'Dining hall', count: 12, items: [{ item_id: 81, name: 'Rice', name_bn: 'চাল', unit: 'kg', quantity: 3 }, { item_id: 82, name: 'Egg', name_bn: 'ডিম', unit: 'pcs', quantity: 12 }] }],
  },
  {
    date: '2027-03-02',
    trainees: 12,
    source: 'enrolled',
    meals: [{ plan_id: 71, meal_type: 'lunch', training_time: '13:00', location: 'Dining hall', count: 14, items: [{ item_id: 81, name: 'Rice', name_bn: 'চাল', unit: 'kg', quantity: 3.5 }, { item_id: 82, name: 'Egg', name_bn: 'ডিম', unit: 'pcs', quantity: 14 }] }],
  },
];

export const budget = (over: Partial<Budget> = {}): Budget => ({
  batch_id: 9,
  lines: [
    { id: 1, category: 'venue', description: 'Hall, 3 days', planned_poisha: 3_000_000, actual_poisha: 3_200_000, variance_poisha: 200_000 },
    { id: 2, category: 'meals', description: 'Lunch', planned_poisha: 1_500_050, actual_poisha: 1_400_000, variance_poisha: -100_050 },
  ],
  planned_poisha: 4_500_050,
  actual_poisha: 4_600_000,
  variance_poisha: 99_950,
  by_category: [
    { category: 'venue', planned_poisha: 3_000_000, actual_poisha: 3_200_000, variance_poisha: 200_000 },
    { category: 'meals', planned_poisha: 1_500_050, actual_poisha: 1_400_000, variance_poisha: -100_050 },
  ],
  logistics_poisha: 36_000,
  ...over,
});

export const honorarium = (over: Partial<Honorarium> = {}): Honorarium => ({
  batch_id: 9,
  tax_basis_points: 750,
  trainers: [{ trainer_id: 31, user_id: 501, name: 'Farhana Haque', sessions_taken: 2, rate_poisha: 250_000, gross_poisha: 500_000, tax_poisha: 37_500, net_poisha: 462_500 }],
  total_gross_poisha: 500_000,
  total_tax_poisha: 37_500,
  total_net_poisha: 462_500,
  ...over,
});
