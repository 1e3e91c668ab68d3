// Values of the question form (one form for the 11 types), the checks that mirror the server's
// rules, and the body sent to POST /question-bank/create and PUT /question-bank/update/{id}.
import { asciiDigits, localDigits } from '../../../lib/digits';
import type { Question, QuestionInput, QuestionOption, QuestionType } from '../api/questions-api';

export interface QuestionFormValues {
  question_type: QuestionType;
  /** '' = no folder. */
  folder_id: string;
  /** '' = no category. */
  category_id: string;
  text: string;
  text_bn: string;
  /** The picture's address (POST /question-bank/media); '' for none. */
  image: string;
  /** Typed text (Bangla digits allowed); sent as a number. */
  marks: string;
  negative: boolean;
  negative_marks: string;
  explanation: string;
  explanation_bn: string;
  options: QuestionOption[];
  /** One list of accepted answers per gap. */
  blanks: string[][];
  accepted: string[];
  answer: string;
}

export const OPTIONS_MIN = 2;
export const OPTIONS_MAX = 10;

export const CHOICE_TYPES: readonly QuestionType[] = ['multiple_choice', 'multiple_select', 'dropdown'];
/** Choice types with exactly one correct option. */
export const SINGLE_ANSWER_TYPES: readonly QuestionType[] = ['multiple_choice', 'dropdown'];
/** Types without a key: a teacher marks the answers. */
export const TEACHER_MARKED_TYPES: readonly QuestionType[] = ['paragraph', 'essay', 'assignment'];

export const hasOptions = (t: QuestionType) => CHOICE_TYPES.includes(t);
export const isSingleAnswer = (t: QuestionType) => SINGLE_ANSWER_TYPES.includes(t);

export function emptyOption(): QuestionOption {
  return { text: '', text_bn: '', correct: false };
}

export function emptyQuestionValues(folderId: string | number | null = null, lang = 'en'): QuestionFormValues {
  return {
    question_type: 'multiple_choice',
    folder_id: folderId == null ? '' : String(folderId),
    category_id: '',
    text: '',
    text_bn: '',
    image: '',
    marks: localDigits('1', lang),
    negative: false,
    negative_marks: '',
    explanation: '',
    explanation_bn: '',
    options: [emptyOption(), emptyOption()],
    blanks: [],
    accepted: [],
    answer: '',
  };
}

/** The form's values for a saved question; marks in the interface's digits. */
export function questionValues(q: Question, lang = 'en'): QuestionFormValues {
  const base = emptyQuestionValues(q.folder_id, lang);
  return {
    ...base,
    question_type: q.question_type,
    category_id: q.category_id == null ? '' : String(q.category_id),
    text: q.text ?? '',
    text_bn: q.text_bn ?? '',
    image: q.image ?? '',
    marks: localDigits(String(q.marks ?? 1), lang),
    negative: (q.negative_marks ?? 0) > 0,
    negative_marks: (q.negative_marks ?? 0) > 0 ? localDigits(String(q.negative_marks), lang) : '',
    explanation: q.explanation ?? '',
    explanation_bn: q.explanation_bn ?? '',
    options: q.options?.length ? q.options.map((o) => ({ text: o.text ?? '', text_bn: o.text_bn ?? '', correct: !!o.correct })) : base.options,
    blanks: (q.blanks ?? []).map((b) => [...b]),
    accepted: [...(q.accepted ?? [])],
    answer: q.answer ?? '',
  };
}

/** Number of gaps (`___`, three underscores) in a text. */
export function countGaps(text: string): number {
  // As the server counts them: each run of three or more underscores is one gap.
  return (text.match(/_{3,}/g) ?? []).length;
}

/** Gaps that the blanks must match: those of the English text, else of the Bangla one. */
export function gapsOf(v: Pick<QuestionFormValues, 'text' | 'text_bn'>): number {
  return v.text.trim() ? countGaps(v.text) : countGaps(v.text_bn);
}

/** The blanks resized to `n` gaps (answers of the gaps that stay are kept). */
export function resizeBlanks(blanks: string[][], n: number): string[][] {
  return Array.from({ length: n }, (_, i) => blanks[i] ?? []);
}

/** A decimal with up to 2 places (Bangla digits allowed); null when it is not one. */
export function parseMarks(s: string): number | null {
  const v = asciiDigits(s.trim());
  if (!/^\d+(\.\d{1,2})?$/.test(v) && !/^\d*\.\d{1,2}$/.test(v)) return null;
  return Number(v);
}

/** DD/MM/YYYY of a real day (Bangla digits allowed). */
export function isValidDate(s: string): boolean {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(asciiDigits(s.trim()));
  if (!m) return false;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1 || y < 1) return false;
  const last = new Date(Date.UTC(y, mo, 0)).getUTCDate();
  return d <= last;
}

/** HH:MM on a 24-hour clock (Bangla digits allowed). */
export function isValidTime(s: string): boolean {
  return /^([01]\d|2[0-3]):[0-5]\d$/.test(asciiDigits(s.trim()));
}

export type ProblemCode =
  | 'text_required'
  | 'marks_invalid'
  | 'marks_positive'
  | 'negative_invalid'
  | 'negative_over_marks'
  | 'options_count'
  | 'option_text_required'
  | 'one_correct'
  | 'some_correct'
  | 'no_gaps'
  | 'gaps_mismatch'
  | 'blanks_count'
  | 'blank_answer_required'
  | 'answer_required'
  | 'date_invalid'
  | 'time_invalid';

/** A problem on a form path (the same names the server uses in a 422: "options.1.text", "blanks.0"). */
export interface Problem {
  path: string;
  code: ProblemCode;
  params?: Record<string, number>;
}

/** What keeps the question from being saved, in the order of the form. */
export function questionProblems(v: QuestionFormValues): Problem[] {
  const out: Problem[] = [];
  const type = v.question_type;
  if (!v.text.trim() && !v.text_bn.trim()) out.push({ path: 'text', code: 'text_required' });

  if (type === 'fill_blanks' && (v.text.trim() || v.text_bn.trim())) {
    const gaps = gapsOf(v);
    if (gaps === 0) out.push({ path: v.text.trim() ? 'text' : 'text_bn', code: 'no_gaps' });
    else if (v.text.trim() && v.text_bn.trim() && countGaps(v.text_bn) !== gaps) {
      out.push({ path: 'text_bn', code: 'gaps_mismatch', params: { n: gaps } });
    }
  }

  const marks = parseMarks(v.marks);
  if (marks === null) out.push({ path: 'marks', code: 'marks_invalid' });
  else if (marks <= 0) out.push({ path: 'marks', code: 'marks_positive' });
  if (v.negative) {
    const neg = parseMarks(v.negative_marks);
    if (neg === null) out.push({ path: 'negative_marks', code: 'negative_invalid' });
    else if (marks !== null && neg > marks) out.push({ path: 'negative_marks', code: 'negative_over_marks' });
  }

  if (hasOptions(type)) {
    if (v.options.length < OPTIONS_MIN || v.options.length > OPTIONS_MAX) {
      out.push({ path: 'options', code: 'options_count', params: { min: OPTIONS_MIN, max: OPTIONS_MAX } });
    }
    v.options.forEach((o, i) => {
      if (!o.text.trim() && !o.text_bn.trim()) out.push({ path: `options.${i}.text`, code: 'option_text_required' });
    });
    const correct = v.options.filter((o) => o.correct).length;
    if (isSingleAnswer(type) && correct !== 1) out.push({ path: 'options', code: 'one_correct' });
    if (type === 'multiple_select' && correct < 1) out.push({ path: 'options', code: 'some_correct' });
  }

  if (type === 'fill_blanks') {
    const gaps = gapsOf(v);
    if (gaps > 0 && v.blanks.length !== gaps) out.push({ path: 'blanks', code: 'blanks_count', params: { n: gaps } });
    v.blanks.forEach((b, i) => {
      if (!b.some((a) => a.trim())) out.push({ path: `blanks.${i}`, code: 'blank_answer_required' });
    });
  }

  if (type === 'true_false' && v.answer !== 'true' && v.answer !== 'false') out.push({ path: 'answer', code: 'answer_required' });
  if (type === 'date' && !isValidDate(v.answer)) out.push({ path: 'answer', code: v.answer.trim() ? 'date_invalid' : 'answer_required' });
  if (type === 'time' && !isValidTime(v.answer)) out.push({ path: 'answer', code: v.answer.trim() ? 'time_invalid' : 'answer_required' });
  return out;
}

/** The answer key sent for the type: only the part the type uses, the others empty. */
export function questionBody(v: QuestionFormValues): QuestionInput {
  const type = v.question_type;
  const marks = parseMarks(v.marks) ?? 0;
  const neg = v.negative ? (parseMarks(v.negative_marks) ?? 0) : 0;
  const answer =
    type === 'true_false' ? v.answer : type === 'date' || type === 'time' ? asciiDigits(v.answer.trim()) : '';
  return {
    question_type: type,
    folder_id: v.folder_id ? Number(v.folder_id) : null,
    category_id: v.category_id ? Number(v.category_id) : null,
    text: v.text.trim(),
    text_bn: v.text_bn.trim(),
    image: v.image.trim(),
    marks,
    negative_marks: neg,
    explanation: v.explanation.trim(),
    explanation_bn: v.explanation_bn.trim(),
    options: hasOptions(type) ? v.options.map((o) => ({ text: o.text.trim(), text_bn: o.text_bn.trim(), correct: !!o.correct })) : [],
    blanks: type === 'fill_blanks' ? v.blanks.map((b) => b.map((a) => a.trim()).filter(Boolean)) : [],
    accepted: type === 'short_answer' ? v.accepted.map((a) => a.trim()).filter(Boolean) : [],
    answer,
  };
}

/** Form fields the server may name in a 422 (roots). */
export const QUESTION_FIELDS = [
  'question_type',
  'folder_id',
  'category_id',
  'text',
  'text_bn',
  'image',
  'marks',
  'negative_marks',
  'explanation',
  'explanation_bn',
  'options',
  'blanks',
  'accepted',
  'answer',
] as const;

/** Where a nested server field name shows: "options.1" and "options.1.text" on the option, "blanks.0.2" on its gap. */
export function nestedField(name: string): string | null {
  let m = /^options\.(\d+)(?:\.(text|text_bn|correct))?$/.exec(name);
  if (m) return `options.${m[1]}.${m[2] === 'text_bn' ? 'text_bn' : 'text'}`;
  m = /^blanks\.(\d+)(?:\.\d+)?$/.exec(name);
  if (m) return `blanks.${m[1]}`;
  return null;
}

/** On switching to a single-answer type: only the first correct option stays correct. */
export function keepOneCorrect(options: QuestionOption[]): QuestionOption[] {
  const first = options.findIndex((o) => o.correct);
  return options.map((o, i) => ({ ...o, correct: first !== -1 && i === first }));
}

export interface PathError {
  type: string;
  message: string;
}

/**
 * Problems as react-hook-form's nested errors object ("options.1.text" -> errors.options[1].text);
 * the first problem of a path wins, and a root message ("options") lives beside its items' errors.
 */
export function problemErrors(problems: readonly Problem[], message: (p: Problem) => string): Record<string, unknown> {
  const errors: Record<string, unknown> = {};
  for (const p of problems) {
    const parts = p.path.split('.');
    let node = errors;
    for (const key of parts.slice(0, -1)) {
      node[key] = (node[key] as Record<string, unknown> | undefined) ?? {};
      node = node[key] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1];
    const existing = node[last] as Partial<PathError> | undefined;
    if (existing?.message) continue;
    node[last] = { ...existing, type: p.code, message: message(p) };
  }
  return errors;
}
