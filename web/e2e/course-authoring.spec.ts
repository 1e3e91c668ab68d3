// (9) The demo teacher of dhaka authors a course on the partner site: creates it with a Bangla
// title, adds a section, a video lesson by URL and an image lesson whose picture comes from the
// file manager, creates an open-enrolment batch, publishes the
// batch and the course, and finds the course first on /course.
import { expect, test, type Page } from '@playwright/test';
import { becomeTeacher, chooseLanguage, partnerURL, responseOf, shot } from './helpers';

test.describe.configure({ mode: 'serial' });

const TEACHER = { email: 'teacher@example.com', password: 'demo-pass-2026' };
const SLUG = 'dhaka';
const stamp = Date.now().toString(36);
const TITLE_BN = `পাইথন প্রোগ্রামিং ${stamp}`;
const SECTION_BN = 'প্রথম অধ্যায়: শুরু';
const LESSON_BN = 'পাইথন কী এবং কেন';
const VIDEO_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const BATCH_BN = 'সকালের ব্যাচ';
const BATCH_EN = `Morning ${stamp}`;

const site = () => partnerURL(SLUG);

async function signIn(page: Page) {
  await page.goto(`${site()}/login`);
  await page.locator('#email').fill(TEACHER.email);
  await page.locator('#password').fill(TEACHER.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('welcome-card')).toBeVisible();
}

test('the teacher creates, fills and publishes a course', async ({ page }) => {
  await signIn(page);
  await chooseLanguage(page, 'en');
  await becomeTeacher(page);

  // The sidebar's Course group holds the course list for a partner-site role.
  const nav = page.getByTestId('side-nav');
  await nav.getByRole('button', { name: 'Course', exact: true }).click();
  await nav.getByRole('link', { name: 'Course', exact: true }).click();
  await page.waitForURL('**/course');
  await expect(page.getByTestId('course-list-page')).toBeVisible();

  // Create: four steps, only the Bangla title given.
  await page.getByTestId('create-course-link').click();
  await page.waitForURL('**/course/create');
  await page.getByTestId('step-next').click();
  await expect(page.locator('#course-title-bn-helper-text')).toHaveText('Give a title in Bangla or in English');
  await page.locator('#course-title-bn').fill(TITLE_BN);
  await page.getByTestId('step-next').click(); // -> description
  await page.locator('#course-summary').fill('Python from the very beginning, in Bangla.');
  await page.locator('input[name="objectives.0.text"]').fill('Write and run a first program');
  await page.getByTestId('step-next').click(); // -> thumbnail and order
  await page.getByTestId('step-next').click(); // -> review
  await expect(page.getByTestId('course-review')).toContainText(TITLE_BN);
  const created = await responseOf(page, 'POST', '/course/course/create', () => page.getByTestId('create-course').click());
  const course = (await created.json()).data as { id: number; uuid: string; title_bn: string };
  expect(course.title_bn).toBe(TITLE_BN);
  await page.waitForURL(`**/course/edit/${course.id}/syllabus`);
  await expect(page.getByTestId('course-heading')).toHaveText(TITLE_BN);

  // A section, then a video lesson given by its YouTube link.
  await page.getByTestId('add-section').click();
  await page.locator('#section-title-bn').fill(SECTION_BN);
  await responseOf(page, 'POST', '/course/schedule/section', () => page.getByTestId('save-section').click());
  const section = page.getByTestId('syllabus-section');
  await expect(section).toHaveCount(1);
  await expect(section.getByTestId('section-title')).toContainText(SECTION_BN);

  await section.getByTestId('add-lesson').click();
  await page.locator('#lesson-title-bn').fill(LESSON_BN);
  await expect(page.getByRole('combobox', { name: 'Lesson type' })).toContainText('Video');
  await page.locator('#lesson-media-url').fill(VIDEO_URL);
  await page.locator('#lesson-duration').fill('4');
  const lessonRes = await responseOf(page, 'POST', '/course/schedule/lesson', () => page.getByTestId('save-lesson').click());
  const lesson = (await lessonRes.json()).data as { lesson_type: string; media_url: string };
  expect(lesson).toMatchObject({ lesson_type: 'video', media_url: VIDEO_URL });
  await expect(section.getByTestId('syllabus-lesson')).toHaveCount(1);
  await expect(section.getByTestId('lesson-title')).toHaveText(LESSON_BN);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // An image lesson whose picture comes from the teacher's file manager (the demo figure).
  await section.getByTestId('add-lesson').click();
  await page.locator('#lesson-title-bn').fill('বলের চিত্র');
  await page.getByRole('combobox', { name: 'Lesson type' }).click();
  await page.getByRole('option', { name: 'Image', exact: true }).click();
  await page.getByRole('button', { name: 'Choose from file manager', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Choose the lesson’s file' });
  await expect(picker.getByRole('button', { name: /pressure-figure\.png/ })).toBeVisible();
  await shot(page, 'course-authoring-file-picker', { settled: true });
  await picker.getByRole('button', { name: /pressure-figure\.png/ }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByText(/pressure-figure\.png .* \(from the file manager\)/)).toBeVisible();
  const attached = await responseOf(page, 'POST', /^\/course\/schedule\/lesson\/\d+\/file-manager$/, () => page.getByTestId('save-lesson').click());
  expect((await attached.json()).data).toMatchObject({ lesson_type: 'image', has_file: true, file_name: 'pressure-figure.png' });
  await expect(section.getByTestId('syllabus-lesson')).toHaveCount(2);
  await shot(page, 'course-authoring-syllabus');

  // A batch with open enrolment.
  await page.getByTestId('tab-batches').click();
  await page.waitForURL(`**/course/edit/${course.id}/batches`);
  await page.getByTestId('create-batch').click();
  await page.locator('#batch-name_bn').fill(BATCH_BN);
  await page.locator('#batch-name').fill(BATCH_EN);
  await expect(page.getByRole('radio', { name: /Open enrolment/ })).toBeChecked();
  const batchRes = await responseOf(page, 'POST', '/course/batch/create', () => page.getByTestId('save-batch').click());
  const batch = (await batchRes.json()).data as { id: number; let_enroll: number; published: boolean };
  expect(batch.let_enroll).toBe(1);
  const row = page.locator(`[data-testid="batch-row"][data-batch-id="${batch.id}"]`);
  await expect(row.getByTestId('batch-name')).toHaveText(BATCH_EN);

  // Publish the batch, then the course.
  const publishBatch = page.getByLabel(`Publish batch ${BATCH_EN}`);
  await expect(publishBatch).not.toBeChecked();
  const batchPub = await responseOf(page, 'PUT', '/course/batch/update-publish-feature', () => publishBatch.click());
  expect((await batchPub.json()).data.published).toBe(true);
  await expect(publishBatch).toBeChecked();

  const coursePub = await responseOf(page, 'PUT', '/course/update-publish-feature', () => page.getByTestId('publish-course').click());
  expect((await coursePub.json()).data.published).toBe(true);
  await expect(page.getByTestId('publish-course')).toBeChecked();
  await shot(page, 'course-authoring-batches');

  // The list shows it first (newest first), published, with its one lesson.
  await page.goto(`${site()}/course`);
  const first = page.getByTestId('course-card').first();
  await expect(first).toHaveAttribute('data-course-id', String(course.id));
  await expect(first.getByTestId('course-title')).toHaveText(TITLE_BN);
  await expect(first.getByTestId('course-published')).toHaveAttribute('data-published', 'true');
  await expect(first).toContainText('2 lessons');
  await shot(page, 'course-authoring-list');
});
