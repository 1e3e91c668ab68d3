import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { href, render } from '../../../lib/test-render';
import type { AttemptResult, ExamIntro } from '../api/exam-front-api';
import { examJourneyHref, returnPath } from '../hooks/return-path';
import { examFrontKeys } from '../hooks/use-exam-front';
import ExamJourneyPage from './exam-journey-page';
import { ExamResultView } from './exam-result';

const LESSON = '/course/journey/c1?lesson=5';

const intro: ExamIntro = {
  uuid: 'e1',
  title: 'Fractions check-up',
  title_bn: '',
  instructions: '',
  instructions_bn: '',
  starts_at: '2026-03-01T00:00:00Z',
  ends_at: '2026-12-31T00:00:00Z',
  duration_minutes: 20,
  attempts_allowed: 3,
  attempts_used: 0,
  question_count: 12,
  pass_percent: 60,
  server_now: '2026-03-02T00:00:00Z',
  active_attempt: null,
  attempts: [],
  can_start: true,
  reason: null,
};

const result: AttemptResult = {
  uuid: 'a1',
  exam_uuid: 'e1',
  state: 'finished',
  attempt_no: 1,
  submitted_at: '2026-03-02T10:20:00Z',
  late: false,
  auto_closed: false,
  results_available: true,
  score: 8,
  max_score: 10,
  percent: 80,
  passed: true,
  pending_marking: 0,
  questions: [],
};

/** `node` at `url` as the exam journey route, with the intro of exam e1 already loaded. */
function renderAt(url: string, node = <ExamJourneyPage />) {
  const qc = new QueryClient();
  qc.setQueryData(examFrontKeys.intro('e1'), intro);
  return render('en', node, { at: url, qc, path: '/exam/journey/:uuid' });
}

describe('the way back from an exam to its course lesson', () => {
  it('accepts only a path of this site', () => {
    const of = (v: string) => returnPath(new URLSearchParams({ return: v }));
    expect(of(LESSON)).toBe(LESSON);
    expect(of('//evil.example')).toBeNull();
    expect(of('//evil.example/course/journey/c1')).toBeNull();
    expect(of('/\\evil.example')).toBeNull();
    expect(of('https://evil.example/')).toBeNull();
    expect(of('javascript:alert(1)')).toBeNull();
    expect(of('')).toBeNull();
    expect(returnPath(new URLSearchParams())).toBeNull();
  });

  it('builds the exam link that carries it', () => {
    const link = examJourneyHref('e1', LESSON, { result: 'a1' });
    expect(link).toBe(`/exam/journey/e1?result=a1&return=${encodeURIComponent(LESSON)}`);
    expect(returnPath(new URL(link, 'http://x').searchParams)).toBe(LESSON);
  });

  it('offers "Back to the course" on the intro for a path of this site', async () => {
    const html = await renderAt(`/exam/journey/e1?return=${encodeURIComponent(LESSON)}`);
    expect(html).toContain('data-testid="exam-intro"');
    expect(href(html, 'return-to-course')).toBe(LESSON);
    expect(href(html, 'journey-leave')).toBe(LESSON);
    expect(html).toContain('Back to the course');
  });

  it('refuses //evil.example and leaves for the dashboard instead', async () => {
    const html = await renderAt(`/exam/journey/e1?return=${encodeURIComponent('//evil.example')}`);
    expect(html).toContain('data-testid="exam-intro"');
    expect(html).not.toContain('return-to-course');
    expect(html).not.toContain('evil.example');
    expect(href(html, 'journey-leave')).toBe('/dashboard');
  });

  it('offers it after submission, on the result', async () => {
    const html = await renderAt('/exam/journey/e1', <ExamResultView result={result} onBack={() => {}} returnTo={LESSON} />);
    expect(href(html, 'return-to-course')).toBe(LESSON);
    const without = await renderAt('/exam/journey/e1', <ExamResultView result={result} onBack={() => {}} />);
    expect(without).not.toContain('return-to-course');
  });
});
