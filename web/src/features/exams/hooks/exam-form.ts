// Values of the single exam form (settings and the paper recipe), the checks that mirror the
// server's rules, and the ExamInput sent to POST /course/exam/create-single and
// PUT /course/exam/update-single/{id}.
import { ApiError } from '../../../lib/api-client';
import { localDigits, parseDecimal, parseWhole } from '../../../lib/digits';
import { fromLocalInput, toLocalInput } from '../../../lib/local-datetime';
import type { BankFolder, Exam, ExamInput, PartQuestion, ResultsRelease } from '../api/exams-api';

export interface PartValue {
  kind: 'question' | 'folder';
  question_id: number | null;
  /** What the list shows of a bank question. */
  question: PartQuestion | null;
  /** '' = none chosen yet. */
  folder_id: string;
  folder_name: string;
  /** Typed text (Bangla digits allowed). */
  pick: string;
}

export interface ExamFormValues {
  title: string;
  title_bn: string;
  instructions: string;
  instructions_bn: string;
  /** datetime-local values (local time, YYYY-MM-DDTHH:mm). */
  starts_at: string;
  ends_at: string;
  /** Typed texts (Bangla digits allowed); sent as numbers. */
  duration_minutes: string;
  attempts_allowed: string;
  pass_percent: string;
  grace_seconds: string;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  results_release: ResultsRelease;
  show_answers: boolean;
  published: boolean;
  parts: PartValue[];
}

export const DURATION_MAX = 1440;
export const ATTEMPTS_MAX = 100;
export const GRACE_MAX = 3600;

export function emptyPart(kind: PartValue['kind']): PartValue {
  return { kind, question_id: null, question: null, folder_id: '', folder_name: '', pick: '' };
}

/** A new exam: opens at the next full hour for a week, 30 minutes, one attempt, pass at 40 %. */
export function emptyExamValues(lang = 'en', now: Date = new Date()): ExamFormValues {
  const start = new Date(now);
  start.setMinutes(0, 0, 0);
  start.setHours(start.getHours() + 1);
  const end = new Date(start);
  end.setDate(end.getDate() + 7);
  return {
    title: '',
    title_bn: '',
    instructions: '',
    instructions_bn: '',
    starts_at: toLocalInput(start),
    ends_at: toLocalInput(end),
    duration_minutes: localDigits('30', lang),
    attempts_allowed: localDigits('1', lang),
    pass_percent: localDigits('40', lang),
    grace_seconds: localDigits('60', lang),
    shuffle_questions: false,
    shuffle_options: false,
    results_release: 'on_submit',
    show_answers: false,
    published: false,
    parts: [],
  };
}

/** The form's values for a saved exam; numbers in the interface's digits. */
export function examValues(exam: Exam, lang = 'en'): ExamFormValues {
  const num = (n: number | null | undefined) => localDigits(String(n ?? ''), lang);
  return {
    title: exam.title ?? '',
    title_bn: exam.title_bn ?? '',
    instructions: exam.instructions ?? '',
    instructions_bn: exam.instructions_bn ?? '',
    starts_at: toLocalInput(exam.starts_at),
    ends_at: toLocalInput(exam.ends_at),
    duration_minutes: num(exam.duration_minutes),
    attempts_allowed: num(exam.attempts_allowed),
    pass_percent: num(exam.pass_percent),
    grace_seconds: num(exam.grace_seconds),
    shuffle_questions: !!exam.shuffle_questions,
    shuffle_options: !!exam.shuffle_options,
    results_release: exam.results_release === 'after_close' ? 'after_close' : 'on_submit',
    show_answers: !!exam.show_answers,
    published: !!exam.published,
    parts: [...(exam.parts ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((p) =>
        p.question_id != null
          ? { ...emptyPart('question'), question_id: p.question_id, question: p.question }
          : { ...emptyPart('folder'), folder_id: p.folder_id != null ? String(p.folder_id) : '', folder_name: p.folder_name ?? '', pick: num(p.pick) },
      ),
  };
}

export type ProblemCode =
  | 'title_required'
  | 'date_required'
  | 'invalid_window'
  | 'invalid_duration'
  | 'invalid_attempts'
  | 'invalid_pass_percent'
  | 'invalid_grace'
  | 'no_parts'
  | 'folder_required'
  | 'invalid_pick'
  | 'pick_exceeds_folder'
  | 'duplicate_question';

/** A problem on a form path (the names the server uses in a 422: "parts.2.pick"). */
export interface Problem {
  path: string;
  code: ProblemCode;
  params?: Record<string, number>;
}

function inRange(v: string, min: number, max: number): boolean {
  const n = parseWhole(v);
  return n !== null && n >= min && n <= max;
}

/** What keeps the exam from being saved, in the order of the form. `folders` bounds the picks. */
export function examProblems(v: ExamFormValues, folders: readonly BankFolder[] = []): Problem[] {
  const out: Problem[] = [];
  if (!v.title.trim() && !v.title_bn.trim()) out.push({ path: 'title', code: 'title_required' });
  const start = fromLocalInput(v.starts_at);
  const end = fromLocalInput(v.ends_at);
  if (!start) out.push({ path: 'starts_at', code: 'date_required' });
  if (!end) out.push({ path: 'ends_at', code: 'date_required' });
  else if (start && Date.parse(end) <= Date.parse(start)) out.push({ path: 'ends_at', code: 'invalid_window' });
  if (!inRange(v.duration_minutes, 1, DURATION_MAX)) out.push({ path: 'duration_minutes', code: 'invalid_duration', params: { max: DURATION_MAX } });
  if (!inRange(v.attempts_allowed, 1, ATTEMPTS_MAX)) out.push({ path: 'attempts_allowed', code: 'invalid_attempts', params: { max: ATTEMPTS_MAX } });
  const pass = parseDecimal(v.pass_percent);
  if (pass === null || pass < 0 || pass > 100) out.push({ path: 'pass_percent', code: 'invalid_pass_percent' });
  if (!inRange(v.grace_seconds, 0, GRACE_MAX)) out.push({ path: 'grace_seconds', code: 'invalid_grace', params: { max: GRACE_MAX } });
  if (!v.parts.length) out.push({ path: 'parts', code: 'no_parts' });
  const seen = new Set<number>();
  v.parts.forEach((p, i) => {
    if (p.kind === 'question') {
      if (p.question_id != null && seen.has(p.question_id)) out.push({ path: `parts.${i}.question_id`, code: 'duplicate_question' });
      if (p.question_id != null) seen.add(p.question_id);
      return;
    }
    if (!p.folder_id) out.push({ path: `parts.${i}.folder_id`, code: 'folder_required' });
    const pick = parseWhole(p.pick);
    if (pick === null || pick < 1) {
      out.push({ path: `parts.${i}.pick`, code: 'invalid_pick' });
      return;
    }
    const folder = folders.find((f) => String(f.id) === p.folder_id);
    if (folder && pick > folder.question_count) out.push({ path: `parts.${i}.pick`, code: 'pick_exceeds_folder', params: { n: folder.question_count } });
  });
  return out;
}

/** The ExamInput for the values (after examProblems found nothing). */
export function examBody(v: ExamFormValues): ExamInput {
  return {
    title: v.title.trim(),
    title_bn: v.title_bn.trim(),
    instructions: v.instructions.trim(),
    instructions_bn: v.instructions_bn.trim(),
    starts_at: fromLocalInput(v.starts_at) ?? '',
    ends_at: fromLocalInput(v.ends_at) ?? '',
    duration_minutes: parseWhole(v.duration_minutes) ?? 0,
    attempts_allowed: parseWhole(v.attempts_allowed) ?? 0,
    pass_percent: parseDecimal(v.pass_percent) ?? 0,
    shuffle_questions: v.shuffle_questions,
    shuffle_options: v.shuffle_options,
    results_release: v.results_release,
    show_answers: v.show_answers,
    grace_seconds: parseWhole(v.grace_seconds) ?? 0,
    published: v.published,
    parts: v.parts.map((p) =>
      p.kind === 'question' ? { question_id: p.question_id ?? 0 } : { folder_id: Number(p.folder_id) || 0, pick: parseWhole(p.pick) ?? 0 },
    ),
  };
}

/** Form fields the server may name in a 422 (roots). */
export const EXAM_FIELDS = [
  'title',
  'title_bn',
  'instructions',
  'instructions_bn',
  'starts_at',
  'ends_at',
  'duration_minutes',
  'attempts_allowed',
  'pass_percent',
  'shuffle_questions',
  'shuffle_options',
  'results_release',
  'show_answers',
  'grace_seconds',
  'published',
  'parts',
] as const;

/**
 * Where a nested server field name shows: "parts.2.pick", "parts.2.question_id" and
 * "parts.2.folder_id" on that field of the part, "parts.2" on the part as a whole.
 */
export function nestedField(name: string): string | null {
  const m = /^parts\.(\d+)(?:\.(question_id|folder_id|pick))?(?:\..*)?$/.exec(name);
  if (!m) return null;
  return `parts.${m[1]}.${m[2] ?? 'ref'}`;
}

/** Fields a part's problems sit on (`ref`: the part as a whole). */
export type PartErrorField = 'question_id' | 'folder_id' | 'pick' | 'ref';

/**
 * A field message of a 422 in the interface language: the server writes messages, but one that
 * arrives as a bare code ("invalid_window") is looked up (`translate` returns null when unknown).
 */
export function fieldMessage(message: string, translate: (code: string) => string | null): string {
  const m = message.trim();
  if (/^[a-z][a-z0-9_]*$/.test(m)) return translate(m) ?? m;
  return message;
}

/** The error with its field messages put through `fieldMessage` (for applyFieldErrors). */
export function localizedFieldErrors(err: unknown, translate: (code: string) => string | null): unknown {
  if (!(err instanceof ApiError)) return err;
  const fields: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(err.fieldErrors)) fields[k] = v.map((msg) => fieldMessage(msg, translate));
  return new ApiError(err.status, err.message, err.code, fields);
}

export interface PathError {
  type: string;
  message: string;
}

/**
 * Problems as react-hook-form's nested errors object ("parts.1.pick" -> errors.parts[1].pick);
 * the first problem of a path wins; the message of "parts" itself goes to errors.parts.root.
 */
export function problemErrors(problems: readonly Problem[], message: (p: Problem) => string): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const p of problems) {
    const parts = p.path === 'parts' ? ['parts', 'root'] : p.path.split('.');
    let node = errors;
    for (const key of parts.slice(0, -1)) {
      node[key] = (node[key] as Record<string, unknown> | undefined) ?? {};
      node = node[key] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1];
    if ((node[last] as Partial<PathError> | undefined)?.message) continue;
    node[last] = { type: p.code, message: message(p) };
  }
  return errors;
}

/** The parts with the one at `from` moved to `to`. */
export function movePart<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

/** Marks of the fixed questions, and how many questions folders add per attempt. */
export function paperSize(parts: readonly PartValue[]): { questions: number; marks: number; random: number } {
  let questions = 0;
  let marks = 0;
  let random = 0;
  for (const p of parts) {
    if (p.kind === 'question') {
      questions++;
      marks += p.question?.marks ?? 0;
    } else {
      const n = parseWhole(p.pick) ?? 0;
      random += n;
    }
  }
  return { questions: questions + random, marks: Math.round(marks * 100) / 100, random };
}
