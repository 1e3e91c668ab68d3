import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { resources } from '../../../i18n/resources';
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

async function renderAt(url: string, node = <ExamJourneyPage />) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ resources, lng: 'en', defaultNS: 'common', interpolation: { escapeValue: false } });
  const qc = new QueryClient();
  qc.setQueryData(examFrontKeys.intro('e1'), intro);
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={qc}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path="/exam/journey/:uuid" element={node} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

/** The href of the element with this test id (null when absent). */
const href = (html: string, id: string) => {
  const tag = new RegExp(`<a\\b[^>]*data-testid="${id}"[^>]*>`).exec(html)?.[0];
  return tag ? (/href="([^"]*)"/.exec(tag)?.[1]?.replace(/&amp;/g, '&') ?? null) : null;
};

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
