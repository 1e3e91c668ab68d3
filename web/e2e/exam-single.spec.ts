// A single exam in Bangla, end to end on the partner site `dhaka`, with one question of each of
// the 11 types: the demo teacher creates them through the question bank API (the multiple choice
// one with a picture from the file manager), builds a timed single exam from them in the Exam
// Centre (Bangla digits in the numbers) and publishes it; the demo learner opens
// /exam/journey/{uuid} on a 360 px screen, sees the picture, answers every question (Bangla digits
// in the date and time, a file for the assignment), reloads mid-way and finds the answers and the
// clock again, and submits with the keyboard; the result waits for the three answers a human
// marks; the teacher marks them; the learner sees the marked result with the teacher's comment and
// the key. A learner has no Exam Centre.
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
const ESSAY_TEXT = `মুক্তিযুদ্ধ সম্পর্কে একটি রচনা লেখো। ${stamp}`;
const ESSAY_ANSWER = '১৯৭১ সালে নয় মাসের মুক্তিযুদ্ধের মধ্য দিয়ে বাংলাদেশ স্বাধীন হয়।';
const PARAGRAPH_ANSWER = 'আমার গ্রামের পাশ দিয়ে একটি ছোট নদী বয়ে গেছে।';
const COMMENT = 'ভালো লিখেছ, তবে আরও উদাহরণ দিতে পারতে।';
/** A 2x2 PNG: the multiple choice question's picture. */
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

interface Planned {
  type: string;
  text_bn: string;
  marks: number;
  /** What a teacher awards; absent for the types the machine marks (all answered right). */
  awarded?: number;
  extra?: Record<string, unknown>;
}

const opt = (text_bn: string, correct: boolean) => ({ text: '', text_bn, correct });
/** One question of each type, in the order of the paper. */
const PLANNED: Planned[] = [
  { type: 'multiple_choice', text_bn: `বাংলাদেশের রাজধানী কোনটি? ${stamp}`, marks: 2, extra: { options: [opt('ঢাকা', true), opt('খুলনা', false)], explanation_bn: 'ঢাকা ১৯৭১ সাল থেকে বাংলাদেশের রাজধানী।' } },
  { type: 'multiple_select', text_bn: `কোনগুলো বাংলাদেশের নদী? ${stamp}`, marks: 2, extra: { options: [opt('পদ্মা', true), opt('মেঘনা', true), opt('নীলনদ', false)] } },
  { type: 'true_false', text_bn: `সুন্দরবন বাংলাদেশে অবস্থিত। ${stamp}`, marks: 1, extra: { answer: 'true' } },
  { type: 'dropdown', text_bn: `সবচেয়ে বড় সংখ্যাটি বেছে নাও। ${stamp}`, marks: 1, extra: { options: [opt('সাত', false), opt('নয়', true)] } },
  { type: 'fill_blanks', text_bn: `ঢাকা বাংলাদেশের ___ । ${stamp}`, marks: 1, extra: { blanks: [['রাজধানী']] } },
  { type: 'short_answer', text_bn: `জাতীয় ফুলের নাম কী? ${stamp}`, marks: 1, extra: { accepted: ['শাপলা'] } },
  { type: 'paragraph', text_bn: `তোমার গ্রামের বর্ণনা দাও। ${stamp}`, marks: 3, awarded: 2 },
  { type: 'essay', text_bn: ESSAY_TEXT, marks: 5, awarded: 4 },
  { type: 'assignment', text_bn: `তোমার আঁকা মানচিত্র আপলোড করো। ${stamp}`, marks: 4, awarded: 3 },
  { type: 'date', text_bn: `বিজয় দিবস কোন তারিখে? ${stamp}`, marks: 1, extra: { answer: '১৬/১২/১৯৭১' } },
  { type: 'time', text_bn: `অফিস কখন খোলে? (২৪ ঘণ্টা) ${stamp}`, marks: 1, extra: { answer: '০৯:০০' } },
];
const TOTAL = PLANNED.reduce((n, q) => n + q.marks, 0);
const SCORED = PLANNED.reduce((n, q) => n + (q.awarded ?? q.marks), 0);
const BY_HAND = PLANNED.filter((q) => q.awarded !== undefined);

let questionIds: number[] = [];
let picture = '';
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

/** The picture goes to the teacher's file manager, then into the question bank's own copy. */
async function uploadPicture(page: Page, headers: Record<string, string>): Promise<string> {
  const file = await page.evaluate(
    async ({ png, headers }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('type', 'images');
      form.append('file', new Blob([bytes], { type: 'image/png' }), 'map-of-bangladesh.png');
      const res = await fetch('/file-manager/user/upload-file', { method: 'POST', headers: { Accept: 'application/json', ...headers }, body: form });
      return { status: res.status, body: await res.json() };
    },
    { png: PNG_BASE64, headers },
  );
  expect(file.status, JSON.stringify(file.body)).toBe(201);
  const media = await data<{ url: string }>(page, 'keep the picture for questions', 'POST', '/question-bank/media', { file_id: file.body.data.id }, headers);
  expect(media.url).toMatch(/^\/question-media\/[0-9a-f]{32}\.png$/);
  return media.url;
}

test('the teacher builds a timed exam of every question type and publishes it', async ({ page }) => {
  await teacherInBangla(page);

  // The questions through the question bank API, with the headers of the teacher's session.
  const headers = await appHeaders(page);
  picture = await uploadPicture(page, headers);
  const blank = { folder_id: null, category_id: null, text: '', negative_marks: 0, explanation: '', explanation_bn: '', options: [], blanks: [], accepted: [], answer: '', image: '' };
  questionIds = [];
  for (const [i, q] of PLANNED.entries()) {
    const body = { ...blank, question_type: q.type, text_bn: q.text_bn, marks: q.marks, ...q.extra, ...(i === 0 ? { image: picture } : {}) };
    const made = await data<{ id: number; image: string }>(page, `create the ${q.type} question`, 'POST', '/question-bank/create', body, headers);
    if (i === 0) expect(made.image).toBe(picture);
    questionIds.push(made.id);
  }
  // The Exam Centre from the sidebar: its single exams.
  const nav = page.getByTestId('side-nav');
  await nav.getByRole('button', { name: bn['nav:exam_centre'], exact: true }).click();
  await nav.getByRole('link', { name: bn['nav:single_exams'], exact: true }).click();
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

  // Settings: open from 5 minutes ago for a day, 20 minutes, one attempt, pass at 40 %, Bangla digits.
  await page.locator('#exam-title-bn').fill(EXAM_TITLE_BN);
  await page.locator('#exam-title').fill(EXAM_TITLE_EN);
  await page.locator('#exam-instructions-bn').fill('সব প্রশ্নের উত্তর দাও।');
  await page.locator('#exam-starts-at').fill(await localInput(page, -5));
  await page.locator('#exam-ends-at').fill(await localInput(page, 24 * 60));
  for (const id of ['#exam-duration', '#exam-attempts', '#exam-pass', '#exam-grace']) {
    await expect(page.locator(id)).toHaveAttribute('type', 'text');
  }
  await expect(page.locator('#exam-duration')).toHaveAttribute('inputmode', 'numeric');
  await page.locator('#exam-duration').fill('২০');
  await page.locator('#exam-attempts').fill('১');
  await page.locator('#exam-pass').fill('৪০');
  await page.locator('#exam-grace').fill('৬০');
  await page.locator('#exam-show-answers').check();

  // The paper: the eleven questions picked from the bank in order, each found by its text (a page
  // holds ten); the ticks stay across searches.
  await page.getByTestId('add-questions').click();
  const picker = page.getByTestId('question-picker');
  await expect(picker).toBeVisible();
  for (const [i, id] of questionIds.entries()) {
    await picker.getByTestId('picker-search').fill(PLANNED[i].text_bn);
    const row = picker.locator(`[data-testid="picker-question"][data-question-id="${id}"]`);
    await expect(row).toBeVisible();
    await row.getByRole('button').click();
    await expect(row.getByRole('checkbox')).toBeChecked();
  }
  await expect(picker.getByTestId('picker-add')).toContainText(banglaDigits(String(PLANNED.length)));
  await shot(page, 'exam-single-picker');
  await picker.getByTestId('picker-add').click();
  await expect(picker).toBeHidden();
  const parts = page.getByTestId('paper-part');
  await expect(parts).toHaveCount(PLANNED.length);
  for (const [i, id] of questionIds.entries()) await expect(parts.nth(i)).toHaveAttribute('data-question-id', String(id));
  await expect(page.getByTestId('paper-size')).toHaveAttribute('data-questions', String(PLANNED.length));

  await page.locator('#exam-published').check();
  await shot(page, 'exam-single-form');
  // The toast lasts 2.5 s (SPEC 9): awaited from the click on, not after the exam's page has come.
  const toast = expect(page.getByText(x('form.created'))).toBeVisible();
  const created = await responseOf(page, 'POST', '/course/exam/create-single', () => page.getByTestId('save-exam').click(), [201]);
  const sent = created.request().postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({
    title: EXAM_TITLE_EN,
    title_bn: EXAM_TITLE_BN,
    duration_minutes: 20,
    attempts_allowed: 1,
    pass_percent: 40,
    grace_seconds: 60,
    results_release: 'on_submit',
    show_answers: true,
    published: true,
    parts: questionIds.map((id) => ({ question_id: id })),
  });
  expect(String(sent.starts_at)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
  const exam = (await created.json()).data as { id: number; uuid: string; published: boolean; question_count: number; total_marks: number };
  expect(exam).toMatchObject({ published: true, question_count: PLANNED.length, total_marks: TOTAL });
  examId = exam.id;
  examUuid = exam.uuid;

  // The exam's own page, with the learners' link.
  await toast;
  await page.waitForURL(`**/exam/edit/${examId}`);
  await expect(page.getByTestId('exam-heading')).toHaveText(EXAM_TITLE_BN);
  await expect(page.getByTestId('exam-published')).toHaveAttribute('data-published', 'true');
  await expect(page.getByTestId('learner-link')).toContainText(`/exam/journey/${examUuid}`);
  await expect(page.getByTestId('paper-part')).toHaveCount(PLANNED.length);

  // The list has it, its numbers in Bangla.
  await page.goto(`${site()}/exam/single?search=${encodeURIComponent(stamp)}`);
  const row = page.locator(`[data-testid="exam-row"][data-exam-id="${examId}"]`);
  await expect(row.getByTestId('exam-title')).toHaveText(EXAM_TITLE_BN);
  await expect(row.getByTestId('exam-questions')).toContainText(banglaDigits(String(PLANNED.length)));
  await expect(row.getByTestId('exam-duration')).toContainText('২০');

  // The exam's page fits a phone.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${site()}/exam/edit/${examId}`);
  await expect(page.getByTestId('exam-edit-page')).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'exam-single-edit-360');
});

test('a learner answers every type on a phone, reloads mid-way and submits', async ({ page }) => {
  expect(examUuid, 'the exam of the first test').toBeTruthy();
  await learnerInBangla(page);
  await page.goto(`${site()}/exam/journey/${examUuid}`);
  const intro = page.getByTestId('exam-intro');
  await expect(intro).toBeVisible();
  await expect(page.getByTestId('intro-title')).toHaveText(EXAM_TITLE_BN);
  await expect(page.getByTestId('intro-duration')).toContainText('২০');
  await expect(page.getByTestId('intro-questions')).toContainText(banglaDigits(String(PLANNED.length)));
  await expectFitsWidth(page);
  await shot(page, 'exam-single-intro-360');

  const started = await responseOf(page, 'POST', `/exam-front/single/${examUuid}/start`, () => page.getByTestId('start-exam').click());
  const paper = (await started.json()).data as { uuid: string; questions: { slot: number; question_type: string; image: string }[] };
  const attempt = paper.uuid;
  expect(paper.questions.map((q) => q.question_type)).toEqual(PLANNED.map((q) => q.type));
  expect(JSON.stringify(paper), 'no key in the paper').not.toMatch(/"correct"|"accepted"|"explanation|"blanks"|রাজধানী"\]|শাপলা/);
  await expect(page.getByTestId('exam-taking')).toBeVisible();
  // The clock counts down from 20 minutes in Bangla digits.
  const clock = page.getByTestId('exam-clock');
  await expect(clock).toHaveText(/^[০-৯]{2}:[০-৯]{2}$/);
  expect(Number(await clock.getAttribute('data-seconds'))).toBeLessThanOrEqual(1200);

  const saved = () => expect(page.getByTestId('save-status')).toHaveAttribute('data-status', 'saved', { timeout: 10_000 });
  const next = () => page.getByTestId('next-question').click();
  const showing = (i: number) => expect(page.getByTestId('question-text')).toContainText(PLANNED[i].text_bn.replace(' ___ ', ''));

  // 1. Multiple choice, with its picture (the question's copy, through a signed link).
  await expect(page.getByTestId('question-number')).toHaveText(x('take.question_of').replace('{{n}}', '১').replace('{{total}}', banglaDigits(String(PLANNED.length))));
  const img = page.getByTestId('question-picture');
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(2);
  const first = await responseOf(page, 'PUT', `/exam-front/attempt/${attempt}/answer`, () => page.getByRole('radio', { name: 'ঢাকা', exact: true }).check());
  expect(first.request().postDataJSON()).toMatchObject({ slot: paper.questions[0].slot, client_seq: 1 });
  await saved();
  await shot(page, 'exam-single-picture-360');
  // 2. Multiple select.
  await next();
  await showing(1);
  await page.getByRole('checkbox', { name: 'পদ্মা', exact: true }).check();
  await page.getByRole('checkbox', { name: 'মেঘনা', exact: true }).check();
  await saved();
  // 3. True or false.
  await next();
  await page.getByRole('radio', { name: x('take.true'), exact: true }).check();
  await saved();
  // 4. Dropdown.
  await next();
  await page.getByTestId('answer-select').selectOption({ label: 'নয়' });
  await saved();
  // 5. Fill in the blank.
  await next();
  await page.getByTestId('answer-blank').first().fill('রাজধানী');
  await saved();
  // 6. Short answer.
  await next();
  await showing(5);
  await page.getByTestId('answer-text').fill(' শাপলা ');
  await saved();

  // A reload lands in the same attempt, on the same question, with the answers and the clock.
  const secondsBefore = Number(await clock.getAttribute('data-seconds'));
  await page.reload();
  await expect(page.getByTestId('exam-taking')).toHaveAttribute('data-attempt', attempt);
  await showing(5);
  await expect(page.getByTestId('answer-text')).toHaveValue(' শাপলা ');
  expect(Number(await clock.getAttribute('data-seconds'))).toBeLessThanOrEqual(secondsBefore);
  for (let i = 0; i < 6; i++) await expect(page.getByTestId('nav-question').nth(i)).toHaveAttribute('data-answered', 'true');
  await expect(page.getByTestId('nav-question').nth(6)).toHaveAttribute('data-answered', 'false');
  await page.getByTestId('nav-question').nth(1).click();
  await expect(page.getByRole('checkbox', { name: 'মেঘনা', exact: true })).toBeChecked();
  await page.getByTestId('nav-question').nth(6).click();

  // 7. Paragraph, 8. essay: saved after a pause in typing.
  await showing(6);
  await page.getByTestId('answer-text').fill(PARAGRAPH_ANSWER);
  await saved();
  await next();
  await showing(7);
  await page.getByTestId('answer-text').fill(ESSAY_ANSWER);
  await saved();
  await expectFitsWidth(page);
  await shot(page, 'exam-single-essay-360');
  // 9. Assignment: a file, checked by its bytes on the server.
  await next();
  await showing(8);
  const uploaded = await responseOf(page, 'POST', new RegExp(`/exam-front/attempt/${attempt}/file/\\d+$`), () =>
    page.getByTestId('answer-file-input').setInputFiles({ name: 'map.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 my map of Bangladesh') }),
  );
  expect(uploaded.status()).toBe(200);
  await expect(page.getByTestId('uploaded-file')).toContainText('map.pdf');
  // 10. Date and 11. time, typed with Bangla digits in numeric fields.
  await next();
  await showing(9);
  await expect(page.getByTestId('answer-text')).toHaveAttribute('inputmode', 'numeric');
  await page.getByTestId('answer-text').fill('১৬/১২/১৯৭১');
  await saved();
  await next();
  await showing(10);
  await page.getByTestId('answer-text').fill('০৯:০০');
  await saved();
  await expect(page.getByTestId('answered-count')).toContainText(banglaDigits(String(PLANNED.length)));
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
  expect(result).toMatchObject({ results_available: false, pending_marking: BY_HAND.length });

  // What a human marks waits for the teacher: no score yet.
  const resultView = page.getByTestId('exam-result');
  await expect(resultView).toHaveAttribute('data-available', 'false');
  await expect(page.getByTestId('results-later')).toContainText(x('result.later'));
  await expect(page.getByTestId('pending-marking')).toContainText(banglaDigits(String(BY_HAND.length)));
  await expect(page.getByTestId('result-score')).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`[?&]result=${attempt}`));
  await expectFitsWidth(page);
  await shot(page, 'exam-single-submitted-360');

  // Back on the intro: no attempt left, the earlier one listed.
  await page.getByTestId('result-back').click();
  await expect(page.getByTestId('intro-reason')).toHaveAttribute('data-reason', 'attempts_exhausted');
  await expect(page.locator(`[data-testid="intro-attempt"][data-attempt="${attempt}"]`)).toBeVisible();
});

test('the teacher marks the paragraph, the essay and the assignment', async ({ page }) => {
  expect(examId, 'the exam of the first test').toBeGreaterThan(0);
  await teacherInBangla(page);
  await page.goto(`${site()}/exam/edit/${examId}/marking`);
  await expect(page.getByTestId('marking-tab')).toBeVisible();
  await expect(page.getByTestId('marking-item')).toHaveCount(BY_HAND.length);
  for (const q of BY_HAND) {
    const item = page.getByTestId('marking-item').filter({ hasText: q.text_bn });
    await expect(item).toHaveCount(1);
    if (q.type === 'essay') {
      await expect(item.getByTestId('marking-answer')).toContainText(ESSAY_ANSWER);
      // More than the question's marks is refused on the page.
      await item.getByTestId('marks-input').fill(banglaDigits(String(q.marks + 1)));
      await item.getByTestId('submit-mark').click();
      await expect(item).toContainText(x('marking.problems.marks_over').replace('{{max}}', banglaDigits(String(q.marks))));
      await item.getByTestId('comment-input').fill(COMMENT);
      await shot(page, 'exam-single-marking');
    }
    if (q.type === 'paragraph') await expect(item.getByTestId('marking-answer')).toContainText(PARAGRAPH_ANSWER);
    await item.getByTestId('marks-input').fill(banglaDigits(String(q.awarded)));
    const marked = await responseOf(page, 'POST', '/course/batch/manual_mark', () => item.getByTestId('submit-mark').click());
    expect(marked.request().postDataJSON()).toMatchObject({ marks: q.awarded });
    await expect(item).toHaveCount(0);
  }
  await expect(page.getByTestId('marking-tab').getByTestId('empty-state')).toBeVisible();

  // The attempt now has its score and passes (against 40 %).
  await page.getByTestId('tab-attempts').click();
  await page.waitForURL(`**/exam/edit/${examId}/attempts`);
  const row = page.getByTestId('attempt-row').first();
  await expect(row.getByTestId('attempt-score')).toContainText(`${banglaDigits(String(SCORED))} / ${banglaDigits(String(TOTAL))}`);
  await expect(row.getByTestId('passed-chip')).toHaveAttribute('data-passed', 'true');
  await shot(page, 'exam-single-attempts');

  // The statistics tab answers (its figures are worked out in the background).
  await page.getByTestId('tab-stats').click();
  await expect(page.getByTestId('stats-tab')).toBeVisible();
  await expect(page.getByTestId('stat-attempts')).toBeVisible();
});

test('the learner sees the marked result with the comment and the key', async ({ page }) => {
  expect(examUuid, 'the exam of the first test').toBeTruthy();
  await learnerInBangla(page);
  await page.goto(`${site()}/exam/journey/${examUuid}`);
  const line = page.getByTestId('intro-attempt').first();
  await expect(line.getByTestId('intro-attempt-score')).toContainText(banglaDigits(String(SCORED)));
  await line.getByTestId('show-result').click();
  const result = page.getByTestId('exam-result');
  await expect(result).toHaveAttribute('data-available', 'true');
  await expect(page.getByTestId('result-score')).toHaveText(`${banglaDigits(String(SCORED))} / ${banglaDigits(String(TOTAL))}`);
  await expect(page.getByTestId('passed-chip')).toHaveText(x('result.passed'));
  const reviews = page.getByTestId('review-question');
  await expect(reviews).toHaveCount(PLANNED.length);
  const essay = PLANNED.findIndex((q) => q.type === 'essay');
  await expect(reviews.nth(essay).getByTestId('review-comment')).toContainText(COMMENT);
  await expect(reviews.nth(essay).getByTestId('review-awarded')).toHaveAttribute('data-awarded', String(PLANNED[essay].awarded));
  // Every machine-marked answer got its full marks, the Bangla date and time included.
  for (const [i, q] of PLANNED.entries()) {
    if (q.awarded === undefined) await expect(reviews.nth(i).getByTestId('review-awarded'), q.type).toHaveAttribute('data-awarded', String(q.marks));
  }
  // show_answers: the right option and the explanation of the multiple choice question, and its picture.
  await expect(reviews.nth(0).locator('[data-testid="review-option"][data-correct="true"]')).toContainText('ঢাকা');
  await expect(reviews.nth(0).getByTestId('review-explanation')).toBeVisible();
  await expect(reviews.nth(0).getByTestId('question-picture')).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'exam-single-result-360');
});

test('a learner has no Exam Centre', async ({ page }) => {
  await signInOn(page, site(), LEARNER);
  await chooseLanguage(page, 'bn');
  const nav = page.getByTestId('side-nav');
  await expect(nav).toBeVisible();
  await expect(nav.getByText(bn['nav:exam_centre'], { exact: true })).toHaveCount(0);
  await page.goto(`${site()}/exam/single`);
  await expect(page.getByTestId('forbidden-to-dashboard')).toBeVisible();
  await expect(page.getByTestId('exam-list-page')).toHaveCount(0);
});
