import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { errorText, fetchCall, href, input, json, noop, render, runMutation, stubFetch, tag, text } from '../../../lib/test-render';
import type { Page } from '../../../lib/types';
import { courseKeys } from '../../courses/hooks/use-courses';
import type { FoodItem, Trainee } from '../api/trainings-api';
import { batch, budget, honorarium, mealDays, mealPlan, session, trainingBatch, trainingCourse } from '../test-fixtures';
import { deleteFoodItemMutation, saveFoodItemMutation, trainingKeys } from '../hooks/use-trainings';
import { BudgetEditor, BudgetTotalsTable } from './budget-page';
import CafeteriaPage, { MealSheet } from './cafeteria-page';
import { FoodItemForm, FoodItemsList, FoodItemsManager, useDeleteRefusal } from './food-items-dialog';
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

const page = <T,>(data: T[], over: Partial<Page<T>> = {}): Page<T> => ({ data, current_page: 1, last_page: 1, per_page: 20, total: data.length, ...over });

const trainee = (over: Partial<Trainee> = {}): Trainee => ({
  enrollment_id: 1,
  batch_id: 9,
  course_title: 'ICT in the classroom',
  course_title_bn: 'শ্রেণিকক্ষে আইসিটি',
  batch_name: 'Batch 1',
  batch_name_bn: 'ব্যাচ ১',
  user_id: 11,
  name: 'Rahim Uddin',
  email: 'rahim@example.com',
  status: 'completed',
  attended: 3,
  sessions: 3,
  held: 3,
  percent: 100,
  eligible: true,
  certificate_code: 'TR-7K2P',
  ...over,
});

describe('/training?tab=trained', () => {
  const at = (qc: QueryClient, lang: 'en' | 'bn' = 'en', url = '/training?tab=trained') => render(lang, <TrainingPages />, { at: url, path: '/training/*', qc });

  it('lists the people who completed a training of the site, with what they attended and their certificate', async () => {
    const qc = new QueryClient();
    qc.setQueryData(trainingKeys.trainedPage(1), page([trainee(), trainee({ enrollment_id: 2, user_id: 12, name: 'Karima Begum', email: null, attended: 4, sessions: 5, held: 5, percent: 80, certificate_code: null })]));
    const html = await at(qc);
    expect(tag(html, 'trained-people-page')).not.toBe('');
    expect(html.match(/data-testid="trained-row"/g)).toHaveLength(2);
    const shown = text(html);
    expect(shown).toContain('Trained people');
    expect(shown).toContain('2 people completed a training');
    expect(shown).toContain('Rahim Uddin');
    expect(shown).toContain('rahim@example.com');
    expect(shown).toContain('ICT in the classroom Batch 1');
    expect(shown).toContain('3 of 3 sessions (3 held)');
    expect(shown).toContain('4 of 5 sessions (5 held)');
    expect(shown).toContain('None yet');
    expect(html).toContain('href="/certificate/check/TR-7K2P"');
    // The tabs are links: each tab has its address; this one is selected.
    expect(href(html, 'tab-trainings')).toBe('/training');
    expect(href(html, 'tab-trained')).toBe('/training?tab=trained');
    expect(tag(html, 'tab-trained')).toContain('aria-selected="true"');
    expect(tag(html, 'pager')).toBe('');
    // No search box: the call takes none.
    expect(html).not.toContain('type="search"');
    const bn = text(await at(qc, 'bn'));
    expect(bn).toContain('প্রশিক্ষিত ব্যক্তি');
    expect(bn).toContain('২ জন প্রশিক্ষণ সম্পন্ন করেছেন');
    expect(bn).toContain('৫টি সেশনের ৪টিতে (৫টি হয়েছে)');
    expect(bn).toContain('শ্রেণিকক্ষে আইসিটি ব্যাচ ১');
    expect(bn).toContain('৮০%');
  });

  it('pages through them with ?page=, and says when no one has completed a training yet', async () => {
    const qc = new QueryClient();
    qc.setQueryData(trainingKeys.trainedPage(2), page([trainee({ enrollment_id: 30 })], { current_page: 2, last_page: 3, total: 41 }));
    const second = await at(qc, 'en', '/training?tab=trained&page=2');
    expect(tag(second, 'trained-row')).toContain('data-enrollment="30"');
    expect(tag(second, 'pager')).not.toBe('');
    expect(second).toMatch(/aria-current="page"[^>]*aria-label="Page 2"|aria-label="Page 2"[^>]*aria-current="page"/);
    expect(text(second)).toContain('41 people completed a training');

    const none = new QueryClient();
    none.setQueryData(trainingKeys.trainedPage(1), page([]));
    const empty = await at(none);
    expect(tag(empty, 'empty-state')).not.toBe('');
    expect(text(empty)).toContain('No one has completed a training yet.');
    expect(text(await at(none, 'bn'))).toContain('এখনও কেউ প্রশিক্ষণ সম্পন্ন করেননি।');
  });

  it('sits beside the trainings, whose tab is the list’s default', async () => {
    const qc = new QueryClient();
    qc.setQueryData(['trainings', 'list', 1, ''], { data: [trainingCourse()], current_page: 1, last_page: 1, per_page: 12, total: 1 });
    const html = await at(qc, 'en', '/training');
    expect(tag(html, 'course-list-page')).not.toBe('');
    expect(tag(html, 'tab-trainings')).toContain('aria-selected="true"');
    expect(href(html, 'tab-trained')).toBe('/training?tab=trained');
    expect(tag(html, 'trained-people-page')).toBe('');
    // Another ?tab= is the trainings.
    expect(tag(await at(qc, 'en', '/training?tab=other'), 'course-list-page')).not.toBe('');
    expect(text(await at(qc, 'bn', '/training'))).toContain('প্রশিক্ষিত ব্যক্তি');
  });
});

describe('the food items', () => {
  const rice: FoodItem = { id: 81, name: 'Rice', name_bn: 'চাল', unit: 'kg' };
  const egg: FoodItem = { id: 82, name: 'Egg', name_bn: '', unit: '' };
  const managed = (items: FoodItem[], over: Partial<Page<FoodItem>> = {}) => {
    const qc = new QueryClient();
    qc.setQueryData(trainingKeys.foodItemsPage(1), page(items, { per_page: 10, ...over }));
    return qc;
  };

  it('are reached from a batch’s meals page', async () => {
    const qc = new QueryClient();
    qc.setQueryData(trainingKeys.batch(9), trainingBatch());
    qc.setQueryData(trainingKeys.facility(9), { plans: [mealPlan()], days: mealDays() });
    const props = { at: '/training/facilities/cafeteria-create/9', path: '/training/facilities/cafeteria-create/:id', qc };
    const html = await render('en', <CafeteriaPage />, props);
    expect(tag(html, 'cafeteria-page')).not.toBe('');
    expect(tag(html, 'open-food-items')).toMatch(/^<button/);
    expect(text(html)).toContain('Food items');
    expect(text(await render('bn', <CafeteriaPage />, props))).toContain('খাদ্যপণ্য');
  });

  it('list the catalogue a page at a time with both names and the unit, each with Edit and Delete named for it', async () => {
    const qc = managed([egg, rice], { last_page: 2, total: 12 });
    const en = await render('en', <FoodItemsManager />, { qc });
    expect([...en.matchAll(/data-testid="food-item-row" data-item-id="(\d+)"/g)].map((m) => m[1])).toEqual(['82', '81']);
    const shown = text(en);
    expect(shown).toContain('Rice');
    expect(shown).toContain('চাল · Unit: kg');
    expect(shown).toContain('No unit');
    expect(en).toContain('aria-label="Edit Rice"');
    expect(en).toContain('aria-label="Delete Rice"');
    expect(tag(en, 'add-food-item')).not.toBe('');
    expect(tag(en, 'pager')).not.toBe('');
    const bn = await render('bn', <FoodItemsManager />, { qc });
    expect(text(bn)).toContain('চাল');
    expect(text(bn)).toContain('Rice · একক: kg');
    expect(bn).toContain('aria-label="চাল মুছুন"');
    // An item without a Bangla name shows its English one.
    expect(bn).toContain('aria-label="Egg সম্পাদনা করুন"');
  });

  it('say when the catalogue is empty', async () => {
    const en = await render('en', <FoodItemsManager />, { qc: managed([]) });
    expect(tag(en, 'empty-state')).not.toBe('');
    expect(text(en)).toContain('No food items yet.');
    expect(text(await render('bn', <FoodItemsManager />, { qc: managed([]) }))).toContain('এখনও কোনো খাদ্যপণ্য নেই।');
  });

  it('rename an item with its names and unit prefilled; a new one starts empty', async () => {
    const edit = await render('en', <FoodItemForm item={rice} onClose={noop} onSaved={noop} onBusy={noop} />);
    expect(text(edit)).toContain('Edit food item');
    expect(input(edit, 'food-item-name')).toContain('value="Rice"');
    expect(input(edit, 'food-item-name_bn')).toContain('value="চাল"');
    expect(input(edit, 'food-item-unit')).toContain('value="kg"');
    expect(tag(edit, 'food-item-form')).toMatch(/^<form/);
    expect(edit).toMatch(/data-testid="save-food-item"[^>]*>Save</);
    const add = await render('bn', <FoodItemForm item={null} onClose={noop} onSaved={noop} onBusy={noop} />);
    expect(text(add)).toContain('তালিকায় একটি খাদ্যপণ্য যোগ করুন');
    expect(input(add, 'food-item-name')).toContain('value=""');
    expect(add).toMatch(/data-testid="save-food-item"[^>]*>পণ্য যোগ করুন</);
    expect(await errorText('en', new ApiError(422, 'x', 'item_exists', {}))).toContain('A food item of this name exists already.');
  });

  it('save a rename with PUT items/edit (every field, an emptied one cleared): the lists show it and the meal plans are read again', async () => {
    const fetchMock = stubFetch(() => json({ data: { ...rice, name: 'Rice (white)', name_bn: '' } }));
    const qc = managed([egg, rice]);
    qc.setQueryData(trainingKeys.foodItems, [egg, rice]);
    qc.setQueryData(trainingKeys.facility(9), { plans: [mealPlan()], days: [] });
    await runMutation(saveFoodItemMutation(qc, rice), { name: ' Rice (white) ', name_bn: ' ', unit: 'kg' }, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/training-facility/items/edit');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ id: 81, name: 'Rice (white)', name_bn: '', unit: 'kg' });
    expect(qc.getQueryData<Page<FoodItem>>(trainingKeys.foodItemsPage(1))?.data[1].name).toBe('Rice (white)');
    expect(qc.getQueryData<FoodItem[]>(trainingKeys.foodItems)?.[1].name).toBe('Rice (white)');
    expect(qc.getQueryState(trainingKeys.facility(9))?.isInvalidated).toBe(true);

    // A new item: POST items/create, only what was typed.
    const created = stubFetch(() => json({ data: { id: 90, name: 'Salt', name_bn: '', unit: '' } }, 201));
    await runMutation(saveFoodItemMutation(qc, null), { name: ' Salt ', name_bn: '', unit: '' }, qc);
    expect(fetchCall(created)[0]).toBe('/course/training-facility/items/create');
    expect(JSON.parse(String(fetchCall(created)[1].body))).toEqual({ name: 'Salt' });
    expect(qc.getQueryState(trainingKeys.foodItemsPage(1))?.isInvalidated).toBe(true);
  });

  it('delete an item with POST items/delete?id after the confirmation; one a meal plan uses stays, and the dialog says why', async () => {
    const fetchMock = stubFetch(() => json({ data: { ok: true } }));
    const qc = managed([egg, rice]);
    await runMutation(deleteFoodItemMutation(qc), egg, qc);
    const [url, init] = fetchCall(fetchMock);
    expect(url).toBe('/course/training-facility/items/delete?id=82');
    expect(init.method).toBe('POST');
    expect(qc.getQueryData<Page<FoodItem>>(trainingKeys.foodItemsPage(1))?.data.map((i) => i.id)).toEqual([81]);

    stubFetch(() => json({ message: 'A meal plan uses this food item.', code: 'item_in_use', errors: {} }, 409));
    qc.setQueryData(trainingKeys.foodItemsPage(1), page([rice]));
    const err = await runMutation(deleteFoodItemMutation(qc), rice, qc).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: 'item_in_use' });
    expect(qc.getQueryData<Page<FoodItem>>(trainingKeys.foodItemsPage(1))?.data.map((i) => i.id)).toEqual([81]);

    function Refused({ error }: { error: unknown }) {
      const refusal = useDeleteRefusal();
      const list = { isLoading: false, error: null, refetch: noop, data: page([rice]) };
      return <FoodItemsList list={list} page={1} onPage={noop} problem={refusal(error, rice)} onDismiss={noop} onEdit={noop} onDelete={noop} />;
    }
    const en = await render('en', <Refused error={err} />);
    expect(tag(en, 'food-item-problem')).not.toBe('');
    expect(text(en)).toContain('“Rice” is used by a meal plan, so it cannot be deleted.');
    const bn = await render('bn', <Refused error={err} />);
    expect(text(bn)).toContain('“চাল” একটি খাবারের পরিকল্পনায় ব্যবহৃত হচ্ছে, তাই এটি মোছা যাবে না।');
    // Another refusal as the app words it.
    const gone = await render('en', <Refused error={new ApiError(404, 'x', 'item_not_found', {})} />);
    expect(text(gone)).toContain('A food item is no longer in the catalogue.');
  });
});
