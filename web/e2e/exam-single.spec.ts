// A single exam in Bangla, end to end on the partner site `dhaka`:
// the demo teacher creates two questions (multiple choice and essay) through the question bank API,
// then builds a timed single exam from them in the Exam Centre (Bangla digits in the numbers) and
// publishes it; the demo learner opens /exam/journey/{uuid} on a 360 px screen, starts, answers,
// reloads mid-way and finds the answers and the clock again, and submits with the keyboard; the
// result waits for the essay's marks; the teacher marks the essay in the marking tab; the learner
// sees the result with the teacher's comment. A learner has no Exam Centre.
import { expect, test, type Page } from '@playwright/test';
import { becomeTeacher, catalogue, chooseLanguage, expectFitsWidth, partnerURL, responseOf, shot } from './helpers';
import { data, LEARNER, signInOn, stampNow, TEACHER } from './seed';

test.describe.configure({ mode: 'serial' });

const SLUG = 'dhaka';
const site = () => partnerURL(SLUG);
const stamp = stampNow();
const bn = catalogue('bn');
/** A Bangla text of the exams namespace. */
const x = (key: string) => {
  const text = bn[`exams:${key}`];
  expect(text, `exams:${key}`).toBeTruthy();
  return text;
};
const banglaDigits = (s: string) => s.replace(/[0-9]/g, (d) => String.fromCharCode(0x09e6 + Number(d)));

const EXAM_TITLE_BN = `বাংলাদেশ বিষয়াবলি পরীক্ষা ${stamp}`;
const EXAM_TITLE_EN = `Bangladesh studies test ${stamp}`;
const MC_TEXT = `বাংলাদেশের রাজধানী কোনটি? ${stamp}`;
const ESSAY_TEXT = `মুক্তিযুদ্ধ সম্পর্কে একটি অনুচ্ছেদ লেখো। ${stamp}`;
const ESSAY_ANSWER = '১৯৭১ সালে নয় মাসের মুক্তিযুদ্ধের মধ্য দিয়ে বাংলাদেশ স্বাধীন হয়।';
const COMMENT = 'ভালো লিখেছ, তবে আরও উদাহরণ দিতে পারতে।';
const MC_MARKS = 2;
const ESSAY_MARKS = 5;
const ESSAY_AWARDED = 4;

let mcId = 0;
let essayId = 0;
let examId = 0;
let examUuid = '';

/** The headers the web app sends from this page (token, site and current role). */
async function appHeaders(page: Page): Promise<Record<string, string>> {
  const stored = await page.evaluate(() => ({ token: localStorage.getItem('token'), role: localStorage.getItem('Role-id'), owner: localStorage.getItem('Owner-id') }));
  expect(stored.token, 'signed in').toBeTruthy();
  return {
    Authorization: `Bearer ${stored.token}`,
    roleid: SLUG,
    ...(stored.role ? { 'Role-id': stored.role } : {}),
    ...(stored.owner ? { 'Owner-id': stored.owner } : {}),
  };
}

/** A datetime-local value `minutes` from now in the browser's time zone. */
async function localInput(page: Page, minutes: number): Promise<string> {
  return page.evaluate((m) => {
    const d = new Date(Date.now() + m * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  }, minutes);
}

async function teacherInBangla(page: Page) {
  await signInOn(page, site(), TEACHER);
  await chooseLanguage(page, 'en');
  await becomeTeacher(page);
  await chooseLanguage(page, 'bn');
}

async function learnerInBangla(page: Page) {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInOn(page, site(), LEARNER);
  await chooseLanguage(page, 'bn');
}

test('the teacher builds a timed single exam from the question bank and publishes it', async ({ page }) => {
  await teacherInBangla(page);

  // Two questions through the question bank API, with the headers of the teacher's session.
  const headers = await appHeaders(page);
  const question = {
    folder_id: null,
    category_id: null,
    text: '',
    negative_marks: 0,
    explanation: '',
    blanks: [],
    accepted: [],
    answer: '',
  };
  const mc = await data<{ id: number }>(page, 'create the multiple choice question', 'POST', '/question-bank/create', {
    ...question,
    question_type: 'multiple_choice',
    text_bn: MC_TEXT,
    marks: MC_MARKS,
    explanation_bn: 'ঢাকা ১৯৭১ সাল থেকে বাংলাদেশের রাজধানী।',
    options: [
      { text: '', text_bn: 'ঢাকা', correct: true },
      { text: '', text_bn: 'খুলনা', correct: false },
    ],
  }, headers);
  const essay = await data<{ id: number }>(page, 'create the essay question', 'POST', '/question-bank/create', {
    ...question,
    question_type: 'essay',
    text_bn: ESSAY_TEXT,
    marks: ESSAY_MARKS,
    explanation_bn: '',
    options: [],
  }, headers);
  mcId = mc.id;
  essayId = essay.id;

  // The Exam Centre from the sidebar: its single exams.
  const nav = page.getByTestId('side-nav');
  await nav.getByRole('button', { name: bn['common:nav.exam_centre'], exact: true }).click();
  await nav.getByRole('link', { name: bn['common:nav.single_exams'], exact: true }).click();
  await page.waitForURL('**/exam/single');
  await expect(page.getByTestId('exam-list-page')).toBeVisible();
  await shot(page, 'exam-single-list-start');
  await page.getByTestId('create-exam-link').click();
  await page.waitForURL('**/exam/single/create');

  // Saving an empty paper is refused on the page, without a request.
  let posted = false;
  const onRequest = (r: { method: () => string; url: () => string }) => {
    if (r.method() === 'POST' && r.url().includes('/course/exam/create-single')) posted = true;
  };
  page.on('request', onRequest);
  await page.getByTestId('save-exam').click();
  await expect(page.getByTestId('parts-error')).toHaveText(x('problems.no_parts'));
  expect(posted, 'no request while the form has a problem').toBe(false);
  page.off('request', onRequest);

  // Settings: open from 5 minutes ago for a day, 10 minutes, one attempt, pass at 40 %, Bangla digits.
  await page.locator('#exam-title-bn').fill(EXAM_TITLE_BN);
  await page.locator('#exam-title').fill(EXAM_TITLE_EN);
  await page.locator('#exam-instructions-bn').fill('সব প্রশ্নের উত্তর দাও।');
  await page.locator('#exam-starts-at').fill(await localInput(page, -5));
  await page.locator('#exam-ends-at').fill(await localInput(page, 24 * 60));
  for (const id of ['#exam-duration', '#exam-attempts', '#exam-pass', '#exam-grace']) {
    await expect(page.locator(id)).toHaveAttribute('type', 'text');
  }
  await expect(page.locator('#exam-duration')).toHaveAttribute('inputmode', 'numeric');
  await page.locator('#exam-duration').fill('১০');
  await page.locator('#exam-attempts').fill('১');
  await page.locator('#exam-pass').fill('৪০');
  await page.locator('#exam-grace').fill('৬০');
  await page.locator('#exam-show-answers').check();

  // The paper: both questions picked from the bank by searching for this run's stamp.
  await page.getByTestId('add-questions').click();
  const picker = page.getByTestId('question-picker');
  await expect(picker).toBeVisible();
  await picker.getByTestId('picker-search').fill(stamp);
  const mcRow = picker.locator(`[data-testid="picker-question"][data-question-id="${mcId}"]`);
  const essayRow = picker.locator(`[data-testid="picker-question"][data-question-id="${essayId}"]`);
  await expect(mcRow).toBeVisible();
  await expect(essayRow).toBeVisible();
  await mcRow.getByRole('button').click();
  await essayRow.getByRole('button').click();
  await expect(picker.getByTestId('picker-add')).toContainText('২');
  await shot(page, 'exam-single-picker');
  await picker.getByTestId('picker-add').click();
  await expect(picker).toBeHidden();
  const parts = page.getByTestId('paper-part');
  await expect(parts).toHaveCount(2);
  await expect(parts.nth(0)).toHaveAttribute('data-question-id', String(mcId));
  await expect(parts.nth(1)).toHaveAttribute('data-question-id', String(essayId));
  await expect(page.getByTestId('paper-size')).toHaveAttribute('data-questions', '2');

  await page.locator('#exam-published').check();
  await shot(page, 'exam-single-form');
  const created = await responseOf(page, 'POST', '/course/exam/create-single', () => page.getByTestId('save-exam').click(), [201]);
  const sent = created.request().postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({
    title: EXAM_TITLE_EN,
    title_bn: EXAM_TITLE_BN,
    duration_minutes: 10,
    attempts_allowed: 1,
    pass_percent: 40,
    grace_seconds: 60,
    results_release: 'on_submit',
    show_answers: true,
    published: true,
    parts: [{ question_id: mcId }, { question_id: essayId }],
  });
  expect(String(sent.starts_at)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  const exam = (await created.json()).data as { id: number; uuid: string; published: boolean; question_count: number; total_marks: number };
  expect(exam).toMatchObject({ published: true, question_count: 2, total_marks: MC_MARKS + ESSAY_MARKS });
  examId = exam.id;
  examUuid = exam.uuid;

  // The exam's own page, with the learners' link.
  await page.waitForURL(`**/exam/edit/${examId}`);
  await expect(page.getByText(x('form.created'))).toBeVisible();
  await expect(page.getByTestId('exam-heading')).toHaveText(EXAM_TITLE_BN);
  await expect(page.getByTestId('exam-published')).toHaveAttribute('data-published', 'true');
  await expect(page.getByTestId('learner-link')).toContainText(`/exam/journey/${examUuid}`);
  await expect(page.getByTestId('paper-part')).toHaveCount(2);

  // The list has it, its numbers in Bangla.
  await page.goto(`${site()}/exam/single?search=${encodeURIComponent(stamp)}`);
  const row = page.locator(`[data-testid="exam-row"][data-exam-id="${examId}"]`);
  await expect(row.getByTestId('exam-title')).toHaveText(EXAM_TITLE_BN);
  await expect(row.getByTestId('exam-questions')).toContainText('২');
  await expect(row.getByTestId('exam-duration')).toContainText('১০');

  // The exam's page fits a phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${site()}/exam/edit/${examId}`);
  await expect(page.getByTestId('exam-edit-page')).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'exam-single-edit-360');
});

test('a learner takes the exam on a phone, reloads mid-way and submits', async ({ page }) => {
  expect(examUuid, 'the exam of the first test').toBeTruthy();
  await learnerInBangla(page);
  await page.goto(`${site()}/exam/journey/${examUuid}`);
  const intro = page.getByTestId('exam-intro');
  await expect(intro).toBeVisible();
  await expect(page.getByTestId('intro-title')).toHaveText(EXAM_TITLE_BN);
  await expect(page.getByTestId('intro-duration')).toContainText('১০');
  await expect(page.getByTestId('intro-questions')).toContainText('২');
  await expectFitsWidth(page);
  await shot(page, 'exam-single-intro-360');

  const started = await responseOf(page, 'POST', `/exam-front/single/${examUuid}/start`, () => page.getByTestId('start-exam').click());
  const paper = (await started.json()).data as { uuid: string; questions: { slot: number; question_type: string }[] };
  const attempt = paper.uuid;
  expect(paper.questions.map((q) => q.question_type)).toEqual(['multiple_choice', 'essay']);
  await expect(page.getByTestId('exam-taking')).toBeVisible();
  // The clock counts down from 10 minutes in Bangla digits.
  const clock = page.getByTestId('exam-clock');
  await expect(clock).toHaveText(/^[০-৯]{2}:[০-৯]{2}$/);
  expect(Number(await clock.getAttribute('data-seconds'))).toBeLessThanOrEqual(600);

  // Question 1: the radio saves at once with client_seq 1.
  await expect(page.getByTestId('question-number')).toHaveText(x('take.question_of').replace('{{n}}', '১').replace('{{total}}', '২'));
  await expect(page.getByTestId('question-text')).toHaveText(MC_TEXT);
  const saved = await responseOf(page, 'PUT', `/exam-front/attempt/${attempt}/answer`, () => page.getByRole('radio', { name: 'ঢাকা', exact: true }).check());
  expect(saved.request().postDataJSON()).toMatchObject({ slot: paper.questions[0].slot, client_seq: 1 });
  expect((await saved.json()).data).toMatchObject({ client_seq: 1 });
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved');
  await expect(page.getByTestId('save-status')).toHaveText(x('take.save.saved'));

  // Question 2: the essay is saved after a pause in typing.
  await page.getByTestId('next-question').click();
  await expect(page.getByTestId('question-text')).toHaveText(ESSAY_TEXT);
  await page.getByTestId('answer-text').fill(ESSAY_ANSWER);
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 10_000 });
  await expectFitsWidth(page);
  await shot(page, 'exam-single-essay-360');
  const secondsBefore = Number(await clock.getAttribute('data-seconds'));

  // A reload lands in the same attempt, on the same question, with the answers and the clock.
  await page.reload();
  await expect(page.getByTestId('exam-taking')).toHaveAttribute('data-attempt', attempt);
  await expect(page.getByTestId('question-text')).toHaveText(ESSAY_TEXT);
  await expect(page.getByTestId('answer-text')).toHaveValue(ESSAY_ANSWER);
  expect(Number(await clock.getAttribute('data-seconds'))).toBeLessThanOrEqual(secondsBefore);
  await expect(page.getByTestId('nav-question').nth(0)).toHaveAttribute('data-answered', 'true');
  await expect(page.getByTestId('nav-question').nth(1)).toHaveAttribute('data-answered', 'true');
  await page.getByTestId('nav-question').nth(0).click();
  await expect(page.getByRole('radio', { name: 'ঢাকা', exact: true })).toBeChecked();
  await expect(page.getByTestId('answered-count')).toContainText('২');
  await expectFitsWidth(page);

  // Submit with the keyboard: the dialog says nothing is left unanswered.
  await page.getByTestId('open-submit').focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('submit-dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('unanswered-count')).toHaveAttribute('data-count', '0');
  await expect(dialog.getByTestId('unanswered-count')).toHaveText(x('take.confirm_all'));
  await shot(page, 'exam-single-submit-360');
  await dialog.getByTestId('confirm-submit').focus();
  const submitted = await responseOf(page, 'POST', `/exam-front/attempt/${attempt}/submit`, () => page.keyboard.press('Enter'));
  const result = (await submitted.json()).data as { results_available: boolean; pending_marking: number };
  expect(result).toMatchObject({ results_available: false, pending_marking: 1 });

  // The essay waits for the teacher: no score yet.
  const resultView = page.getByTestId('exam-result');
  await expect(resultView).toHaveAttribute('data-available', 'false');
  await expect(page.getByTestId('results-later')).toContainText(x('result.later'));
  await expect(page.getByTestId('pending-marking')).toContainText('১');
  await expect(page.getByTestId('result-score')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`[?&]result=${attempt}`));
  await expectFitsWidth(page);
  await shot(page, 'exam-single-submitted-360');

  // Back on the intro: no attempt left, the earlier one listed.
  await page.getByTestId('result-back').click();
  await expect(page.getByTestId('intro-reason')).toHaveAttribute('data-reason', 'attempts_exhausted');
  await expect(page.locator(`[data-testid="intro-attempt"][data-attempt="${attempt}"]`)).toBeVisible();
});

test('the teacher marks the essay', async ({ page }) => {
  expect(examId, 'the exam of the first test').toBeGreaterThan(0);
  await teacherInBangla(page);
  await page.goto(`${site()}/exam/edit/${examId}/marking`);
  await expect(page.getByTestId('marking-tab')).toBeVisible();
  const item = page.getByTestId('marking-item').filter({ hasText: ESSAY_TEXT });
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('marking-answer')).toContainText(ESSAY_ANSWER);

  // More than the question's marks is refused on the page.
  await item.getByTestId('marks-input').fill('৬');
  await item.getByTestId('submit-mark').click();
  await expect(item).toContainText(x('marking.problems.marks_over').replace('{{max}}', banglaDigits(String(ESSAY_MARKS))));

  await item.getByTestId('marks-input').fill(banglaDigits(String(ESSAY_AWARDED)));
  await item.getByTestId('comment-input').fill(COMMENT);
  await shot(page, 'exam-single-marking');
  const marked = await responseOf(page, 'POST', '/course/batch/manual_mark', () => item.getByTestId('submit-mark').click());
  expect(marked.request().postDataJSON()).toMatchObject({ marks: ESSAY_AWARDED, comment: COMMENT });
  await expect(item).toHaveCount(0);
  await expect(page.getByTestId('marking-tab').getByTestId('empty-state')).toBeVisible();

  // The attempt now has its score and passes (6 of 7 against 40 %).
  await page.getByTestId('tab-attempts').click();
  await page.waitForURL(`**/exam/edit/${examId}/attempts`);
  const row = page.getByTestId('attempt-row').first();
  await expect(row.getByTestId('attempt-score')).toContainText(`${banglaDigits(String(MC_MARKS + ESSAY_AWARDED))} / ${banglaDigits(String(MC_MARKS + ESSAY_MARKS))}`);
  await expect(row.getByTestId('passed-chip')).toHaveAttribute('data-passed', 'true');
  await shot(page, 'exam-single-attempts');

  // The statistics tab answers (its figures are worked out in the background).
  await page.getByTestId('tab-stats').click();
  await expect(page.getByTestId('stats-tab')).toBeVisible();
  await expect(page.getByTestId('stat-attempts')).toBeVisible();
});

test('the learner sees the result with the teacher’s comment', async ({ page }) => {
  expect(examUuid, 'the exam of the first test').toBeTruthy();
  await learnerInBangla(page);
  await page.goto(`${site()}/exam/journey/${examUuid}`);
  const line = page.getByTestId('intro-attempt').first();
  await expect(line.getByTestId('intro-attempt-score')).toContainText(banglaDigits(String(MC_MARKS + ESSAY_AWARDED)));
  await line.getByTestId('show-result').click();
  const result = page.getByTestId('exam-result');
  await expect(result).toHaveAttribute('data-available', 'true');
  await expect(page.getByTestId('result-score')).toHaveText(`${banglaDigits(String(MC_MARKS + ESSAY_AWARDED))} / ${banglaDigits(String(MC_MARKS + ESSAY_MARKS))}`);
  await expect(page.getByTestId('passed-chip')).toHaveText(x('result.passed'));
  const reviews = page.getByTestId('review-question');
  await expect(reviews).toHaveCount(2);
  await expect(reviews.nth(1).getByTestId('review-comment')).toContainText(COMMENT);
  await expect(reviews.nth(1).getByTestId('review-awarded')).toHaveAttribute('data-awarded', String(ESSAY_AWARDED));
  // show_answers: the right option and the explanation of the multiple choice question.
  await expect(reviews.nth(0).locator('[data-testid="review-option"][data-correct="true"]')).toContainText('ঢাকা');
  await expect(reviews.nth(0).getByTestId('review-explanation')).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'exam-single-result-360');
});

test('a learner has no Exam Centre', async ({ page }) => {
  await signInOn(page, site(), LEARNER);
  await chooseLanguage(page, 'bn');
  const nav = page.getByTestId('side-nav');
  await expect(nav).toBeVisible();
  await expect(nav.getByText(bn['common:nav.exam_centre'], { exact: true })).toHaveCount(0);
  await page.goto(`${site()}/exam/single`);
  await expect(page.getByTestId('forbidden-to-dashboard')).toBeVisible();
  await expect(page.getByTestId('exam-list-page')).toHaveCount(0);
});
