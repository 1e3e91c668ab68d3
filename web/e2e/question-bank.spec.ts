// (10) The demo teacher of dhaka builds a question bank in Bangla: creates a folder, creates one
// question of each of the 11 types in it through the form, meets the field error of a
// multiple-choice question without a correct option, edits a question (version 2), deletes one,
// then deletes the folder with its questions; a learner has no Question Bank in the menu and is refused its pages.
import { expect, test, type Page } from '@playwright/test';
import { becomeTeacher, catalogue, chooseLanguage, partnerURL, responseOf, shot } from './helpers';
import { LEARNER, signInOn, stampNow, TEACHER } from './seed';

test.describe.configure({ mode: 'serial' });

const SLUG = 'dhaka';
const site = () => partnerURL(SLUG);
const stamp = stampNow();
const FOLDER = `প্রশ্ন ফোল্ডার ${stamp}`;
const bn = catalogue('bn');
/** A Bangla text of the questions namespace. */
const q = (key: string) => {
  const text = bn[`questions:${key}`];
  expect(text, `questions:${key}`).toBeTruthy();
  return text;
};

interface SavedQuestion {
  id: number;
  version: number;
  question_type: string;
  folder_id: number | null;
  text_bn: string;
  marks: number;
  negative_marks: number;
  options: { text: string; text_bn: string; correct: boolean }[];
  blanks: string[][];
  accepted: string[];
  answer: string;
}

async function pickType(page: Page, type: string) {
  await page.locator('#question-type').click();
  await page.getByRole('option', { name: q(`types.${type}`), exact: true }).click();
  await expect(page.getByTestId('question-form')).toHaveAttribute('data-type', type);
}

async function fillOptions(page: Page, texts: string[]) {
  for (let i = 2; i < texts.length; i++) await page.getByTestId('add-option').click();
  for (const [i, text] of texts.entries()) await page.locator(`input[name="options.${i}.text_bn"]`).fill(text);
}

async function addAnswer(page: Page, inputId: string, answer: string) {
  await page.locator(`#${inputId}`).fill(answer);
  await page.locator(`#${inputId}`).press('Enter');
}

let folderId = 0;
const saved: Record<string, SavedQuestion> = {};

/** Opens the create form from the folder, lets `fill` do the type's part, saves and comes back. */
async function createInFolder(page: Page, type: string, textBn: string, fill: () => Promise<void> = async () => {}) {
  await page.getByTestId('create-question-here').click();
  await page.waitForURL(`**/question-bank/create?folder_id=${folderId}`);
  await expect(page.locator('#question-folder')).toContainText(FOLDER);
  await pickType(page, type);
  await page.locator('#question-text-bn').fill(textBn);
  await fill();
  await shot(page, `question-bank-create-${type}`);
  const res = await responseOf(page, 'POST', '/question-bank/create', () => page.getByTestId('save-question').click(), [201]);
  const data = (await res.json()).data as SavedQuestion;
  expect(data).toMatchObject({ question_type: type, folder_id: folderId, text_bn: textBn, version: 1 });
  saved[type] = data;
  await page.waitForURL(`**/question-bank/folders/${folderId}`);
  await expect(page.getByText(q('form.created'))).toBeVisible();
  await expect(page.locator(`[data-testid="question-row"][data-question-id="${data.id}"]`)).toBeVisible();
  return data;
}

test('the teacher builds a question bank in Bangla', async ({ page }) => {
  await signInOn(page, site(), TEACHER);
  await chooseLanguage(page, 'en');
  await becomeTeacher(page);
  await chooseLanguage(page, 'bn');

  // The sidebar has the Question Bank item for a partner-site role.
  await page.getByTestId('side-nav').getByRole('link', { name: bn['common:nav.question_bank'], exact: true }).click();
  await page.waitForURL('**/question-bank/list');
  await expect(page.getByTestId('question-list-page')).toBeVisible();
  await shot(page, 'question-bank-list-start');

  // A folder.
  await page.getByTestId('folders-link').click();
  await page.waitForURL('**/question-bank/folders');
  await page.getByTestId('create-folder').click();
  await page.locator('#folder-name').fill(FOLDER);
  const folderRes = await responseOf(page, 'POST', '/question-bank/create-folder', () => page.getByTestId('save-folder').click(), [201]);
  const folder = (await folderRes.json()).data as { id: number; name: string; parent_id: number | null };
  expect(folder).toMatchObject({ name: FOLDER, parent_id: null });
  folderId = folder.id;
  const card = page.locator(`[data-testid="folder-card"][data-folder-id="${folderId}"]`);
  await expect(card.getByTestId('folder-name')).toHaveText(FOLDER);
  await shot(page, 'question-bank-folders');
  await card.getByTestId('folder-name').click();
  await page.waitForURL(`**/question-bank/folders/${folderId}`);
  await expect(page.getByTestId('folder-heading')).toHaveText(FOLDER);
  await expect(page.getByTestId('folder-breadcrumb')).toContainText(q('folders.title'));

  // Multiple choice: first without a correct option (the form refuses it on the options), then right.
  await page.getByTestId('create-question-here').click();
  await page.waitForURL(`**/question-bank/create?folder_id=${folderId}`);
  await pickType(page, 'multiple_choice');
  await page.locator('#question-text-bn').fill(`বাংলাদেশের রাজধানী কোনটি? ${stamp}`);
  await fillOptions(page, ['ঢাকা', 'চট্টগ্রাম']);
  let posted = false;
  const onRequest = (r: { method: () => string; url: () => string }) => {
    if (r.method() === 'POST' && r.url().includes('/question-bank/create')) posted = true;
  };
  page.on('request', onRequest);
  await page.getByTestId('save-question').click();
  await expect(page.getByTestId('options-error')).toHaveText(q('problems.one_correct'));
  expect(posted, 'no request while the form has a problem').toBe(false);
  page.off('request', onRequest);
  await shot(page, 'question-bank-no-correct-option');
  await page.getByTestId('option-correct').first().click();
  await expect(page.getByTestId('options-error')).toHaveCount(0);
  // Bangla digits in the marks; negative marking behind its switch.
  await page.locator('#question-marks').fill('২');
  await page.getByLabel(q('form.negative'), { exact: true }).check();
  await page.locator('#question-negative-marks').fill('০.৫');
  const mcRes = await responseOf(page, 'POST', '/question-bank/create', () => page.getByTestId('save-question').click(), [201]);
  const mc = (await mcRes.json()).data as SavedQuestion;
  expect(mc).toMatchObject({ question_type: 'multiple_choice', folder_id: folderId, marks: 2, negative_marks: 0.5, version: 1 });
  expect(mc.options.map((o) => o.correct)).toEqual([true, false]);
  saved.multiple_choice = mc;
  await page.waitForURL(`**/question-bank/folders/${folderId}`);

  // The other ten types.
  const ms = await createInFolder(page, 'multiple_select', `কোনগুলো মৌলিক সংখ্যা? ${stamp}`, async () => {
    await fillOptions(page, ['২', '৩', '৪']);
    await page.getByTestId('option-correct').nth(0).click();
    await page.getByTestId('option-correct').nth(1).click();
  });
  expect(ms.options.map((o) => o.correct)).toEqual([true, true, false]);

  const tf = await createInFolder(page, 'true_false', `সূর্য পূর্ব দিকে ওঠে। ${stamp}`, async () => {
    await page.getByRole('radio', { name: q('form.true'), exact: true }).check();
  });
  expect(tf.answer).toBe('true');

  const dd = await createInFolder(page, 'dropdown', `পদ্মা কোন দেশের নদী? ${stamp}`, async () => {
    await fillOptions(page, ['ভারত', 'বাংলাদেশ']);
    await page.getByTestId('option-correct').nth(1).click();
  });
  expect(dd.options.map((o) => o.correct)).toEqual([false, true]);

  const fb = await createInFolder(page, 'fill_blanks', `বাংলাদেশের রাজধানী ___ এবং বৃহত্তম সমুদ্রবন্দর ___। ${stamp}`, async () => {
    await expect(page.getByTestId('gap-count')).toHaveAttribute('data-gaps', '2');
    await expect(page.getByTestId('gap-count')).toContainText('২');
    await addAnswer(page, 'blank-0-input', 'ঢাকা');
    await addAnswer(page, 'blank-1-input', 'চট্টগ্রাম');
  });
  expect(fb.blanks).toEqual([['ঢাকা'], ['চট্টগ্রাম']]);

  const sa = await createInFolder(page, 'short_answer', `বাংলাদেশের জাতীয় ফুলের নাম কী? ${stamp}`, async () => {
    await addAnswer(page, 'accepted-input', 'শাপলা');
    await addAnswer(page, 'accepted-input', 'Water lily');
  });
  expect(sa.accepted).toEqual(['শাপলা', 'Water lily']);

  for (const [type, text] of [
    ['paragraph', `তোমার প্রিয় ঋতু সম্পর্কে একটি অনুচ্ছেদ লেখো। ${stamp}`],
    ['essay', `বাংলাদেশের মুক্তিযুদ্ধ সম্পর্কে একটি রচনা লেখো। ${stamp}`],
    ['assignment', `তোমার এলাকার একটি মানচিত্র এঁকে আপলোড করো। ${stamp}`],
  ] as const) {
    const marked = await createInFolder(page, type, text, async () => {
      await expect(page.getByTestId('teacher-marked')).toBeVisible();
    });
    expect([marked.options, marked.blanks, marked.accepted, marked.answer]).toEqual([[], [], [], '']);
  }

  const date = await createInFolder(page, 'date', `বাংলাদেশের স্বাধীনতা দিবস কবে? ${stamp}`, async () => {
    const input = page.locator('#question-answer-date');
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expect(input).toHaveAttribute('placeholder', 'DD/MM/YYYY');
    await input.fill('২৬/০৩/১৯৭১');
  });
  expect(date.answer.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6))).toBe('26/03/1971');

  const time = await createInFolder(page, 'time', `স্কুল কখন শুরু হয়? ${stamp}`, async () => {
    const input = page.locator('#question-answer-time');
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expect(input).toHaveAttribute('placeholder', 'HH:MM');
    await input.fill('০৯:৩০');
  });
  expect(time.answer.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6))).toBe('09:30');

  // All eleven are in the folder.
  await expect(page.getByTestId('question-row')).toHaveCount(11);
  await expect(page.getByTestId('question-total')).toContainText('১১');
  await shot(page, 'question-bank-folder-questions');

  // Edit the short answer question: version 1, saving makes version 2.
  const row = page.locator(`[data-testid="question-row"][data-question-id="${sa.id}"]`);
  await row.getByTestId('edit-question').click();
  await page.waitForURL(`**/question-bank/edit/${sa.id}`);
  await expect(page.getByTestId('question-version-chip')).toHaveAttribute('data-version', '1');
  await expect(page.getByTestId('question-version-chip')).toHaveText(q('form.version').replace('{{n}}', '১'));
  await expect(page.getByTestId('version-note')).toContainText('২');
  await expect(page.getByTestId('accepted-answers').getByTestId('answer-chip')).toHaveCount(2);
  await page.locator('#question-marks').fill('৩');
  const editRes = await responseOf(page, 'PUT', `/question-bank/update/${sa.id}`, () => page.getByTestId('save-question').click(), [200]);
  const edited = (await editRes.json()).data as SavedQuestion;
  expect(edited).toMatchObject({ id: sa.id, version: 2, marks: 3, accepted: ['শাপলা', 'Water lily'] });
  await page.waitForURL('**/question-bank/list');
  await expect(page.getByText(q('form.updated').replace('{{n}}', '২'))).toBeVisible();

  await page.goto(`${site()}/question-bank/folders/${folderId}`);
  const editedRow = page.locator(`[data-testid="question-row"][data-question-id="${sa.id}"]`);
  await expect(editedRow).toHaveAttribute('data-version', '2');
  await expect(editedRow.getByTestId('question-version')).toContainText('২');
  await expect(editedRow.getByTestId('question-marks')).toContainText('৩');
  await page.goto(`${site()}/question-bank/update/${sa.id}`);
  await expect(page.getByTestId('question-version-chip')).toHaveAttribute('data-version', '2');
  await shot(page, 'question-bank-edit-version-2');

  // Delete the essay.
  await page.goto(`${site()}/question-bank/folders/${folderId}`);
  const essayRow = page.locator(`[data-testid="question-row"][data-question-id="${saved.essay.id}"]`);
  await essayRow.getByTestId('delete-question').click();
  await expect(page.getByRole('dialog')).toContainText(q('list.delete_title'));
  await responseOf(page, 'DELETE', `/question-bank/delete/${saved.essay.id}`, () => page.getByTestId('confirm-button').click(), [200]);
  await expect(page.getByText(q('list.deleted'))).toBeVisible();
  await expect(essayRow).toHaveCount(0);
  await expect(page.getByTestId('question-row')).toHaveCount(10);
  await shot(page, 'question-bank-after-delete');

  // The folder list counts the ten questions.
  await page.goto(`${site()}/question-bank/folders`);
  await expect(card.getByTestId('folder-counts')).toContainText(bn['questions:folders.questions_other'].replace('{{count, number}}', '১০'));

  // Delete the folder with its questions (the dialog offers moving them up instead).
  await card.getByTestId('folder-name').click();
  await page.waitForURL(`**/question-bank/folders/${folderId}`);
  await page.getByTestId('this-folder-delete').click();
  await expect(page.getByTestId('delete-keep').locator('input')).toBeChecked();
  await page.getByTestId('delete-all').click();
  await shot(page, 'question-bank-delete-folder');
  const del = await responseOf(page, 'DELETE', `/question-bank/delete-folder/${folderId}`, () => page.getByTestId('confirm-delete-folder').click(), [200]);
  expect(new URL(del.url()).searchParams.get('withfolder')).toBe('1');
  await page.waitForURL('**/question-bank/folders');
  await expect(page.getByText(q('folders.deleted'))).toBeVisible();
  await expect(card).toHaveCount(0);
});

test('a learner has no Question Bank', async ({ page }) => {
  await signInOn(page, site(), LEARNER);
  await chooseLanguage(page, 'bn');
  const nav = page.getByTestId('side-nav');
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link', { name: bn['common:nav.question_bank'] })).toHaveCount(0);
  await page.goto(`${site()}/question-bank/list`);
  await expect(page.getByTestId('forbidden-to-dashboard')).toBeVisible();
  await expect(page.getByTestId('question-list-page')).toHaveCount(0);
  await shot(page, 'question-bank-learner-forbidden');
});
