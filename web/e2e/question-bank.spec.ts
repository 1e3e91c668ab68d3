// (10) The demo teacher of dhaka builds a question bank in Bangla: creates a folder, creates one
// question of each of the 11 types in it through the form, meets the field error of a
// multiple-choice question without a correct option, edits a question (version 2), deletes one,
// then deletes the folder with its questions; the teacher imports a CSV file into a folder (first
// with a bad row: the row report, nothing imported; then fixed: 2 questions) and exports it as CSV;
// the teacher shares a question with his colleague Farhana, who finds it on a phone, views it
// read-only with its picture and copies it to her own bank; a learner has no Question Bank in the
// menu and is refused its pages.
import { readFileSync } from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import { becomeTeacher, catalogue, chooseLanguage, expectFitsWidth, partnerURL, responseOf, shot } from './helpers';
import { LEARNER, signInOn, stampNow, TEACHER } from './seed';

/** Farhana Akter of the demo, who also teaches at dhaka. */
const COLLEAGUE = { email: 'farhana.akter@example.com', password: 'demo-pass-2026' };

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
  // The toast lasts 2.5 s (SPEC 9): it is awaited from the click on, not after the page has moved
  // (on a loaded CI machine the folder page can take longer than that to come).
  const toast = expect(page.getByText(q('form.created'))).toBeVisible();
  const res = await responseOf(page, 'POST', '/question-bank/create', () => page.getByTestId('save-question').click(), [201]);
  const data = (await res.json()).data as SavedQuestion;
  expect(data).toMatchObject({ question_type: type, folder_id: folderId, text_bn: textBn, version: 1 });
  saved[type] = data;
  await toast;
  await page.waitForURL(`**/question-bank/folders/${folderId}`);
  await expect(page.locator(`[data-testid="question-row"][data-question-id="${data.id}"]`)).toBeVisible();
  return data;
}

test('the teacher builds a question bank in Bangla', async ({ page }) => {
  await signInOn(page, site(), TEACHER);
  await chooseLanguage(page, 'en');
  await becomeTeacher(page);
  await chooseLanguage(page, 'bn');

  // The sidebar's Question Bank group holds the list for a partner-site role.
  const nav = page.getByTestId('side-nav');
  await nav.getByRole('button', { name: bn['nav:question_bank'], exact: true }).click();
  await nav.getByRole('link', { name: bn['nav:questions'], exact: true }).click();
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

/** The columns the import reads, as the export and the template write them. */
const CSV_HEADER = 'type,text,text_bn,marks,negative_marks,options,options_bn,answer,explanation,explanation_bn';

/** The text of a downloaded CSV file, without the byte-order mark written for Excel. */
function downloadedText(path: string): string {
  return readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
}

/** Clicks `action` and returns the download it starts. */
async function downloadOf(page: Page, action: () => Promise<unknown>): Promise<Download> {
  const wait = page.waitForEvent('download');
  await action();
  return wait;
}

test('the teacher imports questions from a CSV file and exports them', async ({ page }) => {
  const IMPORT_FOLDER = `ইমপোর্ট ফোল্ডার ${stamp}`;
  const saText = `বাংলাদেশের জাতীয় পাখির নাম কী? ${stamp}`;
  const mcText = `বাংলাদেশের দীর্ঘতম নদী কোনটি? ${stamp}`;
  /** Line 1 the header, line 2 a short answer, line 3 a multiple choice whose answer is `mcAnswer`. */
  const csv = (mcAnswer: string) =>
    ['type,text_bn,marks,options_bn,answer', `short_answer,${saText},১,,দোয়েল|Magpie robin`, `multiple_choice,${mcText},২,পদ্মা|মেঘনা|যমুনা,${mcAnswer}`, ''].join('\r\n');

  await signInOn(page, site(), TEACHER);
  await chooseLanguage(page, 'en');
  await becomeTeacher(page);
  await chooseLanguage(page, 'bn');

  // A folder to import into.
  await page.goto(`${site()}/question-bank/folders`);
  await page.getByTestId('create-folder').click();
  await page.locator('#folder-name').fill(IMPORT_FOLDER);
  const folderRes = await responseOf(page, 'POST', '/question-bank/create-folder', () => page.getByTestId('save-folder').click(), [201]);
  const importFolderId = ((await folderRes.json()).data as { id: number }).id;
  await page.goto(`${site()}/question-bank/folders/${importFolderId}`);
  await expect(page.getByTestId('folder-heading')).toHaveText(IMPORT_FOLDER);
  await expect(page.getByTestId('question-row')).toHaveCount(0);

  // The import dialog starts in this folder and offers a CSV template made in the browser.
  await page.getByTestId('import-questions').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(q('import.title'));
  await expect(page.locator('#import-folder')).toContainText(IMPORT_FOLDER);
  const template = await downloadOf(page, () => page.getByTestId('import-template').click());
  expect(template.suggestedFilename()).toBe('question-import-template.csv');
  const templateLines = downloadedText(await template.path()).split(/\r?\n/).filter(Boolean);
  expect(templateLines[0]).toBe(CSV_HEADER);
  expect(templateLines).toHaveLength(3);

  // Line 3 names option ৫ of three: the file is refused, the report names line 3, nothing is imported.
  await page.getByTestId('import-file-input').setInputFiles({ name: 'প্রশ্ন.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('৫')) });
  await expect(page.getByTestId('import-file-name')).toContainText('প্রশ্ন.csv');
  const refused = await responseOf(page, 'POST', '/question-bank/import', () => page.getByTestId('import-submit').click(), [422]);
  const refusal = (await refused.json()) as { code: string; errors: Record<string, string[]> };
  expect(refusal.code).toBe('validation_failed');
  expect(Object.keys(refusal.errors).every((k) => k.startsWith('rows.3.')), JSON.stringify(refusal.errors)).toBe(true);
  await expect(page.getByTestId('import-nothing')).toHaveText(q('import.nothing_imported'));
  await expect(page.getByTestId('import-failed')).toContainText(q('import.refused'));
  const reportRows = page.getByTestId('import-report-row');
  await expect(reportRows.first()).toBeVisible();
  await expect(page.locator('[data-testid="import-report-row"]:not([data-row="3"])')).toHaveCount(0);
  const answerRow = page.locator('[data-testid="import-report-row"][data-row="3"][data-field="answer"]');
  await expect(answerRow.getByTestId('import-report-line')).toHaveText('৩');
  // The server wrote its message in the interface's language.
  await expect(answerRow.getByTestId('import-report-message')).toHaveText(bn['errors:invalid_choice']);
  await shot(page, 'question-bank-import-refused');
  await expect(page.getByTestId('question-row')).toHaveCount(0);

  // Fixed (option ১): both questions are imported into the folder and listed.
  await page.getByTestId('import-file-input').setInputFiles({ name: 'প্রশ্ন-ঠিক.csv', mimeType: 'text/csv', buffer: Buffer.from(csv('১')) });
  await expect(page.getByTestId('import-failed')).toHaveCount(0);
  await expect(page.getByTestId('import-report')).toHaveCount(0);
  const imported = await responseOf(page, 'POST', '/question-bank/import', () => page.getByTestId('import-submit').click(), [201]);
  const result = (await imported.json()).data as { imported: number; ids: number[] };
  expect(result.imported).toBe(2);
  expect(result.ids).toHaveLength(2);
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(q('import.done_other').replace('{{count, number}}', '২'))).toBeVisible();
  await expect(page.getByTestId('question-row')).toHaveCount(2);
  await expect(page.getByTestId('question-total')).toContainText('২');
  const [saId, mcId] = result.ids;
  await expect(page.locator(`[data-testid="question-row"][data-question-id="${saId}"]`).getByTestId('question-text')).toHaveText(saText);
  await expect(page.locator(`[data-testid="question-row"][data-question-id="${mcId}"]`).getByTestId('question-text')).toHaveText(mcText);
  await expect(page.locator(`[data-testid="question-row"][data-question-id="${mcId}"]`).getByTestId('question-type')).toHaveAttribute('data-type', 'multiple_choice');
  await shot(page, 'question-bank-import-done');

  // Export the folder as CSV: the header row, then the two questions.
  await page.getByTestId('export-questions').click();
  await expect(page.getByRole('menu')).toContainText(q('export.scope_folder'));
  const exportCall = page.waitForResponse((r) => new URL(r.url()).pathname === '/question-bank/export');
  const exported = await downloadOf(page, () => page.getByTestId('export-csv').click());
  const exportUrl = new URL((await exportCall).url());
  expect([exportUrl.searchParams.get('format'), exportUrl.searchParams.get('folder_id')]).toEqual(['csv', String(importFolderId)]);
  expect(exported.suggestedFilename()).toBe('questions.csv');
  const exportedText = downloadedText(await exported.path());
  const exportedLines = exportedText.split(/\r?\n/).filter(Boolean);
  expect(exportedLines[0]).toBe(CSV_HEADER);
  expect(exportedLines).toHaveLength(3);
  expect(exportedText).toContain(saText);
  expect(exportedText).toContain(mcText);

  // Clean up: the folder goes with its questions.
  await page.getByTestId('this-folder-delete').click();
  await page.getByTestId('delete-all').click();
  await responseOf(page, 'DELETE', `/question-bank/delete-folder/${importFolderId}`, () => page.getByTestId('confirm-delete-folder').click(), [200]);
  await page.waitForURL('**/question-bank/folders');
});

test('the teacher shares a question with a colleague, who views it on a phone and copies it to her bank', async ({ page }) => {
  // The demo teacher's question with the velocity-time figure (not in his shared folder).
  const FIGURE = 'ছবির বেগ-সময় লেখচিত্রটি';
  await signInOn(page, site(), TEACHER);
  await chooseLanguage(page, 'en');
  await becomeTeacher(page);
  await chooseLanguage(page, 'bn');
  await page.goto(`${site()}/question-bank/list?search=${encodeURIComponent(FIGURE)}`);
  const row = page.getByTestId('question-row');
  await expect(row).toHaveCount(1);
  const questionId = Number(await row.getAttribute('data-question-id'));
  await expect(row.getByTestId('shared-count')).toHaveCount(0);
  await row.getByTestId('share-question').click();
  const dialog = page.getByTestId('share-dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('share-input').fill(COLLEAGUE.email);
  await dialog.getByTestId('share-add').click();
  await expect(dialog.getByTestId('share-chip')).toContainText(COLLEAGUE.email);
  await shot(page, 'question-bank-share-dialog', { settled: true });
  const shared = await responseOf(page, 'POST', '/my-account/sharing/share', () => dialog.getByTestId('share-save').click(), [200]);
  expect(shared.request().postDataJSON()).toMatchObject({ table: 'questions', id: questionId });
  await expect(dialog).toHaveCount(0);
  await expect(row.getByTestId('shared-count')).toHaveAttribute('data-count', '1');

  // Farhana, on a phone in Bangla, finds it among those shared with her, with its author.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.setViewportSize({ width: 360, height: 740 });
  await signInOn(page, site(), COLLEAGUE);
  await chooseLanguage(page, 'en');
  // She also teaches on the main site; here her Dhaka College role is the current one.
  await expect(page.getByTestId('role-option').filter({ hasText: 'Dhaka College' }).getByText('Current')).toBeVisible();
  await chooseLanguage(page, 'bn');
  await page.goto(`${site()}/question-bank/shared?search=${encodeURIComponent(FIGURE)}`);
  const theirs = page.locator(`[data-testid="question-row"][data-question-id="${questionId}"]`);
  await expect(theirs).toBeVisible();
  await expect(theirs.getByTestId('question-owner')).toContainText('Shafiqul Islam');
  await expectFitsWidth(page);
  await shot(page, 'question-bank-shared-360');

  // Read-only, with its picture; no way to edit another's question.
  await theirs.getByTestId('view-shared-question').click();
  const view = page.getByTestId('question-view-dialog');
  await expect(view.getByTestId('question-view')).toHaveAttribute('data-type', 'multiple_choice');
  await expect(view.getByTestId('question-picture')).toBeVisible();
  await expect(view.getByTestId('view-option')).toHaveCount(4);
  await shot(page, 'question-bank-shared-view-360', { settled: true });
  await page.keyboard.press('Escape');
  await expect(view).toHaveCount(0);

  // Her own copy, which she may edit.
  const copied = await responseOf(page, 'POST', /^\/question-bank\//, () => theirs.getByTestId('copy-shared-question').click(), [201]);
  const copy = (await copied.json()).data as { id: number };
  expect(copy.id).not.toBe(questionId);
  await page.getByTestId('edit-copy').click();
  await page.waitForURL(`**/question-bank/edit/${copy.id}`);
  await expect(page.locator('#question-text-bn')).toHaveValue(new RegExp(FIGURE));

  // The general-knowledge folder he shared with her is one to draw random questions from.
  await page.goto(`${site()}/exam/single/create`);
  await page.getByTestId('add-random').click();
  await page.locator('#part-0-folder').click();
  const sharedFolder = page.locator('[data-testid="folder-option"][data-shared="true"]').filter({ hasText: 'সাধারণ জ্ঞান' });
  await expect(sharedFolder).toContainText('আমার সঙ্গে শেয়ার করা');
  await shot(page, 'exam-single-shared-folder-360', { settled: true });
  await sharedFolder.click();
  await expect(page.locator('#part-0-folder')).toContainText('সাধারণ জ্ঞান');
});

test('a learner has no Question Bank', async ({ page }) => {
  await signInOn(page, site(), LEARNER);
  await chooseLanguage(page, 'bn');
  const nav = page.getByTestId('side-nav');
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('button', { name: bn['nav:question_bank'] })).toHaveCount(0);
  await page.goto(`${site()}/question-bank/list`);
  await expect(page.getByTestId('forbidden-to-dashboard')).toBeVisible();
  await expect(page.getByTestId('question-list-page')).toHaveCount(0);
  await shot(page, 'question-bank-learner-forbidden');
});
