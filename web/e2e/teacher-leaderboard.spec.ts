// A teacher proves who they are, and learners see where they stand. A new account on `dhaka`, in
// Bangla on a 360 px phone, verifies a teacher ID against the local registry
// (E2E_REGISTRY_URL, infra/registry/teachers.py; a roster entry of its own on every run): a wrong
// birth date first (state 0), then the right one (state 1), the code texted to the phone the
// registry holds (E2E_SMS_URL), consent, and the verified card. Another new account enrols in the
// demo's course for verified teachers: refused, verified in the dialog that opens, and enrolled by
// its Continue. Then the demo learner opens the leaderboard: her card, her row on this site's
// board, and the platform's board.
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, expectFitsWidth, partnerURL, shot } from './helpers';
import { LEARNER, call, signInOn } from './seed';

const site = partnerURL('dhaka');
const smsAPI = process.env.E2E_SMS_URL || 'http://127.0.0.1:8040';
const registryAPI = process.env.E2E_REGISTRY_URL || 'http://127.0.0.1:8070';

async function newest<T>(page: Page, what: string, read: () => Promise<T | undefined>): Promise<T> {
  let found: T | undefined;
  await expect.poll(async () => !!(found = await read()), { message: what, timeout: 30_000 }).toBe(true);
  return found!;
}

test('a teacher is verified through the registry with the code texted to the phone it holds, in Bangla on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const stamp = Date.now();
  const pdsid = String(stamp).slice(-9);
  const msisdn = `88016${String(stamp).slice(-8)}`;
  const added = await page.request.post(`${registryAPI}/roster`, {
    data: { registry: 'dshe', id_type: 'pds', id: pdsid, date_of_birth: '07/02/1985', Name: 'Shirin Sultana', Designation: 'Assistant Teacher',
            InstituteName: 'Sylhet Government Pilot High School', Subject: 'Biology', Mobile: msisdn },
  });
  expect(added.ok()).toBe(true);
  await page.goto(`${site}/`);
  await chooseLanguage(page, 'bn');
  const email = `shirin-${stamp}@example.com`;
  const registered = await call(page, 'POST', '/my-account/user/register', { name: 'Shirin Sultana', email, password: 'shapla-nodi-2026' }, { lang: '2' });
  expect(registered.status, registered.text).toBe(201);
  await page.evaluate((t) => localStorage.setItem('token', t), (registered.json?.data as { token: string }).token);

  await page.goto(`${site}/profile/myprofile`);
  await page.getByTestId('teacher-verify-open').click();
  const dialog = page.getByTestId('teacher-verification-dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator('#teacher-verification-pdsid').fill(pdsid);
  await dialog.locator('#teacher-verification-date-of-birth').fill('০৮/০২/১৯৮৫');
  await dialog.getByTestId('teacher-lookup').click();
  await expect(dialog.getByTestId('teacher-not-found')).toBeVisible();
  await dialog.getByTestId('teacher-try-again').click();

  await dialog.locator('#teacher-verification-pdsid').fill(pdsid);
  await dialog.locator('#teacher-verification-date-of-birth').fill('07/02/1985');
  await dialog.getByTestId('teacher-lookup').click();
  await expect(dialog.getByTestId('teacher-details')).toContainText('Sylhet Government Pilot High School');
  await expectFitsWidth(page);
  await shot(page, 'teacher-verification-found-bn-360');
  const text = await newest(page, `a text to ${msisdn}`, async () => {
    const texts = (await (await page.request.get(`${smsAPI}/messages?msisdn=${msisdn}`)).json()) as { sms_body: string }[];
    return texts.pop();
  });
  const code = text.sms_body.match(/\b\d{6}\b/)?.[0];
  expect(code, text.sms_body).toBeTruthy();
  await dialog.getByTestId('teacher-otp').fill(code!);
  await expect(dialog.getByTestId('teacher-continue')).toBeDisabled();
  await dialog.locator('#teacher-verification-agree').check();
  await dialog.getByTestId('teacher-continue').click();
  // The dialog closes with a notice; the profile shows the registry's record.
  await expect(dialog).toBeHidden();
  const card = page.getByTestId('teacher-verification-card');
  await expect(card.getByTestId('teacher-verified-details')).toContainText('Biology');
  await expect(card.getByTestId('teacher-verified')).toBeVisible();
  await shot(page, 'teacher-verified-bn-360');
});

test('a new account enrols in a course for verified teachers through the verification, in Bangla on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const stamp = Date.now();
  const pdsid = String(stamp + 7).slice(-9);
  const msisdn = `88015${String(stamp).slice(-8)}`;
  const added = await page.request.post(`${registryAPI}/roster`, {
    data: { registry: 'dshe', id_type: 'pds', id: pdsid, date_of_birth: '11/09/1988', Name: 'Nasrin Akter', Designation: 'Senior Teacher',
            InstituteName: 'Dhaka Residential Model College', Subject: 'ICT', Mobile: msisdn },
  });
  expect(added.ok()).toBe(true);
  await page.goto(`${site}/`);
  await chooseLanguage(page, 'bn');
  const registered = await call(page, 'POST', '/my-account/user/register', { name: 'Nasrin Akter', email: `nasrin-${stamp}@example.com`, password: 'shapla-nodi-2026' }, { lang: '2' });
  expect(registered.status, registered.text).toBe(201);
  await page.evaluate((t) => localStorage.setItem('token', t), (registered.json?.data as { token: string }).token);
  const found = await call(page, 'GET', `/learner-course/course-search-solr?search=${encodeURIComponent('Teaching with Digital Tools')}`);
  const course = (found.json?.data as { uuid: string; title: string }[]).find((c) => c.title === 'Teaching with Digital Tools');
  expect(course, found.text).toBeTruthy();

  await page.goto(`${site}/course/details/${course!.uuid}`);
  const card = page.getByTestId('enrol-card');
  await expect(card.getByTestId('teachers-only')).toBeVisible();
  await card.getByTestId('enrol-button').click();
  const dialog = page.getByTestId('teacher-verification-dialog');
  await expect(dialog).toBeVisible();
  await dialog.locator('#teacher-verification-pdsid').fill(pdsid);
  await dialog.locator('#teacher-verification-date-of-birth').fill('11/09/1988');
  await dialog.getByTestId('teacher-lookup').click();
  await expect(dialog.getByTestId('teacher-details')).toContainText('Dhaka Residential Model College');
  const text = await newest(page, `a text to ${msisdn}`, async () => {
    const texts = (await (await page.request.get(`${smsAPI}/messages?msisdn=${msisdn}`)).json()) as { sms_body: string }[];
    return texts.pop();
  });
  await dialog.getByTestId('teacher-otp').fill(text.sms_body.match(/\b\d{6}\b/)![0]);
  await dialog.locator('#teacher-verification-agree').check();
  await dialog.getByTestId('teacher-continue').click();
  // Verified: Continue goes on with the enrolment that was refused, and the dialog closes.
  await dialog.getByTestId('teacher-continue-enrol').click();
  await expect(dialog).toBeHidden();
  await expect(card.getByTestId('continue-learning')).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'teachers-only-enrolled-bn-360');
});

test('a learner finds her points, badges and place on the leaderboard', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${site}/`);
  await chooseLanguage(page, 'bn');
  await signInOn(page, site, LEARNER);
  await page.goto(`${site}/leaderboard?period=all_time`);
  await expect(page.getByTestId('gamification-card')).toBeVisible();
  const mine = page.getByTestId('board-me');
  await expect(mine).toBeVisible();
  await expect(page.getByTestId('board-row').first()).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'leaderboard-bn-360');
  await page.goto(`${site}/leaderboard?period=all_time&scope=all`);
  await expect(page.getByTestId('board-me')).toBeVisible();
});
