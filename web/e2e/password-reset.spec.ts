// A forgotten password on the partner site `dhaka`, in Bangla on a 360 px phone: a fresh learner
// (registered by this spec, so nobody else's password changes and every run starts clean) follows
// "forgot password?" from the login page, asks for a link, reads the mail the platform sent through
// SMTP to MailDev (infra/test starts it; E2E_MAIL_URL is its REST API), opens the link, is refused
// a common password, chooses a good one, lands signed in on the dashboard, and can sign in with the
// new password only. The link then no longer works.
import { expect, test } from '@playwright/test';
import { catalogue, chooseLanguage, expectFitsWidth, partnerURL, resetMailTo, shot } from './helpers';
import { call } from './seed';

const site = partnerURL('dhaka');
const bn = catalogue('bn');

test('a learner resets a forgotten password from the mailed link, in Bangla on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const email = `reset-${Date.now()}@example.com`;
  await page.goto(`${site}/`);
  const registered = await call(page, 'POST', '/my-account/user/register', { name: 'Nabila Reset', email, password: 'first-pass-2026' });
  expect(registered.status, registered.text).toBe(201);
  await page.evaluate(() => localStorage.removeItem('token'));

  await page.goto(`${site}/login`);
  await chooseLanguage(page, 'bn');
  await page.locator('#email').fill(email);
  await page.getByTestId('login-forgot-password').click();
  await page.waitForURL('**/forgot-password**');
  await expect(page.getByRole('heading', { name: bn['auth:forgot.title'] })).toBeVisible();
  await expect(page.locator('#email')).toHaveValue(email);
  await page.getByTestId('forgot-submit').click();
  await expect(page.getByRole('heading', { name: bn['auth:forgot.sent_title'] })).toBeVisible();
  await expect(page.getByTestId('reset-link-sent')).toContainText(email);
  await expectFitsWidth(page);
  await shot(page, 'password-reset-sent-bn-360');

  const mail = await resetMailTo(page, email);
  expect(mail.subject).toContain('পাসওয়ার্ড রিসেট করুন');
  const link = mail.text.match(/https?:\/\/\S+\/password-reset\?token=\S+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  expect(new URL(link!).origin, 'the link leads back to the site it was asked on').toBe(site);

  await page.goto(link!);
  const form = page.getByTestId('reset-form');
  await expect(page.getByText('r***@example.com', { exact: false })).toBeVisible();
  await page.locator('#password').fill('password1');
  await page.locator('#password_confirmation').fill('password1');
  await page.getByTestId('reset-submit').click();
  await expect(form).toContainText('প্রচলিত');
  await expectFitsWidth(page);
  await shot(page, 'password-reset-common-bn-360');

  await page.locator('#password').fill('nodir-dhare-2026');
  await page.locator('#password_confirmation').fill('nodir-dhare-2026');
  await page.locator('#password_confirmation').press('Enter');
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('welcome-card')).toBeVisible();
  await expect(page.getByText(bn['auth:reset.done_title'])).toBeVisible();
  await shot(page, 'password-reset-done-bn-360');

  const oldPassword = await call(page, 'POST', '/my-account/user/login', { email, password: 'first-pass-2026' });
  expect(oldPassword.status).toBe(401);
  const newPassword = await call(page, 'POST', '/my-account/user/login', { email, password: 'nodir-dhare-2026' });
  expect(newPassword.status, newPassword.text).toBe(200);

  // Spent: the link now says so and offers a new one.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: bn['auth:reset.invalid_title'] })).toBeVisible();
  await expect(page.getByTestId('reset-link-invalid').getByTestId('reset-new-link')).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'password-reset-spent-bn-360');
});
