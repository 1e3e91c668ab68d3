// (10) A first impression worth keeping, on the dhaka partner site:
// - a guest who logs in (or signs up) to enrol comes back to the course page, and a crafted
//   ?redirect= to another site is ignored;
// - a learner never sees the authoring menus, and /course shows the forbidden page;
// - the Bangla course-create stepper counts ১ ২ ৩ ৪, and the "give a title" error clears as soon as
//   an English title is typed;
// - English plurals on the course page ("1 lesson", "2 lessons");
// - a video lesson whose player cannot load (no internet here) offers "Open on YouTube";
// - the teacher's dashboard shows the site's courses and the work waiting for approval;
// - the EN/BN switch sits in the 360 px header.
import { expect, test, type Page } from '@playwright/test';
import { catalogue, chooseLanguage, partnerURL, shot, expectFitsWidth } from './helpers';
import { call, LEARNER, seedCourse, signInOn, stampNow, TEACHER, type SeededCourse } from './seed';

const SLUG = 'dhaka';
const site = () => partnerURL(SLUG);
const en = catalogue('en');
const bn = catalogue('bn');
const VIDEO_URL = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** Two sections (two manual lessons, then one video lesson), open enrolment, any order. */
async function seedPluralCourse(browser: import('@playwright/test').Browser): Promise<SeededCourse> {
  const stamp = stampNow();
  return seedCourse(browser, 'en', {
    enforceOrder: false,
    sections: [
      {
        title: `Letters ${stamp}`,
        titleBn: `বর্ণ ${stamp}`,
        lessons: [
          { title: `Vowels ${stamp}`, titleBn: `স্বরবর্ণ ${stamp}`, text: `Vowel lesson ${stamp}` },
          { title: `Consonants ${stamp}`, titleBn: `ব্যঞ্জনবর্ণ ${stamp}`, text: `Consonant lesson ${stamp}` },
        ],
      },
      {
        title: `Watch ${stamp}`,
        titleBn: `দেখুন ${stamp}`,
        lessons: [{ title: `A video ${stamp}`, titleBn: `একটি ভিডিও ${stamp}`, text: `Video lesson ${stamp}`, videoUrl: VIDEO_URL }],
      },
    ],
  });
}

async function fillLogin(page: Page, who: { email: string; password: string }) {
  await page.locator('#email').fill(who.email);
  await page.locator('#password').fill(who.password);
  await page.getByTestId('login-submit').click();
}

/** The demo teacher, signed in on dhaka, working as its teacher. */
async function signInAsTeacher(page: Page) {
  await signInOn(page, site(), TEACHER);
  const teacher = page.getByTestId('role-option').filter({ hasText: /Teacher|শিক্ষক/ });
  await expect(teacher).toBeVisible();
  const switchButton = teacher.getByRole('button');
  if (await switchButton.count()) {
    await switchButton.click();
    // The current role has a chip instead of a switch button.
    await expect(teacher.getByRole('button')).toHaveCount(0);
  }
}

test.describe('coming back after signing in', () => {
  test('a guest logs in to enrol and lands back on the course page', async ({ browser, page }) => {
    const course = await seedCourse(browser, 'en');
    const coursePath = `/course/details/${course.uuid}`;
    await page.goto(`${site()}${coursePath}`);
    await chooseLanguage(page, 'en');
    await expect(page.getByTestId('course-title')).toHaveText(course.title);
    await page.getByTestId('enrol-login').click();
    await page.waitForURL('**/login');
    await fillLogin(page, LEARNER);
    await page.waitForURL(`**${coursePath}`);
    await expect(page.getByTestId('course-details-page')).toHaveAttribute('data-uuid', course.uuid);
    // Signed in now: the enrol button replaces "log in to enrol".
    await expect(page.getByTestId('enrol-login')).toHaveCount(0);
    await expect(page.getByTestId('enrol-button').or(page.getByTestId('continue-learning'))).toBeVisible();
    await shot(page, 'return-after-login');
  });

  test('a guest signs up from the header and comes back; other sites are never a target', async ({ browser, page }) => {
    const course = await seedCourse(browser, 'en');
    const coursePath = `/course/details/${course.uuid}`;
    await page.goto(`${site()}${coursePath}`);
    await chooseLanguage(page, 'en');
    await expect(page.getByTestId('login-button')).toHaveAttribute('href', `/login?redirect=${encodeURIComponent(coursePath)}`);
    await page.getByTestId('signup-button').click();
    await page.waitForURL(`**/registration?redirect=${encodeURIComponent(coursePath)}`);
    const stamp = stampNow();
    await page.locator('#name').fill(`E2E Guest ${stamp}`);
    await page.locator('#email').fill(`guest-${stamp}@example.com`);
    await page.locator('#password').fill('e2e-pass-2026');
    await page.getByTestId('registration-form').locator('button[type="submit"]').click();
    await page.waitForURL(`**${coursePath}`);
    await expect(page.getByTestId('course-title')).toHaveText(course.title);

    // A signed-in visitor sent to /login with a target goes straight there; a foreign one is dropped.
    await page.goto(`${site()}/login?redirect=${encodeURIComponent('/search/lists')}`);
    await page.waitForURL('**/search/lists');
    await page.goto(`${site()}/logout`);
    await page.waitForURL(`${site()}/`);
    for (const evil of ['//evil.example/', '/\\evil.example/', 'https://evil.example/']) {
      await page.goto(`${site()}/login?redirect=${encodeURIComponent(evil)}`);
      await fillLogin(page, LEARNER);
      await page.waitForURL(`${site()}/dashboard`);
      await page.goto(`${site()}/logout`);
      await page.waitForURL(`${site()}/`);
    }
  });
});

test('a learner never sees the authoring menus and /course is forbidden', async ({ page }) => {
  await signInOn(page, site(), LEARNER);
  await chooseLanguage(page, 'en');
  await expect(page.getByTestId('current-role')).toContainText('Learner');
  const nav = page.getByTestId('side-nav');
  await expect(nav.locator('a[href="/certificate/list"]')).toBeVisible();
  await expect(nav.locator('a[href="/course"], a[href="/course/template/certificate"], a[href="/course/create"]')).toHaveCount(0);
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu-certificates')).toBeVisible();
  await expect(page.getByTestId('user-menu-course')).toHaveCount(0);
  await page.keyboard.press('Escape');

  for (const path of ['/course', '/course/create', '/course/edit/1', '/course/template/certificate', '/settings/profile', '/partners/list']) {
    await page.goto(`${site()}${path}`);
    await expect(page.getByTestId('forbidden-page'), path).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(en['errors:forbidden_page.title']);
    await expect(page.getByTestId('create-course-link')).toHaveCount(0);
  }
  await shot(page, 'forbidden-en');
  await chooseLanguage(page, 'bn');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(bn['errors:forbidden_page.title']);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectFitsWidth(page);
  await shot(page, 'forbidden-bn-360');
  // The viewport change swaps the layout for the phone one a moment later, which can take a
  // click made during the swap: click again until the link leads on.
  await expect(async () => {
    await page.getByTestId('forbidden-to-dashboard').click();
    await page.waitForURL('**/dashboard', { timeout: 3000 });
  }).toPass();
  await expect(page.getByTestId('my-courses')).toBeVisible();
});

test('the Bangla course form counts its steps in Bangla digits and clears the title error', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsTeacher(page);
  await chooseLanguage(page, 'bn');
  await page.goto(`${site()}/course/create`);
  const icons = page.getByTestId('course-stepper').locator('.MuiStepIcon-text');
  await expect(icons).toHaveText(['১', '২', '৩', '৪']);
  await shot(page, 'course-create-bn-stepper-360');
  await page.getByTestId('step-next').click();
  const helper = page.locator('#course-title-bn-helper-text');
  await expect(helper).toHaveText(bn['courses:form.title_required']);
  await expect(page.locator('#course-title-bn')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'course-create-bn-error-360');
  await page.locator('#course-title').fill('Python for everyone');
  await expect(helper).toHaveText(bn['courses:form.title_hint']);
  await expect(page.locator('#course-title-bn')).toHaveAttribute('aria-invalid', 'false');
  await expectFitsWidth(page);
  await shot(page, 'course-create-bn-360');
});

test.describe('a course with a video lesson', () => {
  test.describe.configure({ mode: 'serial' });
  let course: SeededCourse;
  test.beforeAll(async ({ browser }) => {
    course = await seedPluralCourse(browser);
  });

  test('the course page says "1 lesson" and "2 lessons" in English, ১টি পাঠ in Bangla', async ({ page }) => {
    await page.goto(`${site()}/course/details/${course.uuid}`);
    await chooseLanguage(page, 'en');
    await expect(page.getByTestId('syllabus-summary')).toHaveText(/^2 sections · 3 lessons( · |$)/);
    const counts = page.getByTestId('syllabus-section-lessons');
    await expect(counts.nth(0)).toHaveText(/^2 lessons( · |$)/);
    await expect(counts.nth(1)).toHaveText(/^1 lesson( · |$)/);
    await shot(page, 'plurals-en');
    await chooseLanguage(page, 'bn');
    await expect(page.getByTestId('syllabus-summary')).toHaveText(/^২টি অধ্যায় · ৩টি পাঠ/);
    await expect(counts.nth(1)).toHaveText(/^১টি পাঠ/);
  });

  test('a video that cannot load offers to open it on YouTube', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signInOn(page, site(), LEARNER);
    await chooseLanguage(page, 'en');
    await page.goto(`${site()}/course/details/${course.uuid}`);
    await page.getByTestId('enrol-button').click();
    await expect(page.getByTestId('continue-learning')).toBeVisible();
    const video = course.lessons.find((l) => l.videoUrl)!;
    await page.goto(`${site()}/course/journey/${course.uuid}?lesson=${video.id}`);
    const player = page.getByTestId('lesson-video-player');
    await expect(player.getByTestId('lesson-video-embed')).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?enablejsapi=1/);
    // No internet on the test machine: the player never says it is ready.
    await expect(player.getByTestId('video-unavailable')).toBeVisible({ timeout: 20_000 });
    await expect(player.getByTestId('lesson-video-embed')).toHaveCount(0);
    await expect(player.getByTestId('video-unavailable')).toContainText(en['learn:video.unavailable_title']);
    await expect(player.getByTestId('video-unavailable-link')).toHaveAttribute('href', VIDEO_URL);
    await expect(player.getByTestId('lesson-video-link')).toHaveText(en['learn:video.open_youtube']);
    await shot(page, 'video-unavailable-en-360');
    await chooseLanguage(page, 'bn');
    await expect(player.getByTestId('video-unavailable-link')).toHaveText(bn['learn:video.open_youtube']);
    await shot(page, 'video-unavailable-bn-360');
  });
});

test("the teacher's dashboard shows the site's courses and the work waiting", async ({ browser, page }) => {
  const course = await seedCourse(browser, 'en', { approval: true });
  // The demo learner asks to join the approval batch.
  await page.goto(site());
  const login = await call(page, 'POST', '/my-account/user/login', LEARNER, { roleid: SLUG });
  const token = (login.json?.data as { token: string }).token;
  const enrol = await call(page, 'POST', '/learner-course/course-enrollment', { batch_id: course.batchId }, { roleid: SLUG, Authorization: `Bearer ${token}` });
  expect(enrol.status, enrol.text).toBe(201);
  const enrollmentId = (enrol.json?.data as { enrollment_id: number }).enrollment_id;

  await signInAsTeacher(page);
  await chooseLanguage(page, 'en');
  const courses = page.getByTestId('teaching-courses');
  const row = courses.locator(`[data-testid="teaching-course"][data-course-id="${course.id}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('teaching-course-status')).toHaveAttribute('data-published', 'true');
  await expect(row).toContainText('2 lessons');
  await expect(row.getByTestId('teaching-course-edit')).toHaveAttribute('href', `/course/edit/${course.id}`);
  await expect(page.getByTestId(`shortcut-/course/create`)).toBeVisible();

  const pending = page.getByTestId('pending-tasks');
  await expect(pending).toBeVisible();
  // Until the server has the call, its path answers 404 or the app's HTML page.
  const served = await page.evaluate(async () => {
    const res = await fetch('/api/v3/dashboard/pending-task');
    return res.status !== 404 && !!res.headers.get('content-type')?.includes('json');
  });
  if (!served) {
    // The section says it cannot show the work; the rest of the dashboard stands.
    await expect(pending.getByTestId('error-state')).toContainText(en['dashboard:pending.error']);
    await expect(pending.getByRole('button', { name: en['common:actions.retry'] })).toBeVisible();
  } else {
    const request = pending.locator(`[data-testid="pending-enrolment"][data-enrollment-id="${enrollmentId}"]`);
    await expect(request).toBeVisible();
    await shot(page, 'teacher-dashboard-pending');
    await request.getByTestId('pending-enrolment-approve').click();
    await expect(request).toHaveCount(0);
  }
  await shot(page, 'teacher-dashboard-en');
  await chooseLanguage(page, 'bn');
  await expect(courses).toContainText(bn['dashboard:teaching.title']);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectFitsWidth(page);
  await shot(page, 'teacher-dashboard-bn-360');
});

test('the language switch is in the 360 px header and works by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(site());
  await chooseLanguage(page, 'bn');
  const toggle = page.getByRole('banner').getByTestId('lang-switch');
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-label', bn['common:lang.switch_en']);
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(toggle).toHaveAttribute('aria-label', en['common:lang.switch_bn']);
  await expectFitsWidth(page);
  await shot(page, 'header-360-en');
  // The switch keeps the keyboard focus: Enter again goes back.
  await expect(toggle).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveAttribute('lang', 'bn');
  await shot(page, 'header-360-bn');
});
