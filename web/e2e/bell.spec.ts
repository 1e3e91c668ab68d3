// The bell (issue 13), in Bangla on Dhaka's site: the demo learner has the site open when the
// demo teacher approves their enrolment in a batch that needs approval; without a reload the
// bell's count rises by one (Bangla digits), the panel names the course in Bangla, and opening
// the notification marks it read (the count falls back) and goes to the course's page.
import { expect, test, type Page } from '@playwright/test';
import { catalogue, chooseLanguage, expectFitsWidth, partnerURL, shot } from './helpers';
import { LEARNER, authorHeaders, call, seedCourse, signInOn } from './seed';

const bn = catalogue('bn');
const SLUG = 'dhaka';
const bnDigits = (n: number) => n.toLocaleString('bn-BD', { useGrouping: false });

/** The signed-in page's token and role headers, as the web app keeps them. */
async function learnerHeaders(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token, 'signed in').toBeTruthy();
  return { roleid: SLUG, Authorization: `Bearer ${token}` };
}

async function unread(page: Page, headers: Record<string, string>): Promise<number> {
  const r = await call(page, 'GET', '/my-account/notifications/unread', undefined, headers);
  expect(r.status, r.text).toBe(200);
  return (r.json?.data as { unread: number }).unread;
}

test('a learner sees the bell count rise when the teacher approves their enrolment', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const course = await seedCourse(browser, 'bn', { approval: true });

  await signInOn(page, partnerURL(SLUG), LEARNER);
  await chooseLanguage(page, 'bn');
  const learner = await learnerHeaders(page);
  // Earlier runs leave the demo learner's notifications: start from none unread.
  expect((await call(page, 'PUT', '/my-account/notifications/read-all', undefined, learner)).status).toBe(204);
  await page.reload();
  const bell = page.getByRole('banner').getByTestId('bell');
  await expect(bell).toBeVisible();
  await expect(bell.getByTestId('bell-count')).toHaveCount(0);
  await expect(bell).toHaveAttribute('aria-label', bn['notifications:bell']);

  const enrol = await call(page, 'POST', '/learner-course/course-enrollment', { batch_id: course.batchId }, learner);
  expect(enrol.status, enrol.text).toBe(201);
  const enrollment = (enrol.json?.data as { enrollment_id: number; status: string });
  expect(enrollment.status).toBe('pending');

  // The teacher approves, from their own browser.
  const teacherContext = await browser.newContext();
  const teacherPage = await teacherContext.newPage();
  await teacherPage.goto(partnerURL(SLUG));
  const teacher = await authorHeaders(teacherPage, SLUG);
  const approved = await call(teacherPage, 'PUT', `/course/batch/approve_enroll/${enrollment.enrollment_id}`, {}, teacher);
  expect(approved.status, approved.text).toBe(200);
  await teacherContext.close();

  // The learner's page was not reloaded: the count arrives over the stream.
  await expect(bell.getByTestId('bell-count')).toHaveText(bnDigits(1));
  expect(await unread(page, learner)).toBe(1);
  await shot(page, 'bell-count-bn');

  await bell.click();
  const panel = page.getByTestId('bell-panel');
  await expect(panel).toBeVisible();
  const item = panel.getByTestId('bell-item').first();
  await expect(item).toHaveAttribute('data-read', 'false');
  await expect(item).toContainText(bn['notifications:kinds.enrolment_approved'].replace('{{course}}', course.titleBn));
  await shot(page, 'bell-panel-bn', { settled: true });
  await item.click();
  await page.waitForURL(`**/course/details/${course.uuid}`);
  await expect(bell.getByTestId('bell-count')).toHaveCount(0);
  await expect.poll(() => unread(page, learner)).toBe(0);

  // On a phone the panel fits the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  await bell.click();
  await expect(page.getByTestId('bell-panel')).toBeVisible();
  await expect(page.getByTestId('bell-panel').getByTestId('bell-item').first()).toHaveAttribute('data-read', 'true');
  await expectFitsWidth(page);
  await shot(page, 'bell-panel-bn-360', { settled: true });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('bell-panel')).toBeHidden();
});
