import { readFileSync } from 'node:fs';
// A learner's way through a course on a partner site, once in Bangla and once in English:
// (1) the demo teacher of `dhaka` creates and publishes a course through the authoring API
//     (a section, two manual lessons, an open batch);
// (2) a new learner signs up on the partner site, finds the course from the header search,
//     opens it, enrols, completes both lessons in order and downloads the certificate (a PDF);
// (3) a signed-out visitor verifies the tracking code on /certificate/check.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseLanguage, partnerURL, shot } from './helpers';
import { seedCourse, stampNow, type SeededCourse } from './seed';

const PARTNER = 'dhaka';
const LEARNER_PASSWORD = 'e2e-pass-2026';

/** A new learner signs up through the partner site's registration page. */
async function signUp(page: Page, lang: 'bn' | 'en') {
  const stamp = stampNow();
  const name = `E2E Learner ${stamp}`;
  await page.goto(`${partnerURL(PARTNER)}/registration`);
  await chooseLanguage(page, lang);
  await page.locator('#name').fill(name);
  await page.locator('#email').fill(`learner-${stamp}@example.com`);
  await page.locator('#password').fill(LEARNER_PASSWORD);
  await page.getByTestId('registration-form').locator('button[type="submit"]').click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('my-courses')).toBeVisible();
  return name;
}

/**
 * Type into the header search until a suggestion for the course shows (the search index may take a
 * moment to see a new course).
 */
async function typeInHeaderSearch(page: Page, text: string, uuid: string) {
  const input = page.getByTestId('header-search').getByTestId('header-search-input');
  const suggestion = page.locator(`[data-testid="search-suggestion"][href$="/course/details/${uuid}"]`);
  for (let attempt = 0; attempt < 10; attempt++) {
    await input.fill('');
    await input.pressSequentially(text, { delay: 30 });
    try {
      await expect(suggestion).toBeVisible({ timeout: 4_000 });
      return suggestion;
    } catch {
      await page.keyboard.press('Escape');
      await page.waitForTimeout(1_500);
    }
  }
  await expect(suggestion).toBeVisible();
  return suggestion;
}

/** Enrol from the course page, complete both lessons in order, download the certificate. */
async function learn(page: Page, course: SeededCourse, lang: 'bn' | 'en'): Promise<string> {
  const tag = `journey-${lang}`;
  await expect(page.getByTestId('course-title')).toHaveText(lang === 'bn' ? course.titleBn : course.title);
  await expect(page.getByTestId('syllabus-section')).toHaveCount(1);
  await shot(page, `${tag}-details`);
  const enrol = page.getByTestId('enrol-button');
  await expect(enrol).toBeEnabled();
  await enrol.click();
  const cont = page.getByTestId('continue-learning');
  await expect(cont).toBeVisible();
  await cont.click();
  await page.waitForURL(new RegExp(`/course/journey/${course.uuid}\\?lesson=${course.lessons[0].id}$`));

  // The second lesson is locked until the first one is complete.
  await expect(page.locator(`[data-testid="lesson-item"][data-lesson-id="${course.lessons[1].id}"]`)).toHaveAttribute('data-state', 'locked');
  await expect(page.getByTestId('lesson-title')).toHaveText(lang === 'bn' ? course.lessons[0].titleBn : course.lessons[0].title);
  await expect(page.getByTestId('lesson-body')).toContainText(course.lessons[0].text);
  await shot(page, `${tag}-lesson-1`);
  await page.getByTestId('complete-lesson').click();

  await page.waitForURL(new RegExp(`/course/journey/${course.uuid}\\?lesson=${course.lessons[1].id}$`));
  await expect(page.getByTestId('lesson-body')).toContainText(course.lessons[1].text);
  await expect(page.locator(`[data-testid="lesson-item"][data-lesson-id="${course.lessons[0].id}"]`)).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('journey-progress')).toHaveAttribute('data-percent', '50');
  await page.getByTestId('complete-lesson').click();

  await expect(page.getByTestId('completion-panel')).toBeVisible();
  await expect(page.getByTestId('journey-progress')).toHaveAttribute('data-percent', '100');
  await expect(page.getByTestId('certificate-status')).toHaveAttribute('data-status', 'issued');
  const code = (await page.getByTestId('tracking-code').innerText()).trim();
  expect(code).not.toBe('');
  await shot(page, `${tag}-finished`);

  const [pdf, download] = await Promise.all([
    page.waitForResponse((r) => r.url().includes('/learner-course/certificate-pdf/')),
    page.waitForEvent('download'),
    page.getByTestId('download-certificate').click(),
  ]);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  // The saved file, not the intercepted response: the app reads the body itself (as a blob).
  const saved = await download.path();
  expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  return code;
}

/** A signed-out visitor checks the tracking code on the main site. */
async function verifySignedOut(browser: Browser, code: string, course: SeededCourse, holder: string, lang: 'bn' | 'en') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/certificate/check');
  await chooseLanguage(page, lang);
  await page.getByTestId('tracking-code-input').fill(code);
  await page.getByTestId('certificate-check-submit').click();
  await page.waitForURL(`**/certificate/check/${encodeURIComponent(code)}`);
  const card = page.getByTestId('certificate-card');
  await expect(card).toHaveAttribute('data-status', 'issued');
  await expect(page.getByTestId('certificate-valid')).toBeVisible();
  await expect(page.getByTestId('certificate-holder')).toHaveText(holder);
  await expect(page.getByTestId('certificate-course')).toHaveText(lang === 'bn' ? course.titleBn : course.title);
  await expect(page.getByTestId('certificate-code')).toHaveText(code);
  await shot(page, `certificate-check-${lang}`);

  await page.goto(`/certificate/check/NO-SUCH-${Date.now()}`);
  await expect(page.getByTestId('certificate-not-found')).toBeVisible();
  await context.close();
}

test('a learner finds a course in Bangla, completes it and verifies the certificate', async ({ browser }) => {
  const course = await seedCourse(browser, 'bn');
  const context = await browser.newContext();
  const page = await context.newPage();
  const holder = await signUp(page, 'bn');

  // Header search on the partner site: Bangla text, suggestion opens the course page.
  await page.goto(partnerURL(PARTNER));
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  // Signed in, the home page starts with courses recommended to the learner.
  await expect(page.locator('#home-row-recommended')).toHaveText('আপনার জন্য প্রস্তাবিত');
  await expect(page.getByTestId('course-row-recommended').getByTestId('course-card').first()).toBeVisible();
  const suggestion = await typeInHeaderSearch(page, course.titleBn, course.uuid);
  await shot(page, 'journey-bn-suggestions');
  await suggestion.click();
  await page.waitForURL(`**/course/details/${course.uuid}`);
  await expect(page.getByTestId('search-suggestions')).toHaveCount(0);

  const code = await learn(page, course, 'bn');

  // The certificate and the course are listed for the learner.
  await page.goto(`${partnerURL(PARTNER)}/certificate/list`);
  await expect(page.locator(`[data-testid="certificate-item"][data-code="${code}"]`)).toBeVisible();
  await page.goto(`${partnerURL(PARTNER)}/dashboard`);
  await expect(page.locator(`[data-testid="my-course"][data-uuid="${course.uuid}"]`)).toBeVisible();
  await context.close();

  await verifySignedOut(browser, code, course, holder, 'bn');
});

test('a learner finds a course in English, completes it and verifies the certificate', async ({ browser }) => {
  const course = await seedCourse(browser, 'en');
  const context = await browser.newContext();
  const page = await context.newPage();
  const holder = await signUp(page, 'en');

  // Header search: the English title; Enter opens the search page, the card opens the course.
  await page.goto(partnerURL(PARTNER));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await typeInHeaderSearch(page, course.title, course.uuid);
  await page.getByTestId('header-search').getByTestId('header-search-input').press('Enter');
  await page.waitForURL(/\/search\/lists\?search=/);
  // Scoped to the results: until the lazy search page renders, the home page's rows show the card too.
  const card = page.getByTestId('search-results').locator(`[data-testid="course-card"][data-uuid="${course.uuid}"]`);
  await expect(card).toBeVisible();
  await expect(card.getByTestId('course-card-title')).toHaveText(course.title);
  await shot(page, 'journey-en-search');
  await card.getByRole('link').click();
  await page.waitForURL(`**/course/details/${course.uuid}`);

  const code = await learn(page, course, 'en');

  // The instructor's name on the course page leads to their profile, which lists this course.
  await page.goto(`${partnerURL(PARTNER)}/course/details/${course.uuid}`);
  await page.getByTestId('course-instructor').click();
  await page.waitForURL(/\/instructor\/\d+$/);
  await expect(page.getByTestId('instructor-courses').locator(`[data-testid="course-card"][data-uuid="${course.uuid}"]`)).toBeVisible();
  await shot(page, 'journey-en-instructor');
  await context.close();

  await verifySignedOut(browser, code, course, holder, 'en');
});
