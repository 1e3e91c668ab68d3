// Accounts on one device (switch-account), in Bangla on a 360 px phone, on the partner site `dhaka`:
// the demo learner is signed in; the demo teacher adds his account from the account menu without
// signing her out; the menu then lists her, and the keyboard hands the phone back to her; "sign out
// of all accounts" ends both sessions.
import { expect, test, type Page } from '@playwright/test';
import { catalogue, chooseLanguage, expectFitsWidth, partnerURL, responseOf, shot } from './helpers';
import { call, LEARNER, signInOn, TEACHER } from './seed';

const site = partnerURL('dhaka');
const bn = catalogue('bn');

/** Who the page's current token belongs to. */
async function signedInAs(page: Page): Promise<string | null> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  if (!token) return null;
  const me = await call(page, 'GET', '/my-account/user/view-info', undefined, { Authorization: `Bearer ${token}` });
  return me.status === 200 ? ((me.json?.data as { email: string }).email ?? null) : null;
}

test('two people share a phone: one adds an account, the phone passes back, and signing out ends both, in Bangla', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const uncaught: string[] = [];
  page.on('pageerror', (e) => uncaught.push(e.message));

  await signInOn(page, site, LEARNER);
  await chooseLanguage(page, 'bn');
  const learnerToken = await page.evaluate(() => localStorage.getItem('token'));

  // The teacher adds his account from the account menu; the page says she stays signed in.
  await page.getByTestId('user-menu-button').click();
  await page.getByTestId('add-account-link').click();
  await page.waitForURL('**/login?add_account=1');
  await expect(page.getByRole('heading', { name: bn['auth:login.add_account_title'] })).toBeVisible();
  await expect(page.getByTestId('add-account-note')).toBeVisible();
  await expect(page.getByTestId('login-forgot-password')).toHaveCount(0);
  await expectFitsWidth(page);
  await shot(page, 'add-account-bn-360');
  await page.locator('#email').fill(TEACHER.email);
  await page.locator('#password').fill(TEACHER.password);
  const added = await responseOf(page, 'POST', '/my-account/user/login', () => page.getByTestId('login-submit').click());
  expect(added.request().postDataJSON()).toMatchObject({ email: TEACHER.email, add_account: true });
  await page.waitForURL('**/dashboard');
  expect(await signedInAs(page)).toBe(TEACHER.email);
  const teacherToken = await page.evaluate(() => localStorage.getItem('token'));

  // The menu lists her under this device's accounts, and offers to sign out of them all.
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByText(bn['common:nav.device_accounts'])).toBeVisible();
  const her = page.getByTestId('device-account');
  await expect(her).toHaveCount(1);
  await expect(her).toContainText('l***@example.com');
  await expect(page.getByTestId('logout-link')).toContainText(bn['common:nav.logout_all']);
  await expectFitsWidth(page);
  await shot(page, 'device-accounts-menu-bn-360', { settled: true });

  // The keyboard hands the phone back to her, on the dashboard.
  await her.focus();
  const switched = await responseOf(page, 'POST', /\/my-account\/user\/switch-account\/\d+$/, () => page.keyboard.press('Enter'));
  expect(switched.status()).toBe(200);
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('welcome-card')).toBeVisible();
  expect(await signedInAs(page)).toBe(LEARNER.email);
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('device-account')).toContainText('t***@example.com');

  // Signing out ends both accounts on this phone, her earlier token and his too.
  const current = await page.evaluate(() => localStorage.getItem('token'));
  await page.getByTestId('logout-link').click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  for (const token of [current, teacherToken, learnerToken]) {
    const me = await call(page, 'GET', '/my-account/user/view-info', undefined, { Authorization: `Bearer ${token}` });
    expect(me.status).toBe(401);
  }
  expect(uncaught).toEqual([]);
});
