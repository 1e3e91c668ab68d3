// Trainings, in Bangla, on dhaka's site.
// (1) Its partner admin creates a training (/training/create), gives it a lesson (a training is
//     published like a course), a batch from today to tomorrow which she publishes with the
//     training, the batch's venue and two sessions today (Venue & sessions tab), a lunch plan with a
//     food item added on the way (the batch's meals page) and a budget line (its budget page).
// (2) Two demo learners enrol themselves from the training's page.
// (3) The admin takes attendance at both sessions (both present at the first, one absent at the
//     second), and completes the batch: the one present at both gets a certificate, the other
//     (half the sessions, under the 80 % rule) does not. The meal sheet counts those present on
//     the sessions' day, every trainee on the next.
// (4) The admin renames the lunch's food item (the plan shows the new name), cannot delete it while
//     the plan uses it, finds the trainee among the site's trained people, and opens the trainings'
//     payments.
// (5) The trainee finds the certificate among theirs and downloads it (a PDF).
import { readFileSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { catalogue, chooseLanguage, partnerURL, responseOf, shot } from './helpers';
import { LEARNER, signInOn, stampNow } from './seed';

const site = () => partnerURL('dhaka');
const ADMIN = { email: 'dhaka-admin@example.com', password: 'demo-pass-2026' };
const ABSENTEE = { email: 'rahim.uddin@example.com', password: 'demo-pass-2026' };
const stamp = stampNow();
const TITLE_BN = `শ্রেণিকক্ষে ডিজিটাল কনটেন্ট প্রশিক্ষণ ${stamp}`;
const BATCH_BN = `ডিসেম্বর ব্যাচ ${stamp}`;
const VENUE = `Dhaka College Seminar Hall ${stamp}`;
const VENUE_BN = 'ঢাকা কলেজ সেমিনার কক্ষ';
const SESSIONS = [
  { title: `Planning a digital lesson ${stamp}`, title_bn: `ডিজিটাল পাঠ পরিকল্পনা ${stamp}` },
  { title: `Making slides and videos ${stamp}`, title_bn: `স্লাইড ও ভিডিও তৈরি ${stamp}` },
];
const FOOD = { name: `Chicken biryani ${stamp}`, name_bn: `মুরগির বিরিয়ানি ${stamp}`, unit: 'প্লেট' };
const FOOD_RENAMED_BN = `কাচ্চি বিরিয়ানি ${stamp}`;

const bn = catalogue('bn');
const say = (key: string, values: Record<string, string> = {}) => {
  const text = bn[key];
  expect(text, key).toBeTruthy();
  return Object.entries(values).reduce((s, [k, v]) => s.replaceAll(`{{${k}}}`, v), text);
};

// Dhaka is UTC+6 all year: the browser runs there; the batch's days are Dhaka's.
test.use({ timezoneId: 'Asia/Dhaka' });
const dhakaDay = (daysFromNow: number) => new Date(Date.now() + 6 * 3600_000 + daysFromNow * 86400_000).toISOString().slice(0, 10);

test.describe.configure({ mode: 'serial' });

let courseId = 0;
let courseUuid = '';
let batchId = 0;
let days: [string, string] = ['', ''];
const sessionIds: number[] = [];
const trainees: { enrollmentId: number; email: string }[] = [];
let certificateCode = '';
let foodItemId = 0;

async function adminOn(page: Page, path: string) {
  await signInOn(page, site(), ADMIN);
  await chooseLanguage(page, 'bn');
  await page.goto(`${site()}${path}`);
}

test('the partner admin creates a training with a batch, its venue, two sessions, a lunch plan and a budget, in Bangla', async ({ page }) => {
  const startDay = dhakaDay(0);
  const endDay = dhakaDay(1);
  days = [startDay, endDay];
  await adminOn(page, '/training');
  await expect(page.getByRole('heading', { level: 1, name: say('trainings:list.title') })).toBeVisible();
  await page.getByRole('link', { name: say('trainings:list.create'), exact: true }).first().click();
  await page.waitForURL('**/training/create');

  // Four steps, the Bangla title only.
  await page.getByRole('textbox', { name: say('courses:form.title_bn') }).fill(TITLE_BN);
  const next = page.getByRole('button', { name: say('courses:create.next'), exact: true });
  for (let i = 0; i < 3; i++) await next.click();
  await expect(page.getByTestId('course-review')).toContainText(TITLE_BN);
  const created = await responseOf(page, 'POST', '/course/course/create', () => page.getByRole('button', { name: say('trainings:create.submit'), exact: true }).click());
  const course = (await created.json()).data as { id: number; uuid: string; course_type: string; title_bn: string };
  expect(course).toMatchObject({ course_type: 'training', title_bn: TITLE_BN });
  courseId = course.id;
  courseUuid = course.uuid;
  await page.waitForURL(`**/training/edit/${courseId}/syllabus`);

  // A lesson: a training is published only with one.
  await page.getByTestId('add-section').click();
  await page.getByRole('textbox', { name: say('courses:syllabus.section_title_bn') }).fill('প্রস্তুতি');
  await responseOf(page, 'POST', '/course/schedule/section', () => page.getByTestId('save-section').click());
  await page.getByTestId('syllabus-section').getByTestId('add-lesson').click();
  await page.getByRole('textbox', { name: say('courses:lesson.title_bn') }).fill('প্রশিক্ষণের পরিচিতি');
  await page.locator('#lesson-media-url').fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await responseOf(page, 'POST', '/course/schedule/lesson', () => page.getByTestId('save-lesson').click());
  await expect(page.getByTestId('syllabus-lesson')).toHaveCount(1);

  // The batch, today to tomorrow, published with the training.
  await page.getByRole('tab', { name: say('trainings:tabs.batches'), exact: true }).click();
  await page.waitForURL(`**/training/edit/${courseId}/batches`);
  await page.getByRole('button', { name: say('courses:batches.create'), exact: true }).first().click();
  const batchDialog = page.getByRole('dialog');
  await batchDialog.getByRole('textbox', { name: say('courses:batches.name_bn') }).fill(BATCH_BN);
  await batchDialog.getByLabel(say('courses:batches.start_date')).fill(startDay);
  await batchDialog.getByLabel(say('courses:batches.end_date')).fill(endDay);
  const batchRes = await responseOf(page, 'POST', '/course/batch/create', () => batchDialog.getByRole('button', { name: say('common:actions.save'), exact: true }).click());
  const batch = (await batchRes.json()).data as { id: number; start_date: string; end_date: string; let_enroll: number };
  expect(batch).toMatchObject({ start_date: startDay, end_date: endDay, let_enroll: 1 });
  batchId = batch.id;
  const publishBatch = page.getByRole('switch', { name: say('courses:batches.publish_named', { name: BATCH_BN }) });
  await responseOf(page, 'PUT', '/course/batch/update-publish-feature', () => publishBatch.click());
  await expect(publishBatch).toBeChecked();
  const published = await responseOf(page, 'PUT', '/course/update-publish-feature', () => page.getByTestId('publish-course').click());
  expect((await published.json()).data.published).toBe(true);

  // Venue & sessions: the venue, then two sessions today (the second where the first ends).
  await page.getByRole('tab', { name: say('trainings:tabs.venue'), exact: true }).click();
  await page.waitForURL(new RegExp(`/training/edit/${courseId}/venue`));
  await expect(page.getByTestId('training-venue-tab')).toHaveAttribute('data-batch-id', String(batchId));
  const venueForm = page.getByTestId('venue-form');
  await venueForm.getByRole('combobox', { name: say('trainings:venue.venue'), exact: true }).fill(VENUE);
  await venueForm.getByRole('textbox', { name: say('trainings:venue.venue_bn') }).fill(VENUE_BN);
  await venueForm.getByRole('textbox', { name: say('trainings:venue.address') }).fill('ঢাকা কলেজ, মিরপুর রোড, ঢাকা ১২০৫');
  await expect(venueForm.getByRole('textbox', { name: say('trainings:venue.completion_percent') })).toHaveValue('৮০');
  const venueRes = await responseOf(page, 'PUT', `/course/training/batches/${batchId}`, () => venueForm.getByRole('button', { name: say('common:actions.save'), exact: true }).click());
  expect((await venueRes.json()).data).toMatchObject({ venue: VENUE, venue_bn: VENUE_BN, completion_percent: 80 });
  await expect(page.getByText(say('trainings:venue.saved'))).toBeVisible();

  for (const [i, s] of SESSIONS.entries()) {
    await page.getByRole('button', { name: say('trainings:sessions.add'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: say('trainings:sessions.add_title') });
    await dialog.getByRole('textbox', { name: say('trainings:sessions.title_en') }).fill(s.title);
    await dialog.getByRole('textbox', { name: say('trainings:sessions.title_bn') }).fill(s.title_bn);
    // The proposed times: 10:00 on the batch's first day, then where the last session ended.
    await expect(dialog.getByLabel(say('trainings:sessions.starts_at'))).toHaveValue(`${startDay}T${i === 0 ? '10:00' : '11:00'}`);
    const res = await responseOf(page, 'POST', '/course/training/sessions', () => dialog.getByRole('button', { name: say('trainings:sessions.add'), exact: true }).click(), [201]);
    const session = (await res.json()).data as { id: number; starts_at: string; title_bn: string };
    expect(session.title_bn).toBe(s.title_bn);
    expect(Date.parse(session.starts_at)).toBe(Date.parse(`${startDay}T${i === 0 ? '10' : '11'}:00:00+06:00`));
    sessionIds.push(session.id);
    await expect(dialog).toBeHidden();
  }
  const rows = page.getByTestId('session-row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(SESSIONS[0].title_bn);
  await expect(rows.nth(1)).toContainText(SESSIONS[1].title_bn);
  await expect(rows.getByTestId('session-attendance').first()).toHaveText(say('trainings:sessions.not_taken'));
  await shot(page, 'trainings-venue-sessions-bn');

  // Meals: lunch for everyone, a food item added from within the plan.
  await page.getByRole('link', { name: say('trainings:batch.meals'), exact: true }).click();
  await page.waitForURL(`**/training/facilities/cafeteria-create/${batchId}`);
  const lunch = say('trainings:meal_types.lunch');
  await page.getByRole('button', { name: say('trainings:meals.add_named', { meal: lunch }) }).click();
  const mealDialog = page.getByRole('dialog', { name: say('trainings:meals.add_title', { meal: lunch }) });
  await expect(mealDialog.getByLabel(say('trainings:meals.time'))).toHaveValue('13:00');
  await mealDialog.getByRole('textbox', { name: say('trainings:meals.location'), exact: true }).fill('ডাইনিং হল');
  await mealDialog.getByRole('button', { name: say('trainings:food.new'), exact: true }).click();
  const newFood = mealDialog.getByTestId('new-food-item');
  await newFood.getByRole('textbox', { name: say('trainings:food.name') }).fill(FOOD.name);
  await newFood.getByRole('textbox', { name: say('trainings:food.name_bn') }).fill(FOOD.name_bn);
  await newFood.getByRole('textbox', { name: say('trainings:food.unit') }).fill(FOOD.unit);
  const itemRes = await responseOf(page, 'POST', '/course/training-facility/items/create', () => newFood.getByRole('button', { name: say('trainings:food.add'), exact: true }).click(), [201]);
  const item = (await itemRes.json()).data as { id: number };
  foodItemId = item.id;
  await expect(newFood).toBeHidden();
  await expect(mealDialog.getByRole('combobox', { name: say('trainings:meals.item'), exact: true })).toHaveValue(`${FOOD.name_bn} (${FOOD.unit})`);
  await mealDialog.getByRole('textbox', { name: say('trainings:meals.quantity_per_person') }).fill('১');
  const planRes = await responseOf(page, 'POST', '/course/training-facility/createOrUpdate', () => mealDialog.getByRole('button', { name: say('common:actions.save'), exact: true }).click());
  expect((await planRes.json()).data).toMatchObject({ meal_type: 'lunch', training_time: '13:00', location: 'ডাইনিং হল', items: [{ item_id: item.id, quantity_per_person: 1 }] });
  await expect(mealDialog).toBeHidden();
  const plan = page.locator('[data-testid="meal-plan"][data-meal-type="lunch"]');
  await expect(plan).toContainText(say('trainings:meals.per_person', { item: FOOD.name_bn, quantity: '১', unit: FOOD.unit }));
  // The sheet: the batch's two days, lunch on each (no trainees yet).
  await expect(page.getByTestId('meal-day')).toHaveCount(2);
  await expect(page.locator(`[data-testid="meal-day"][data-date="${startDay}"] [data-testid="meal-row"][data-meal-type="lunch"]`)).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot(page, 'trainings-meals-bn');

  // Budget: one line for the venue, planned 5000 and spent 4500 taka.
  await page.getByRole('link', { name: say('trainings:batch.back'), exact: true }).click();
  await page.waitForURL(`**/training/edit/${courseId}/venue?batch=${batchId}`);
  await page.getByRole('link', { name: say('trainings:batch.budget'), exact: true }).click();
  await page.waitForURL(`**/training/resource/budget-create/${batchId}`);
  const budgetForm = page.getByTestId('budget-form');
  await budgetForm.getByRole('combobox', { name: say('trainings:budget.category_of', { n: '১' }) }).click();
  await page.getByRole('option', { name: say('trainings:budget_categories.venue'), exact: true }).click();
  await budgetForm.getByRole('textbox', { name: say('trainings:budget.description_of', { n: '১' }) }).fill('সেমিনার কক্ষের ভাড়া');
  await budgetForm.getByRole('textbox', { name: say('trainings:budget.planned_of', { n: '১' }) }).fill('৫০০০');
  await budgetForm.getByRole('textbox', { name: say('trainings:budget.actual_of', { n: '১' }) }).fill('৪৫০০');
  const budgetRes = await responseOf(page, 'POST', '/course/training-resource/budget/create', () => budgetForm.getByRole('button', { name: say('trainings:budget.save'), exact: true }).click());
  const budget = (await budgetRes.json()).data as { lines: unknown[]; planned_poisha: number; actual_poisha: number; variance_poisha: number };
  expect(budget).toMatchObject({ planned_poisha: 500_000, actual_poisha: 450_000, variance_poisha: -50_000 });
  expect(budget.lines).toEqual([expect.objectContaining({ category: 'venue', description: 'সেমিনার কক্ষের ভাড়া', planned_poisha: 500_000, actual_poisha: 450_000 })]);
  await expect(page.getByText(say('trainings:budget.saved'))).toBeVisible();
  await expect(page.locator('[data-testid="budget-category"][data-category="venue"]')).toContainText(say('trainings:budget_categories.venue'));
  await shot(page, 'trainings-budget-bn');
});

/** A demo learner signs in, opens the training's page in Bangla and enrols in its batch. */
async function enrol(browser: Browser, who: { email: string; password: string }) {
  const context = await browser.newContext({ timezoneId: 'Asia/Dhaka' });
  const page = await context.newPage();
  await signInOn(page, site(), who);
  await page.goto(`${site()}/course/details/${courseUuid}`);
  await chooseLanguage(page, 'bn');
  await expect(page.getByTestId('course-title')).toHaveText(TITLE_BN);
  const res = await responseOf(page, 'POST', '/learner-course/course-enrollment', () => page.getByRole('button', { name: say('learn:enrol.enrol'), exact: true }).click());
  const data = (await res.json()).data as { enrollment_id: number; status: string; course_uuid: string };
  expect(data).toMatchObject({ status: 'active', course_uuid: courseUuid });
  await expect(page.getByTestId('continue-learning')).toBeVisible();
  trainees.push({ enrollmentId: data.enrollment_id, email: who.email });
  await context.close();
}

test('two learners enrol themselves from the training’s page', async ({ browser }) => {
  expect(batchId, 'the batch of the first test').toBeGreaterThan(0);
  await enrol(browser, LEARNER);
  await enrol(browser, ABSENTEE);
  expect(trainees).toHaveLength(2);
});

test('the admin takes attendance at both sessions and completes the batch: one certificate', async ({ page }) => {
  expect(trainees, 'the trainees of the second test').toHaveLength(2);
  const [present, absentee] = trainees;
  await adminOn(page, `/training/edit/${courseId}/venue?batch=${batchId}`);

  // First session, from its row: everyone present.
  await page.getByRole('link', { name: say('trainings:sessions.take_attendance_named', { title: SESSIONS[0].title_bn }) }).click();
  await page.waitForURL(`**/training/edit/${courseId}/attendance?batch=${batchId}&session=${sessionIds[0]}`);
  const list = page.getByRole('list', { name: say('trainings:attendance.trainees') });
  await expect(list.getByTestId('attendance-row')).toHaveCount(2);
  await page.getByRole('button', { name: say('courses:certificate_exams.attendance.all_present'), exact: true }).click();
  const saveTwo = page.getByRole('button', { name: say('trainings:attendance.save_other', { n: '২' }), exact: true });
  const first = await responseOf(page, 'POST', `/course/training/sessions/${sessionIds[0]}/attendance`, () => saveTwo.click());
  expect((await first.json()).data).toMatchObject({ id: sessionIds[0], present: 2 });
  await expect(page.getByText(say('trainings:attendance.saved'))).toBeVisible();
  await expect(page.getByTestId('attendance-taken')).not.toHaveText(say('trainings:sessions.not_taken'));
  await expect(list.locator('[data-testid="attendance-row"][data-mark="present"]')).toHaveCount(2);

  // Second session, chosen above the sheet: one present, one absent.
  await page.getByRole('combobox', { name: say('trainings:attendance.session') }).click();
  await page.getByRole('option', { name: new RegExp(SESSIONS[1].title_bn) }).click();
  await expect(page).toHaveURL(new RegExp(`session=${sessionIds[1]}`));
  await expect(page.getByTestId('attendance-taken')).toHaveText(say('trainings:sessions.not_taken'));
  const presentRow = list.locator(`[data-testid="attendance-row"][data-enrollment="${present.enrollmentId}"]`);
  const absentRow = list.locator(`[data-testid="attendance-row"][data-enrollment="${absentee.enrollmentId}"]`);
  await expect(presentRow).toHaveAttribute('data-mark', 'unmarked');
  await presentRow.getByRole('button', { name: new RegExp(`: ${say('courses:certificate_exams.attendance.present')}$`) }).click();
  await absentRow.getByRole('button', { name: new RegExp(`: ${say('courses:certificate_exams.attendance.absent')}$`) }).click();
  await expect(page.getByTestId('attendance-counts')).toHaveText(say('courses:certificate_exams.attendance.counts', { present: '১', absent: '১', unmarked: '০' }));
  const second = await responseOf(page, 'POST', `/course/training/sessions/${sessionIds[1]}/attendance`, () => saveTwo.click());
  expect((await second.json()).data).toMatchObject({ id: sessionIds[1], present: 1 });
  await expect(presentRow).toHaveAttribute('data-mark', 'present');
  await expect(absentRow).toHaveAttribute('data-mark', 'absent');
  await shot(page, 'trainings-attendance-bn');

  // Trainees: both sessions held; one eligible (100 %), the other not (50 % under 80 %).
  await page.getByRole('tab', { name: say('trainings:tabs.trainees'), exact: true }).click();
  await page.waitForURL(`**/training/edit/${courseId}/trainees?batch=${batchId}*`);
  const presentTrainee = page.locator(`[data-testid="trainee-row"][data-enrollment="${present.enrollmentId}"]`);
  const absentTrainee = page.locator(`[data-testid="trainee-row"][data-enrollment="${absentee.enrollmentId}"]`);
  await expect(presentTrainee).toHaveAttribute('data-eligible', 'true');
  await expect(presentTrainee).toContainText(say('trainings:trainees.attended_of_other', { n: '২', attended: '২', held: '২' }));
  await expect(absentTrainee).toHaveAttribute('data-eligible', 'false');
  await expect(absentTrainee).toContainText(say('trainings:trainees.attended_of_other', { n: '২', attended: '১', held: '২' }));

  // Complete & issue certificates, confirmed.
  await page.getByRole('button', { name: say('trainings:trainees.complete'), exact: true }).click();
  const confirm = page.getByRole('dialog', { name: say('trainings:trainees.complete_title') });
  const done = await responseOf(page, 'POST', `/course/training/batches/${batchId}/complete`, () => confirm.getByRole('button', { name: say('trainings:trainees.complete'), exact: true }).click());
  expect((await done.json()).data).toEqual({ completed: 1, not_eligible: 1 });
  const result = page.getByTestId('complete-result');
  await expect(result).toContainText(say('trainings:trainees.completed_one', { n: '১' }));
  await expect(result).toContainText(say('trainings:trainees.not_eligible_one', { n: '১' }));
  await expect(presentTrainee.getByTestId('trainee-standing')).toHaveAttribute('data-standing', 'completed');
  await expect(absentTrainee.getByTestId('trainee-standing')).toHaveAttribute('data-standing', 'not_yet');
  const code = presentTrainee.getByRole('link', { name: /এর সনদ যাচাই করুন$/ });
  await expect(code).toBeVisible();
  certificateCode = (await code.innerText()).trim();
  expect(certificateCode).not.toBe('');
  await expect(absentTrainee.getByRole('link')).toHaveCount(0);
  await shot(page, 'trainings-trainees-completed-bn');

  // The meal sheet follows: the sessions' day counts those present, the next day every trainee.
  await page.getByRole('link', { name: say('trainings:batch.meals'), exact: true }).click();
  await page.waitForURL(`**/training/facilities/cafeteria-create/${batchId}`);
  const [sessionsDay, nextDay] = days.map((d) => page.locator(`[data-testid="meal-day"][data-date="${d}"]`));
  await expect(sessionsDay).toHaveAttribute('data-source', 'attendance');
  await expect(sessionsDay.getByTestId('meal-day-source')).toHaveText(say('trainings:meals.from_attendance_other', { n: '২' }));
  const lunch = sessionsDay.locator('[data-testid="meal-row"][data-meal-type="lunch"]');
  await expect(lunch.getByTestId('meal-count')).toHaveText('২');
  await expect(lunch).toContainText(say('trainings:meals.quantity', { item: FOOD.name_bn, quantity: '২', unit: FOOD.unit }));
  await expect(nextDay).toHaveAttribute('data-source', 'enrolled');
  await expect(nextDay.getByTestId('meal-day-source')).toHaveText(say('trainings:meals.from_enrolled_other', { n: '২' }));
});

test('the admin renames the lunch’s food item, cannot delete it while in use, and finds the trainee among the trained people', async ({ page }) => {
  expect(certificateCode, 'the certificate of the third test').not.toBe('');
  await adminOn(page, `/training/facilities/cafeteria-create/${batchId}`);
  await page.getByTestId('open-food-items').click();
  const dialog = page.getByTestId('food-items-dialog');
  const row = dialog.locator(`[data-testid="food-item-row"][data-item-id="${foodItemId}"]`);
  await row.getByTestId('edit-food-item').click();
  const form = page.getByTestId('food-item-dialog');
  await form.getByRole('textbox', { name: say('trainings:food.name_bn') }).fill(FOOD_RENAMED_BN);
  await responseOf(page, 'PUT', '/course/training-facility/items/edit', () => form.getByRole('button', { name: say('common:actions.save'), exact: true }).click());
  await expect(row).toContainText(FOOD_RENAMED_BN);
  await row.getByTestId('delete-food-item').click();
  const confirm = page.getByRole('dialog', { name: say('trainings:food.delete_title') });
  await responseOf(page, 'POST', '/course/training-facility/items/delete', () => confirm.getByRole('button', { name: say('trainings:food.delete'), exact: true }).click(), [409]);
  await expect(dialog.getByTestId('food-item-problem')).toHaveText(say('trainings:food.in_use', { name: FOOD_RENAMED_BN }));
  await expect(row).toBeVisible();
  await shot(page, 'trainings-food-items-bn');
  await page.getByTestId('close-food-items').click();
  const lunch = page.locator(`[data-testid="meal-day"][data-date="${days[0]}"] [data-testid="meal-row"][data-meal-type="lunch"]`);
  await expect(lunch).toContainText(say('trainings:meals.quantity', { item: FOOD_RENAMED_BN, quantity: '২', unit: FOOD.unit }));

  // The site's trained people: the trainee, with the training they completed.
  await page.goto(`${site()}/training?tab=trained`);
  const trained = page.getByTestId('trained-row').filter({ hasText: TITLE_BN });
  await expect(trained).toHaveCount(1);
  await expect(trained).toContainText(certificateCode);
  await shot(page, 'trainings-trained-people-bn');

  // The trainings' payments, from the Trainings menu's page.
  await page.goto(`${site()}/training/accounts/learner-payment`);
  await expect(page.getByRole('heading', { name: say('payments:accounts.areas.training.title') })).toBeVisible();
});

test('the trainee finds the training’s certificate among theirs and downloads it', async ({ page }) => {
  expect(certificateCode, 'the certificate of the third test').not.toBe('');
  await signInOn(page, site(), LEARNER);
  await chooseLanguage(page, 'bn');
  await page.goto(`${site()}/certificate/list`);
  const item = page.locator(`[data-testid="certificate-item"][data-code="${certificateCode}"]`);
  await expect(item).toBeVisible();
  await expect(item).toContainText(TITLE_BN);
  const [pdf, download] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/learner-course/certificate-pdf/${encodeURIComponent(certificateCode)}`)),
    page.waitForEvent('download'),
    item.getByRole('button', { name: say('learn:certificate.download'), exact: true }).click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(readFileSync(await download.path()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await shot(page, 'trainings-certificate-bn');
});
