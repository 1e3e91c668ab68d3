import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { href, render, tag, text } from '../../../lib/test-render';
import { courseKeys } from '../../courses/hooks/use-courses';
import { batch, budget, honorarium, mealDays, mealPlan, session, trainingBatch, trainingCourse } from '../test-fixtures';
import { trainingKeys } from '../hooks/use-trainings';
import { BudgetEditor, BudgetTotalsTable } from './budget-page';
import { MealSheet } from './cafeteria-page';
import { HonorariumTab } from './honorarium-tab';
import { defaultSession, SessionAttendanceForm } from './session-attendance-tab';
import TrainingEditPage from './training-edit-page';
import TrainingPages from './training-pages';
import { TraineesTab } from './trainees-tab';
import { VenueTab } from './venue-tab';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A client that already holds training 4, its batch 9 and the batch's training details. */
function cached() {
  const qc = new QueryClient();
  qc.setQueryData(courseKeys.one(4), trainingCourse());
  qc.setQueryData(courseKeys.batches(4), [batch(), batch({ id: 10, name: 'April batch', name_bn: 'এপ্রিল ব্যাচ', start_date: '2027-04-01', end_date: '2027-04-02' })]);
  qc.setQueryData(trainingKeys.batch(9), trainingBatch());
  qc.setQueryData(trainingKeys.batch(10), trainingBatch({ batch: batch({ id: 10 }) }));
  return qc;
}

describe('/training', () => {
  it('lists the site’s trainings with the way to create one', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['trainings', 'list', 1, ''], { data: [trainingCourse()], current_page: 1, last_page: 1, per_page: 12, total: 1 });
    const html = await render('en', <TrainingPages />, { at: '/training', path: '/training/*', qc });
    expect(text(html)).toContain('Trainings');
    expect(text(html)).toContain('1 training');
    expect(href(html, 'create-course-link')).toBe('/training/create');
    expect(tag(html, 'course-card')).toContain('data-course-id="4"');
    expect(html).toContain('href="/training/edit/4"');
    const bn = await render('bn', <TrainingPages />, { at: '/training', path: '/training/*', qc });
    expect(text(bn)).toContain('প্রশিক্ষণ তৈরি করুন');
  });

  it('creates a training with the course’s form, without a type to choose', async () => {
    const html = await render('en', <TrainingPages />, { at: '/training/create', path: '/training/*' });
    expect(text(html)).toContain('Create training');
    expect(html).not.toContain('id="course-type"');
  });
});

describe('/training/edit/:id', () => {
  it('shows the course’s tabs then the training’s, keeping the chosen batch from tab to tab, with its meals and budget', async () => {
    const html = await render('en', <TrainingEditPage />, { at: '/training/edit/4/venue?batch=9', path: '/training/edit/:id/:slug?', qc: cached() });
    for (const tab of ['details', 'syllabus', 'batches', 'venue', 'trainees', 'attendance', 'honorarium', 'certificates']) expect(tag(html, `tab-${tab}`), tab).not.toBe('');
    expect(href(html, 'tab-details')).toBe('/training/edit/4?batch=9');
    expect(href(html, 'tab-attendance')).toBe('/training/edit/4/attendance?batch=9');
    expect(text(html)).toContain('Venue &amp; sessions');
    expect(href(html, 'batch-meals-link')).toBe('/training/facilities/cafeteria-create/9');
    expect(href(html, 'batch-budget-link')).toBe('/training/resource/budget-create/9');
    expect(tag(html, 'training-venue-tab')).toContain('data-batch-id="9"');
  });

  it('shows the batch asked for, else the first', async () => {
    const html = await render('en', <TrainingEditPage />, { at: '/training/edit/4/venue?batch=10', path: '/training/edit/:id/:slug?', qc: cached() });
    expect(tag(html, 'training-venue-tab')).toContain('data-batch-id="10"');
    const first = await render('en', <TrainingEditPage />, { at: '/training/edit/4/venue?batch=77', path: '/training/edit/:id/:slug?', qc: cached() });
    expect(tag(first, 'training-venue-tab')).toContain('data-batch-id="9"');
  });
});

describe('the Venue & sessions tab', () => {
  it('shows the venue, the rules as percentages, the trainers’ rates in taka and the sessions with their attendance, in Bangla', async () => {
    const html = await render('bn', <VenueTab batch={batch()} />, { qc: cached() });
    expect(html).toMatch(/<input[^>]*id="training-venue-venue"[^>]*value="BARD, Cumilla"/);
    expect(html).toMatch(/value="৮০"/);
    expect(html).toMatch(/value="১০"/);
    const shown = text(html);
    expect(shown).toContain('প্রতি সেশন ২,৫০০.০০৳');
    expect(shown).toContain('২টি সেশন নিয়েছেন');
    expect(shown).toContain('১০ জন উপস্থিত');
    expect(shown).toContain('উপস্থিতি নেওয়া হয়নি');
    expect(shown).toContain('উদ্বোধন: নিরাপদ খাদ্য ব্যবস্থাপনা');
    // A session with attendance taken stays.
    const rows = html.split('data-testid="session-row"');
    expect(rows[1]).toMatch(/data-testid="delete-session"[^>]*disabled|disabled[^>]*data-testid="delete-session"/);
    expect(rows[2]).not.toMatch(/disabled[^>]*data-testid="delete-session"/);
  });
});

describe('the Trainees tab', () => {
  it('lists the trainees with what they attended and where they stand, and offers to restrict an open batch for nominees', async () => {
    const qc = cached();
    qc.setQueryData([...trainingKeys.trainees(9), 1, ''], {
      data: [
        { enrollment_id: 1, user_id: 11, name: 'Rahim Uddin', email: 'rahim@example.com', status: 'completed', attended: 3, sessions: 3, held: 3, percent: 100, eligible: true, certificate_code: 'TR-7K2P' },
        { enrollment_id: 2, user_id: 12, name: 'Karima Begum', email: null, status: 'active', attended: 1, sessions: 3, held: 2, percent: 33, eligible: false, certificate_code: null },
      ],
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 2,
    });
    const html = await render('en', <TraineesTab course={trainingCourse()} batch={batch()} />, { qc });
    const shown = text(html);
    expect(shown).toContain('The certificate needs 80% of the sessions.');
    expect(shown).toContain('3 of 3 sessions (3 held)');
    expect(shown).toContain('1 of 3 sessions (2 held)');
    expect(shown).toContain('Not yet eligible');
    expect(html).toContain('href="/certificate/check/TR-7K2P"');
    expect(tag(html, 'complete-batch')).not.toBe('');
    expect(tag(html, 'nominations-open-batch')).not.toBe('');
    const bn = text(await render('bn', <TraineesTab course={trainingCourse()} batch={batch()} />, { qc }));
    expect(bn).toContain('৩টি সেশনের ১টিতে (২টি হয়েছে)');
    expect(bn).toContain('৩৩%');
  });

  it('lists the nominees of a restricted batch', async () => {
    const qc = cached();
    qc.setQueryData([...trainingKeys.trainees(9), 1, ''], { data: [], current_page: 1, last_page: 1, per_page: 20, total: 0 });
    const html = await render('en', <TraineesTab course={trainingCourse()} batch={batch({ restricted: true })} />, { qc });
    expect(tag(html, 'add-candidate')).not.toBe('');
    expect(tag(html, 'import-candidates')).not.toBe('');
    expect(tag(html, 'nominations-open-batch')).toBe('');
  });
});

describe('the Attendance tab', () => {
  it('opens the session asked for, else the last that has begun', () => {
    const sessions = trainingBatch().sessions;
    expect(defaultSession(sessions, 62)?.id).toBe(62);
    expect(defaultSession(sessions, 0, Date.parse('2027-03-01T12:00:00Z'))?.id).toBe(61);
    expect(defaultSession(sessions, 0, Date.parse('2027-03-05T00:00:00Z'))?.id).toBe(62);
    expect(defaultSession(sessions, 0, Date.parse('2027-01-01T00:00:00Z'))?.id).toBe(61);
    expect(defaultSession([], 0)).toBeNull();
  });

  it('shows each trainee with a present / absent choice and the counts; nothing to save until a mark changes', async () => {
    const rows = [
      { enrollment_id: 1, user_id: 11, name: 'Rahim Uddin', present: true },
      { enrollment_id: 2, user_id: 12, name: 'Karima Begum', present: null },
    ];
    const html = await render('bn', <SessionAttendanceForm batchId={9} sessionId={61} rows={rows} />);
    expect([...html.matchAll(/data-testid="attendance-row" data-enrollment="\d+" data-mark="(\w+)"/g)].map((m) => m[1])).toEqual(['present', 'unmarked']);
    expect(text(html)).toContain('১');
    expect(tag(html, 'attendance-save')).toContain('disabled');
    expect(tag(html, 'attendance-all-present')).not.toContain('disabled');
  });
});

describe('the Honorarium tab', () => {
  it('shows each trainer’s sessions × rate, the tax and the net in taka with two decimals, the totals and the statement', async () => {
    const qc = new QueryClient();
    qc.setQueryData(trainingKeys.honorarium(9), honorarium());
    const en = await render('en', <HonorariumTab batch={batch()} />, { qc });
    expect(text(en)).toContain('7.5% tax taken');
    expect(text(en)).toMatch(/Farhana Haque 2 ৳2,500\.00 ৳5,000\.00 ৳375\.00 ৳4,625\.00/);
    expect(text(tag(en, 'honorarium-totals') && en.slice(en.indexOf('data-testid="honorarium-totals"')))).toContain('৳4,625.00');
    expect(tag(en, 'honorarium-statement')).toContain('aria-label="Download the statement of Farhana Haque (PDF)"');
    const bn = text(await render('bn', <HonorariumTab batch={batch()} />, { qc }));
    expect(bn).toContain('৪,৬২৫.০০৳');
    expect(bn).toContain('৭.৫%');
  });
});

describe('the meal sheet', () => {
  it('shows each day’s meals with their count and quantities, saying where the count comes from', async () => {
    const html = await render('en', <MealSheet days={mealDays()} training={trainingBatch()} />);
    expect(tag(html, 'meal-sheet')).toContain('data-print-meals');
    expect([...html.matchAll(/data-testid="meal-day" data-date="([\d-]+)" data-source="(\w+)"/g)].map((m) => `${m[1]}:${m[2]}`)).toEqual(['2027-03-01:attendance', '2027-03-02:enrolled']);
    const shown = text(html);
    expect(shown).toContain('10 trainees present');
    expect(shown).toContain('12 trainees enrolled (no attendance yet)');
    expect(shown).toContain('Rice: 3.5 kg');
    expect([...html.matchAll(/data-testid="meal-count">(\d+)</g)].map((m) => m[1])).toEqual(['12', '14']);
    const bn = text(await render('bn', <MealSheet days={mealDays()} training={trainingBatch()} />));
    expect(bn).toContain('চাল: ৩.৫ kg');
    expect(bn).toContain('দুপুরের খাবার');
    expect(bn).toContain('১৩:০০');
  });
  it('says so when there is nothing to serve', async () => {
    expect(text(await render('en', <MealSheet days={[]} training={trainingBatch()} />))).toContain('No meals to serve yet');
  });
  it('is fed by plans whose items are kept per person', () => {
    expect(mealPlan().items.map((i) => i.quantity_per_person)).toEqual([0.25, 1]);
    expect(session().present).toBe(10);
  });
});

describe('the budget', () => {
  it('edits the saved lines in taka and sums what is typed; the server’s totals per category and overall below', async () => {
    const html = await render('en', <BudgetEditor batchId={9} budget={budget()} />);
    expect(html.match(/data-testid="budget-row"/g)).toHaveLength(2);
    expect(html).toMatch(/id="budget-planned-1"[^>]*value="15000.50"|value="15000.50"[^>]*id="budget-planned-1"/);
    expect([...html.matchAll(/data-testid="budget-row-variance">([^<]+)</g)].map((m) => m[1])).toEqual(['৳2,000.00', '-৳1,000.50']);
    // A card per line on a phone (the tests render without a screen), the sums of what is typed under them.
    expect(text(html.slice(html.indexOf('data-testid="budget-typed-totals"')))).toMatch(/Total Planned: ৳45,000.50 · Actual: ৳46,000.00 Variance: ৳999.50/);
    const totals = await render('bn', <BudgetTotalsTable budget={budget()} />);
    expect([...totals.matchAll(/data-testid="budget-category" data-category="(\w+)"/g)].map((m) => m[1])).toEqual(['venue', 'meals']);
    expect(text(totals)).toContain('৪৫,০০০.৫০৳');
    expect(text(totals)).toContain('৩৬০.০০৳');
  });
});
