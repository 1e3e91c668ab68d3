import { describe, expect, it } from 'vitest';
import type { Question } from '../api/questions-api';
import { asciiDigits } from '../../../lib/digits';
import {
  countGaps,
  emptyQuestionValues,
  gapsOf,
  isValidDate,
  isValidTime,
  keepOneCorrect,
  nestedField,
  parseMarks,
  problemErrors,
  questionBody,
  questionProblems,
  questionValues,
  resizeBlanks,
  type QuestionFormValues,
} from './question-form';

const v = (over: Partial<QuestionFormValues>): QuestionFormValues => ({ ...emptyQuestionValues(), text: 'Q?', ...over });
const codes = (values: QuestionFormValues) => questionProblems(values).map((p) => `${p.path}:${p.code}`);
const opts = (...correct: boolean[]) => correct.map((c, i) => ({ text: `o${i}`, text_bn: '', correct: c }));

describe('gaps', () => {
  it('counts three underscores as one gap', () => {
    expect(countGaps('')).toBe(0);
    expect(countGaps('No gap here _ or __')).toBe(0);
    expect(countGaps('The ___ sat on the ___.')).toBe(2);
    expect(countGaps('রাজধানী ___')).toBe(1);
    expect(countGaps('a ______ b')).toBe(1);
  });

  it('takes the English text, else the Bangla one', () => {
    expect(gapsOf({ text: 'a ___', text_bn: 'ক ___ ___' })).toBe(1);
    expect(gapsOf({ text: ' ', text_bn: 'ক ___ ___' })).toBe(2);
  });

  it('resizes the blanks keeping the answers of the gaps that stay', () => {
    expect(resizeBlanks([['cat'], ['mat']], 1)).toEqual([['cat']]);
    expect(resizeBlanks([['cat']], 3)).toEqual([['cat'], [], []]);
  });
});

describe('numbers, dates and times', () => {
  it('reads Bangla digits', () => {
    expect(asciiDigits('১২/০৩/২০২৬ ১০:৩০')).toBe('12/03/2026 10:30');
    expect(parseMarks('২.৫')).toBe(2.5);
    expect(parseMarks('1.255')).toBeNull();
    expect(parseMarks('abc')).toBeNull();
    expect(parseMarks('')).toBeNull();
    expect(parseMarks('0')).toBe(0);
  });

  it('checks real days and 24-hour times', () => {
    expect(isValidDate('29/02/2024')).toBe(true);
    expect(isValidDate('29/02/2026')).toBe(false);
    expect(isValidDate('২৬/০৩/১৯৭১')).toBe(true);
    expect(isValidDate('2026-03-26')).toBe(false);
    expect(isValidTime('23:59')).toBe(true);
    expect(isValidTime('২৩:০৫')).toBe(true);
    expect(isValidTime('24:00')).toBe(false);
    expect(isValidTime('9:05')).toBe(false);
  });
});

describe('client checks', () => {
  it('needs a text in either language and positive marks', () => {
    expect(codes(v({ text: '', options: opts(true, false) }))).toEqual(['text:text_required']);
    expect(codes(v({ text_bn: 'প্রশ্ন', text: '', options: opts(true, false) }))).toEqual([]);
    expect(codes(v({ marks: '0', options: opts(true, false) }))).toEqual(['marks:marks_positive']);
    expect(codes(v({ marks: 'x', options: opts(true, false) }))).toEqual(['marks:marks_invalid']);
  });

  it('keeps negative marks between 0 and the marks, only when switched on', () => {
    const base = { marks: '2', options: opts(true, false) };
    expect(codes(v({ ...base, negative: false, negative_marks: '9' }))).toEqual([]);
    expect(codes(v({ ...base, negative: true, negative_marks: '0.5' }))).toEqual([]);
    expect(codes(v({ ...base, negative: true, negative_marks: '3' }))).toEqual(['negative_marks:negative_over_marks']);
    expect(codes(v({ ...base, negative: true, negative_marks: '' }))).toEqual(['negative_marks:negative_invalid']);
  });

  it('checks the options of the choice types', () => {
    expect(codes(v({ question_type: 'multiple_choice', options: opts(false, false) }))).toEqual(['options:one_correct']);
    expect(codes(v({ question_type: 'dropdown', options: opts(true, true) }))).toEqual(['options:one_correct']);
    expect(codes(v({ question_type: 'multiple_select', options: opts(true, true) }))).toEqual([]);
    expect(codes(v({ question_type: 'multiple_select', options: opts(false, false) }))).toEqual(['options:some_correct']);
    expect(codes(v({ question_type: 'multiple_choice', options: opts(true) }))).toEqual(['options:options_count']);
    expect(codes(v({ question_type: 'multiple_choice', options: opts(true, ...Array(10).fill(false)) }))).toEqual(['options:options_count']);
    expect(codes(v({ question_type: 'multiple_choice', options: [{ text: '', text_bn: ' ', correct: true }, { text: '', text_bn: 'খ', correct: false }] }))).toEqual([
      'options.0.text:option_text_required',
    ]);
    // Options of another type do not matter.
    expect(codes(v({ question_type: 'essay', options: opts(false) }))).toEqual([]);
  });

  it('checks the gaps and blanks of fill in the blanks', () => {
    const fb = (over: Partial<QuestionFormValues>) => v({ question_type: 'fill_blanks', ...over });
    expect(codes(fb({ text: 'The ___ sat', blanks: [['cat']] }))).toEqual([]);
    expect(codes(fb({ text: 'No gap', blanks: [] }))).toEqual(['text:no_gaps']);
    expect(codes(fb({ text: '', text_bn: 'ফাঁকা নেই', blanks: [] }))).toEqual(['text_bn:no_gaps']);
    expect(codes(fb({ text: 'The ___ sat', text_bn: 'কোনো ফাঁকা নেই', blanks: [['cat']] }))).toEqual(['text_bn:gaps_mismatch']);
    expect(codes(fb({ text: 'The ___ sat on the ___', blanks: [['cat']] }))).toEqual(['blanks:blanks_count']);
    expect(codes(fb({ text: 'The ___ sat on the ___', blanks: [['cat'], [' ']] }))).toEqual(['blanks.1:blank_answer_required']);
  });

  it('needs the key of true/false, date and time; none for the teacher-marked types', () => {
    expect(codes(v({ question_type: 'true_false' }))).toEqual(['answer:answer_required']);
    expect(codes(v({ question_type: 'true_false', answer: 'false' }))).toEqual([]);
    expect(codes(v({ question_type: 'date', answer: '' }))).toEqual(['answer:answer_required']);
    expect(codes(v({ question_type: 'date', answer: '31/04/2026' }))).toEqual(['answer:date_invalid']);
    expect(codes(v({ question_type: 'date', answer: '১৬/১২/১৯৭১' }))).toEqual([]);
    expect(codes(v({ question_type: 'time', answer: '25:00' }))).toEqual(['answer:time_invalid']);
    expect(codes(v({ question_type: 'time', answer: '০৯:৩০' }))).toEqual([]);
    for (const t of ['paragraph', 'essay', 'assignment', 'short_answer'] as const) expect(codes(v({ question_type: t }))).toEqual([]);
  });
});

describe('question body', () => {
  const filled = v({
    text: ' The ___ sat ',
    text_bn: ' ',
    folder_id: '7',
    category_id: '',
    marks: '২',
    negative: true,
    negative_marks: '0.5',
    options: opts(true, false),
    blanks: [[' cat ', '']],
    accepted: [' Dhaka ', ''],
    answer: 'true',
    explanation: ' because ',
  });

  it('sends only the key of the type, the rest empty', () => {
    expect(questionBody({ ...filled, question_type: 'multiple_choice' })).toEqual({
      question_type: 'multiple_choice',
      folder_id: 7,
      category_id: null,
      text: 'The ___ sat',
      text_bn: '',
      image: '',
      marks: 2,
      negative_marks: 0.5,
      explanation: 'because',
      explanation_bn: '',
      options: [
        { text: 'o0', text_bn: '', correct: true },
        { text: 'o1', text_bn: '', correct: false },
      ],
      blanks: [],
      accepted: [],
      answer: '',
    });
    const fb = questionBody({ ...filled, question_type: 'fill_blanks' });
    expect([fb.options, fb.blanks, fb.accepted, fb.answer]).toEqual([[], [['cat']], [], '']);
    const sa = questionBody({ ...filled, question_type: 'short_answer' });
    expect([sa.options, sa.blanks, sa.accepted, sa.answer]).toEqual([[], [], ['Dhaka'], '']);
    expect(questionBody({ ...filled, question_type: 'true_false' }).answer).toBe('true');
    expect(questionBody({ ...filled, question_type: 'date', answer: '১৬/১২/১৯৭১' }).answer).toBe('16/12/1971');
    expect(questionBody({ ...filled, question_type: 'time', answer: ' 09:30 ' }).answer).toBe('09:30');
    const essay = questionBody({ ...filled, question_type: 'essay' });
    expect([essay.options, essay.blanks, essay.accepted, essay.answer]).toEqual([[], [], [], '']);
  });

  it('sends the picture chosen, or none', () => {
    expect(questionBody({ ...filled, image: ' /question-media/0123456789abcdef0123456789abcdef.png ' }).image).toBe('/question-media/0123456789abcdef0123456789abcdef.png');
    expect(questionBody({ ...filled, image: '' }).image).toBe('');
  });

  it('sends no negative marks when the switch is off, and no folder when none is picked', () => {
    const b = questionBody({ ...filled, negative: false, folder_id: '' });
    expect(b.negative_marks).toBe(0);
    expect(b.folder_id).toBeNull();
  });

  it('round-trips a saved question', () => {
    const q: Question = {
      id: 3,
      version: 2,
      question_type: 'dropdown',
      folder_id: 5,
      category_id: 2,
      owner_id: 1,
      owner_name: 'Shafiqul Islam',
      text: 'Pick',
      text_bn: 'বাছুন',
      image: '/question-media/0123456789abcdef0123456789abcdef.png',
      marks: 1.5,
      negative_marks: 0,
      explanation: '',
      explanation_bn: '',
      options: opts(false, true),
      blanks: [],
      accepted: [],
      answer: '',
      shared_count: 0,
      shared_with: [],
      created_at: '',
      updated_at: '',
    };
    const values = questionValues(q);
    expect(values).toMatchObject({ folder_id: '5', category_id: '2', marks: '1.5', negative: false, negative_marks: '' });
    expect(questionValues({ ...q, negative_marks: 0.25 }, 'bn')).toMatchObject({ marks: '১.৫', negative: true, negative_marks: '০.২৫' });
    expect(emptyQuestionValues(null, 'bn').marks).toBe('১');
    expect(questionBody(questionValues(q, 'bn')).marks).toBe(1.5);
    const { question_type, folder_id, category_id, text, text_bn, image, marks, negative_marks, options } = q;
    expect(questionBody(values)).toMatchObject({ question_type, folder_id, category_id, text, text_bn, image, marks, negative_marks, options });
  });
});

describe('server field names', () => {
  it('puts nested names on the option or the gap', () => {
    expect(nestedField('options.1.text')).toBe('options.1.text');
    expect(nestedField('options.1.text_bn')).toBe('options.1.text_bn');
    expect(nestedField('options.1')).toBe('options.1.text');
    expect(nestedField('blanks.0')).toBe('blanks.0');
    expect(nestedField('blanks.0.2')).toBe('blanks.0');
    expect(nestedField('accepted.1')).toBeNull();
  });

  it('keeps one correct option when switching to a single-answer type', () => {
    expect(keepOneCorrect(opts(false, true, true)).map((o) => o.correct)).toEqual([false, true, false]);
  });
});

describe('problem errors', () => {
  it('nests the problems the way the form reads them', () => {
    const errors = problemErrors(
      [
        { path: 'options.1.text', code: 'option_text_required' },
        { path: 'options', code: 'one_correct' },
        { path: 'options', code: 'options_count' },
        { path: 'marks', code: 'marks_positive' },
      ],
      (p) => p.code,
    );
    expect(errors).toEqual({
      options: { 1: { text: { type: 'option_text_required', message: 'option_text_required' } }, type: 'one_correct', message: 'one_correct' },
      marks: { type: 'marks_positive', message: 'marks_positive' },
    });
  });
});
