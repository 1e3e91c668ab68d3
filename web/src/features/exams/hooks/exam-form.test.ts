import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { fromLocalInput } from '../../../lib/local-datetime';
import type { BankFolder, Exam } from '../api/exams-api';
import {
  emptyExamValues,
  emptyPart,
  examBody,
  examProblems,
  examValues,
  fieldMessage,
  localizedFieldErrors,
  movePart,
  nestedField,
  paperSize,
  problemErrors,
  type ExamFormValues,
  type PartValue,
} from './exam-form';

const question = (id: number, marks = 1): PartValue => ({
  ...emptyPart('question'),
  question_id: id,
  question: { id, question_type: 'multiple_choice', text: `Q${id}`, text_bn: '', marks },
});
const folderPart = (folder: string, pick: string): PartValue => ({ ...emptyPart('folder'), folder_id: folder, pick });
const NOW = new Date(2026, 2, 1, 9, 20);
const v = (over: Partial<ExamFormValues>): ExamFormValues => ({ ...emptyExamValues('en', NOW), title: 'Physics', parts: [question(1)], ...over });
const codes = (values: ExamFormValues, folders: BankFolder[] = []) => examProblems(values, folders).map((p) => `${p.path}:${p.code}`);
const folders: BankFolder[] = [{ id: 5, parent_id: null, name: 'Motion', question_count: 4, folder_count: 0 }];

describe('dates of the window', () => {
  it('starts a new exam at the next full hour, open for a week', () => {
    const e = emptyExamValues('bn', NOW);
    expect(e.starts_at).toBe('2026-03-01T10:00');
    expect(e.ends_at).toBe('2026-03-08T10:00');
    expect(e.duration_minutes).toBe('৩০');
    expect(e.results_release).toBe('on_submit');
  });
});

describe('client checks', () => {
  it('passes a complete exam', () => {
    expect(codes(v({}))).toEqual([]);
  });

  it('needs a title in either language and a window that ends after it starts', () => {
    expect(codes(v({ title: ' ', title_bn: '' }))).toEqual(['title:title_required']);
    expect(codes(v({ title: '', title_bn: 'পদার্থবিজ্ঞান' }))).toEqual([]);
    expect(codes(v({ ends_at: v({}).starts_at }))).toEqual(['ends_at:invalid_window']);
    expect(codes(v({ starts_at: '' }))).toEqual(['starts_at:date_required']);
  });

  it('checks the numbers, typed with Bangla or ASCII digits', () => {
    expect(codes(v({ duration_minutes: '০' }))).toEqual(['duration_minutes:invalid_duration']);
    expect(codes(v({ duration_minutes: '১৪৪০' }))).toEqual([]);
    expect(codes(v({ duration_minutes: '1441' }))).toEqual(['duration_minutes:invalid_duration']);
    expect(codes(v({ attempts_allowed: '101' }))).toEqual(['attempts_allowed:invalid_attempts']);
    expect(codes(v({ pass_percent: '১০০.৫' }))).toEqual(['pass_percent:invalid_pass_percent']);
    expect(codes(v({ pass_percent: '৩৩.৩৩' }))).toEqual([]);
    expect(codes(v({ grace_seconds: '3601' }))).toEqual(['grace_seconds:invalid_grace']);
    expect(codes(v({ grace_seconds: '০' }))).toEqual([]);
  });

  it('checks the parts', () => {
    expect(codes(v({ parts: [] }))).toEqual(['parts:no_parts']);
    expect(codes(v({ parts: [question(1), question(1)] }))).toEqual(['parts.1.question_id:duplicate_question']);
    expect(codes(v({ parts: [folderPart('', '2')] }))).toEqual(['parts.0.folder_id:folder_required']);
    expect(codes(v({ parts: [folderPart('5', '০')] }))).toEqual(['parts.0.pick:invalid_pick']);
    expect(codes(v({ parts: [folderPart('5', '৫')] }), folders)).toEqual(['parts.0.pick:pick_exceeds_folder']);
    expect(codes(v({ parts: [folderPart('5', '৪')] }), folders)).toEqual([]);
  });
});

describe('ExamInput', () => {
  it('is built from the form with numbers, UTC times and parts in order', () => {
    const values = v({
      title: ' Physics ',
      title_bn: ' পদার্থবিজ্ঞান ',
      instructions: ' Read carefully ',
      starts_at: '2026-03-26T10:00',
      ends_at: '2026-03-27T10:00',
      duration_minutes: '৪৫',
      attempts_allowed: '২',
      pass_percent: '৩৩.৫',
      grace_seconds: '৬০',
      shuffle_questions: true,
      results_release: 'after_close',
      show_answers: true,
      published: true,
      parts: [question(9), folderPart('5', '৩'), question(4)],
    });
    expect(examBody(values)).toEqual({
      title: 'Physics',
      title_bn: 'পদার্থবিজ্ঞান',
      instructions: 'Read carefully',
      instructions_bn: '',
      starts_at: fromLocalInput('2026-03-26T10:00'),
      ends_at: fromLocalInput('2026-03-27T10:00'),
      duration_minutes: 45,
      attempts_allowed: 2,
      pass_percent: 33.5,
      shuffle_questions: true,
      shuffle_options: false,
      results_release: 'after_close',
      show_answers: true,
      grace_seconds: 60,
      published: true,
      parts: [{ question_id: 9 }, { folder_id: 5, pick: 3 }, { question_id: 4 }],
    });
  });

  it('round-trips a saved exam, numbers in the interface digits', () => {
    const exam = {
      id: 3,
      uuid: 'u',
      owner_id: 1,
      title: 'Physics',
      title_bn: '',
      instructions: '',
      instructions_bn: '',
      starts_at: '2026-03-26T04:00:00Z',
      ends_at: '2026-03-27T04:00:00Z',
      duration_minutes: 45,
      attempts_allowed: 2,
      pass_percent: 40,
      shuffle_questions: false,
      shuffle_options: true,
      results_release: 'after_close',
      show_answers: false,
      grace_seconds: 30,
      published: true,
      question_count: 4,
      total_marks: 2,
      created_at: '',
      updated_at: '',
      attempt_count: 0,
      parts: [
        { position: 2, question_id: null, folder_id: 5, pick: 3, question: null, folder_name: 'Motion' },
        { position: 1, question_id: 9, folder_id: null, pick: null, question: { id: 9, question_type: 'essay', text: 'E', text_bn: '', marks: 2 }, folder_name: null },
      ],
    } satisfies Exam;
    const values = examValues(exam, 'bn');
    expect(values.duration_minutes).toBe('৪৫');
    expect(values.parts.map((p) => p.kind)).toEqual(['question', 'folder']);
    expect(values.parts[1]).toMatchObject({ folder_id: '5', folder_name: 'Motion', pick: '৩' });
    const body = examBody(values);
    expect(body).toMatchObject({ starts_at: '2026-03-26T04:00:00Z', ends_at: '2026-03-27T04:00:00Z', duration_minutes: 45, shuffle_options: true, results_release: 'after_close' });
    expect(body.parts).toEqual([{ question_id: 9 }, { folder_id: 5, pick: 3 }]);
  });
});

describe('server errors on the form', () => {
  it('puts nested part errors on the part’s field', () => {
    expect(nestedField('parts.2.pick')).toBe('parts.2.pick');
    expect(nestedField('parts.0.question_id')).toBe('parts.0.question_id');
    expect(nestedField('parts.1.folder_id')).toBe('parts.1.folder_id');
    expect(nestedField('parts.3')).toBe('parts.3.ref');
    expect(nestedField('title')).toBeNull();
  });

  it('translates a field message that arrives as a bare code', () => {
    const known: Record<string, string> = { invalid_window: 'The end must come after the start.' };
    const tr = (c: string) => known[c] ?? null;
    expect(fieldMessage('invalid_window', tr)).toBe('The end must come after the start.');
    expect(fieldMessage('Already translated.', tr)).toBe('Already translated.');
    expect(fieldMessage('mystery_code', tr)).toBe('mystery_code');
    const err = new ApiError(422, 'Invalid', 'validation_failed', { ends_at: ['invalid_window'], title: ['Required.'] });
    const out = localizedFieldErrors(err, tr) as ApiError;
    expect(out.fieldErrors).toEqual({ ends_at: ['The end must come after the start.'], title: ['Required.'] });
    expect(out.status).toBe(422);
  });

  it('builds react-hook-form errors, the parts’ own message under root', () => {
    const errors = problemErrors(
      [
        { path: 'parts', code: 'no_parts' },
        { path: 'title', code: 'title_required' },
        { path: 'title', code: 'title_required' },
      ],
      (p) => p.code,
    );
    expect(errors).toEqual({ parts: { root: { type: 'no_parts', message: 'no_parts' } }, title: { type: 'title_required', message: 'title_required' } });
    expect(problemErrors([{ path: 'parts.1.pick', code: 'invalid_pick' }], (p) => p.code)).toEqual({ parts: { 1: { pick: { type: 'invalid_pick', message: 'invalid_pick' } } } });
  });
});

describe('paper', () => {
  it('moves parts and sizes the paper', () => {
    expect(movePart(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(movePart(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(movePart(['a', 'b'], 1, 5)).toEqual(['a', 'b']);
    expect(paperSize([question(1, 2), question(2, 1.5), folderPart('5', '৩')])).toEqual({ questions: 5, marks: 3.5, random: 3 });
  });
});
