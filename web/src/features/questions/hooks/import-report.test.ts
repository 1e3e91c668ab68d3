import { describe, expect, it } from 'vitest';
import { csvColumnOf, fieldLabel, fileKind, importReport, rowsWithProblems } from './import-report';

describe('importReport', () => {
  it('splits whole-file, folder and row problems, rows sorted by number then by column', () => {
    const report = importReport({
      file: ['This CSV file could not be read.'],
      folder_id: ['Choose one of the offered values.'],
      'rows.10.type': ['Choose one of the offered values.'],
      'rows.2.answer': ['Choose one of the offered values.'],
      'rows.2.marks': ['Enter a number.', 'Give marks more than 0.'],
      'rows.2.options.1.text': ['This field is required.'],
      'rows.2.options': ['Tick at least one correct option.'],
      'rows.2.options.0.text_bn': ['Too long.'],
      'rows.2.type': ['Choose one of the offered values.'],
      'rows.3.blanks.1': ['Give this gap an answer.'],
      'rows.3.blanks.0': ['Give this gap an answer.'],
      format: ['Choose one of the offered values.'],
    });
    expect(report.file).toEqual(['This CSV file could not be read.']);
    expect(report.folder).toEqual(['Choose one of the offered values.']);
    expect(report.other).toEqual(['Choose one of the offered values.']);
    expect(report.rows.map((r) => `${r.row} ${r.field}: ${r.message}`)).toEqual([
      '2 type: Choose one of the offered values.',
      '2 marks: Enter a number.',
      '2 marks: Give marks more than 0.',
      '2 options: Tick at least one correct option.',
      '2 options.0.text_bn: Too long.',
      '2 options.1.text: This field is required.',
      '2 answer: Choose one of the offered values.',
      '3 blanks.0: Give this gap an answer.',
      '3 blanks.1: Give this gap an answer.',
      '10 type: Choose one of the offered values.',
    ]);
    expect(rowsWithProblems(report.rows)).toBe(3);
  });

  it('drops repeated messages of one field and names question_type as the type column', () => {
    const report = importReport({ 'rows.4.type': ['Choose one of the offered values.', 'Choose one of the offered values.'], 'rows.4.question_type': ['Choose one of the offered values.'] });
    expect(report.rows).toEqual([{ row: 4, field: 'type', message: 'Choose one of the offered values.' }]);
  });

  it('keeps unknown fields after the known ones of their row, and empty messages out', () => {
    const report = importReport({ 'rows.5.zeta': ['z'], 'rows.5.alpha': ['a'], 'rows.5.text': ['t', ' '], file: [] });
    expect(report.rows.map((r) => r.field)).toEqual(['text', 'alpha', 'zeta']);
    expect(report.file).toEqual([]);
  });

  it('is empty for no errors', () => {
    expect(importReport({})).toEqual({ file: [], folder: [], rows: [], other: [] });
  });
});

describe('field names', () => {
  it('label fields with the form labels, options and gaps numbered from 1', () => {
    expect(fieldLabel('type')).toEqual({ key: 'form.type' });
    expect(fieldLabel('marks')).toEqual({ key: 'form.marks' });
    expect(fieldLabel('text_bn')).toEqual({ key: 'form.text_bn' });
    expect(fieldLabel('answer')).toEqual({ key: 'form.answer_heading' });
    expect(fieldLabel('options')).toEqual({ key: 'form.options' });
    expect(fieldLabel('options.1.text')).toEqual({ key: 'form.option_text', n: 2 });
    expect(fieldLabel('options.0.text_bn')).toEqual({ key: 'form.option_text_bn', n: 1 });
    expect(fieldLabel('options.2')).toEqual({ key: 'form.option_n', n: 3 });
    expect(fieldLabel('blanks.0')).toEqual({ key: 'form.gap_n', n: 1 });
    expect(fieldLabel('accepted')).toEqual({ key: 'form.accepted' });
    expect(fieldLabel('accepted.3')).toBeNull();
    expect(fieldLabel('something')).toBeNull();
  });

  it('point at the CSV column holding the value', () => {
    expect(csvColumnOf('type')).toBe('type');
    expect(csvColumnOf('question_type')).toBe('type');
    expect(csvColumnOf('options.1.text')).toBe('options');
    expect(csvColumnOf('options.1.text_bn')).toBe('options_bn');
    expect(csvColumnOf('accepted')).toBe('answer');
    expect(csvColumnOf('blanks.1')).toBe('answer');
    expect(csvColumnOf('negative_marks')).toBe('negative_marks');
  });
});

describe('fileKind', () => {
  it('knows .xml and .csv in any case, nothing else', () => {
    expect(fileKind('bank.XML')).toBe('xml');
    expect(fileKind('প্রশ্ন.csv')).toBe('csv');
    expect(fileKind('questions.xlsx')).toBe('csv');
    expect(fileKind('questions.xls')).toBeNull();
    expect(fileKind('csv')).toBeNull();
  });
});
