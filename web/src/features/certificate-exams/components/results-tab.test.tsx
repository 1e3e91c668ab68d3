import { describe, expect, it } from 'vitest';
import { render, tag, text } from '../../../lib/test-render';
import type { ExamBatchResults, PartResult } from '../api/certificate-exams-api';
import { partOutcome } from '../hooks/results';
import { ResultsTable } from './results-tab';

const part = (lesson_id: number, title: string, title_bn: string) => ({ lesson_id, title, title_bn, exam_id: lesson_id + 100, pass_percent: 60 });
const result = (lesson_id: number, over: Partial<PartResult> = {}): PartResult => ({ lesson_id, state: 'finished', score: null, max_score: 10, passed: null, attempts: 1, ...over });

const results: ExamBatchResults = {
  parts: [part(1, 'Written', 'লিখিত'), part(2, 'Oral', 'মৌখিক'), part(3, 'Essay', 'রচনা'), part(4, 'Practical', 'ব্যবহারিক'), part(5, 'Viva', 'ভাইভা')],
  learners: [
    {
      enrollment_id: 70,
      user_id: 9,
      name: 'Mitu Akter',
      status: 'active',
      certificate_code: null,
      parts: [
        result(1, { score: 8, passed: true }),
        result(2, { score: 3.5, passed: false, attempts: 2 }),
        result(3, { state: 'submitted' }),
        result(5, { state: 'in_progress', attempts: 1 }),
      ],
    },
    { enrollment_id: 71, user_id: 10, name: 'Karim Uddin', status: 'completed', certificate_code: 'CERT-7Q2X', parts: [1, 2, 3, 4, 5].map((id) => result(id, { score: 9, passed: true })) },
  ],
};

/** The outcome of each part cell, row by row. */
const outcomes = (html: string) => [...html.matchAll(/data-testid="part-cell" data-outcome="(\w+)"/g)].map((m) => m[1]);

describe('the results of a certificate exam’s batch', () => {
  it('tells passed, failed, awaiting marking, started and not attempted apart', () => {
    expect(partOutcome(result(1, { score: 8, passed: true }))).toBe('passed');
    expect(partOutcome(result(1, { score: 0, passed: false }))).toBe('failed');
    expect(partOutcome(result(1, { state: 'submitted' }))).toBe('awaiting_marking');
    expect(partOutcome(result(1, { state: 'overdue' }))).toBe('awaiting_marking');
    expect(partOutcome(result(1, { state: 'in_progress' }))).toBe('started');
    expect(partOutcome(result(1, { state: null, attempts: 0 }))).toBe('not_attempted');
    expect(partOutcome(undefined)).toBe('not_attempted');
  });

  it('shows a row per learner and a column per part, with the score, the outcome, the status and the certificate', async () => {
    const html = await render('en', <ResultsTable results={results} batchId={7} />);
    expect(outcomes(html)).toEqual(['passed', 'failed', 'awaiting_marking', 'not_attempted', 'started', 'passed', 'passed', 'passed', 'passed', 'passed']);
    const page = text(html);
    expect(page).toContain('2 learners');
    expect(page).toContain('Written Pass mark: 60%');
    expect(page).toMatch(/Mitu Akter 8 \/ 10 Passed 3\.5 \/ 10 Failed Awaiting marking Not attempted Not handed in Active None yet/);
    expect(page).toMatch(/Karim Uddin (9 \/ 10 Passed ){5}Completed CERT-7Q2X/);
    expect(html).toContain('href="/certificate/check/CERT-7Q2X"');
    expect(html).toContain('aria-label="Marksheet of Mitu Akter (PDF)"');
    // A region the keyboard can scroll sideways on a narrow screen.
    expect(tag(html, 'results-table')).toMatch(/tabindex="0"/);
    expect(tag(html, 'results-table')).toMatch(/role="region"/);
  });

  it('speaks Bangla with Bangla digits', async () => {
    const page = text(await render('bn', <ResultsTable results={results} batchId={7} />));
    expect(page).toContain('২ জন শিক্ষার্থী');
    expect(page).toContain('লিখিত পাস নম্বর: ৬০%');
    expect(page).toMatch(/Mitu Akter ৮ \/ ১০ পাস ৩\.৫ \/ ১০ ফেল মূল্যায়নের অপেক্ষায় অংশ নেননি জমা দেওয়া হয়নি/);
  });

  it('says so when nobody has enrolled', async () => {
    const html = await render('en', <ResultsTable results={{ parts: results.parts, learners: [] }} batchId={7} />);
    expect(text(html)).toContain('Nobody has enrolled in this batch yet.');
    expect(outcomes(html)).toEqual([]);
  });
});
