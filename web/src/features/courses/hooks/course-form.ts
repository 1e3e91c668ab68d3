// Values of the course form (create stepper, details tab), the fields of each step, and the body sent.
import type { Course, CourseBody, CourseLanguage, CourseLevel, CourseType } from '../api/courses-api';

export interface CourseFormValues {
  title_bn: string;
  title: string;
  /** '' = no category. */
  category_id: string;
  level: CourseLevel;
  language: CourseLanguage;
  course_type: CourseType;
  summary: string;
  /** Objects for useFieldArray. */
  objectives: { text: string }[];
  /** The current thumbnail: an URL from the server, a data URL just picked, or null. */
  thumbnail: string | null;
  enforce_order: boolean;
  /** Only verified teachers may enrol. */
  teachers_only: boolean;
}

export const COURSE_STEPS = ['basics', 'description', 'media', 'review'] as const;
export type CourseStep = (typeof COURSE_STEPS)[number];

/** The form fields shown on each step (validated before going on). */
export const STEP_FIELDS: Record<CourseStep, (keyof CourseFormValues)[]> = {
  basics: ['title_bn', 'title', 'category_id', 'level', 'language', 'course_type'],
  description: ['summary', 'objectives'],
  media: ['thumbnail', 'enforce_order', 'teachers_only'],
  review: [],
};

export const SUMMARY_MAX = 2000;
export const OBJECTIVE_MAX = 300;
export const TITLE_MAX = 200;

export function emptyCourseValues(lang: string): CourseFormValues {
  return {
    title_bn: '',
    title: '',
    category_id: '',
    level: 'beginner',
    language: lang === 'en' ? 'en' : 'bn',
    course_type: 'course',
    summary: '',
    objectives: [{ text: '' }],
    thumbnail: null,
    enforce_order: false,
    teachers_only: false,
  };
}

export function courseValues(c: Course): CourseFormValues {
  return {
    title_bn: c.title_bn ?? '',
    title: c.title ?? '',
    category_id: c.category_id != null ? String(c.category_id) : '',
    level: c.level ?? 'beginner',
    language: c.language ?? 'bn',
    course_type: c.course_type ?? 'course',
    summary: c.summary ?? '',
    objectives: (c.objectives?.length ? c.objectives : ['']).map((text) => ({ text })),
    thumbnail: c.thumbnail ?? null,
    enforce_order: !!c.enforce_order,
    teachers_only: !!c.teachers_only,
  };
}

export function hasTitle(v: Pick<CourseFormValues, 'title' | 'title_bn'>): boolean {
  return !!(v.title?.trim() || v.title_bn?.trim());
}

export type StepProblem = { field: keyof CourseFormValues; problem: 'title_required' | 'too_long' };

/** Problems that keep the author on a step (the same rules the form fields apply). */
export function stepProblems(step: CourseStep, v: CourseFormValues): StepProblem[] {
  const out: StepProblem[] = [];
  if (step === 'basics') {
    if (!hasTitle(v)) out.push({ field: 'title_bn', problem: 'title_required' });
    if (v.title_bn.length > TITLE_MAX) out.push({ field: 'title_bn', problem: 'too_long' });
    if (v.title.length > TITLE_MAX) out.push({ field: 'title', problem: 'too_long' });
  }
  if (step === 'description') {
    if (v.summary.length > SUMMARY_MAX) out.push({ field: 'summary', problem: 'too_long' });
    if (v.objectives.some((o) => o.text.length > OBJECTIVE_MAX)) out.push({ field: 'objectives', problem: 'too_long' });
  }
  return out;
}

/** The step showing a field the server complained about ("objectives.2" -> description). */
export function stepOfField(field: string): number {
  const root = field.split('.')[0];
  const i = COURSE_STEPS.findIndex((s) => (STEP_FIELDS[s] as string[]).includes(root));
  return i === -1 ? 0 : i;
}

/**
 * Body of POST /course/course/create and PUT /course/course/update/{id}. The thumbnail goes only
 * when it changed: a new data URL, or null when an existing one was removed. The type goes only
 * when the author chooses it (`typed`: not a certificate exam's, whose type is fixed).
 */
export function courseBody(v: CourseFormValues, initialThumbnail: string | null = null, typed = true): CourseBody {
  const body: CourseBody = {
    title: v.title.trim(),
    title_bn: v.title_bn.trim(),
    category_id: v.category_id ? Number(v.category_id) : null,
    level: v.level,
    language: v.language,
    summary: v.summary.trim(),
    objectives: v.objectives.map((o) => o.text.trim()).filter(Boolean),
    ...(typed && { course_type: v.course_type }),
    enforce_order: v.enforce_order,
    teachers_only: v.teachers_only,
  };
  if (v.thumbnail !== initialThumbnail) {
    if (v.thumbnail?.startsWith('data:')) body.thumbnail = v.thumbnail;
    else if (v.thumbnail === null && initialThumbnail) body.thumbnail = null;
  }
  return body;
}
