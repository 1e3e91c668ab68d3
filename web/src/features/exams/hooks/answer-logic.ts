// What a learner's answer holds for each question type, whether a question counts as answered,
// and the body sent to PUT /exam-front/attempt/{uuid}/answer.
import { asciiDigits, localDigits } from '../../../lib/digits';
import type { Answer, QuestionType } from '../api/exams-api';

export const CHOICE_TYPES: readonly QuestionType[] = ['multiple_choice', 'multiple_select', 'dropdown'];
/** Types a teacher marks (no key). */
export const TEACHER_MARKED_TYPES: readonly QuestionType[] = ['paragraph', 'essay', 'assignment'];
/** Types whose answer is `text`. */
export const TEXT_TYPES: readonly QuestionType[] = ['true_false', 'short_answer', 'paragraph', 'essay', 'date', 'time'];

export function emptyAnswer(): Answer {
  return { choices: [], text: '', blanks: [], file: null };
}

/** A saved or stored answer with every member present (older or partial bodies tolerated). */
export function fullAnswer(a: Partial<Answer> | null | undefined): Answer {
  return {
    choices: Array.isArray(a?.choices) ? a.choices.filter((c) => typeof c === 'number') : [],
    text: typeof a?.text === 'string' ? a.text : '',
    blanks: Array.isArray(a?.blanks) ? a.blanks.map((b) => (typeof b === 'string' ? b : '')) : [],
    file: typeof a?.file === 'string' && a.file ? a.file : null,
  };
}

/** Whether the answer says something for its question's type. */
export function isAnswered(type: QuestionType, a: Answer | null | undefined): boolean {
  if (!a) return false;
  if (CHOICE_TYPES.includes(type)) return a.choices.length > 0;
  if (type === 'fill_blanks') return a.blanks.some((b) => b.trim() !== '');
  if (type === 'assignment') return !!a.file;
  return a.text.trim() !== '';
}

/**
 * The body of a save: only the member the type uses (the others empty), the blanks exactly one
 * per gap, a date or time with ASCII digits.
 */
export function answerBody(type: QuestionType, a: Answer, gaps = 0): Answer {
  const out = emptyAnswer();
  if (CHOICE_TYPES.includes(type)) out.choices = type === 'multiple_select' ? [...new Set(a.choices)].sort((x, y) => x - y) : a.choices.slice(0, 1);
  else if (type === 'fill_blanks') out.blanks = Array.from({ length: Math.max(gaps, 0) }, (_, i) => a.blanks[i] ?? '');
  else if (type === 'assignment') out.file = a.file;
  else if (type === 'date' || type === 'time') out.text = asciiDigits(a.text.trim());
  else out.text = a.text;
  return out;
}

/** A multiple-select answer with `id` ticked or unticked. */
export function toggleChoice(a: Answer, id: number, on: boolean): Answer {
  const set = new Set(a.choices);
  if (on) set.add(id);
  else set.delete(id);
  return { ...a, choices: [...set].sort((x, y) => x - y) };
}

/** The blanks with gap `i` set (the list grows to hold it). */
export function withBlank(a: Answer, i: number, value: string, gaps: number): Answer {
  const blanks = Array.from({ length: Math.max(gaps, i + 1) }, (_, k) => a.blanks[k] ?? '');
  blanks[i] = value;
  return { ...a, blanks };
}

/** Date and time answers are kept with ASCII digits and shown in the interface's digits. */
export function shownDigits(text: string, lang: string): string {
  return localDigits(text, lang);
}

/**
 * A question's text split around its gaps (`___`, three or more underscores), for showing the
 * blanks inline. Returns the pieces between gaps: n gaps give n+1 pieces.
 */
export function splitGaps(text: string): string[] {
  return text.split(/_{3,}/);
}

/** The slots of the questions that have no answer yet. */
export function unansweredSlots(questions: readonly { slot: number; question_type: QuestionType }[], answerOf: (slot: number) => Answer | null | undefined): number[] {
  return questions.filter((q) => !isAnswered(q.question_type, answerOf(q.slot))).map((q) => q.slot);
}
