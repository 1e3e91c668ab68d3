// Signing in with myGov, in Bangla, against the local myGov (infra/oidc: npm's oidc-provider, which
// infra/test starts; its people are in infra/oidc/mygov-accounts.json). A person new here signs in
// and has an account; signing out here signs them out at myGov too, which sends them back home. The
// demo learner, whose e-mail myGov vouches for as well, joins myGov to her account with her
// password on a 360 px phone, and finds it among her linked sign-ins.
import { expect, test, type Page } from '@playwright/test';
import { baseURL, catalogue, chooseLanguage, expectFitsWidth, shot } from './helpers';
import { call, LEARNER } from './seed';

const bn = catalogue('bn');

/** At myGov's own login page (another site, in English): the person signs in there. */
async function signInAtMyGov(page: Page, login: string) {
  await page.waitForURL(/\/interaction\//);
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('demo-pass-123');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a newcomer signs in with myGov, and signing out ends the myGov session too', async ({ page }) => {
  await page.goto('/login');
  await chooseLanguage(page, 'bn');
  const mygov = page.getByTestId('sso-mygov');
  await expect(mygov).toHaveText(bn['auth:sso.login.mygov']);
  await shot(page, 'sso-login-bn');
  await mygov.click();
  // Rafiq has no account here; myGov knows him by his mobile number.
  await signInAtMyGov(page, '01712345678');
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('welcome-card')).toContainText('Rafiq Islam');
  await shot(page, 'sso-signed-in-bn');

  await page.goto('/logout');
  await page.waitForURL(/\/session\/end/);
  await page.getByRole('button', { name: 'Yes, sign me out' }).click();
  await page.waitForURL(`${baseURL()}/`);
  // myGov forgot him: signing in again asks for his password.
  await page.goto('/login');
  await page.getByTestId('sso-mygov').click();
  await expect(page.locator('input[name="login"]')).toBeVisible();
});

test('the demo learner joins myGov to her account with her password, on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  // Start clean: unlink what an earlier run of this test linked.
  const signedIn = await call(page, 'POST', '/my-account/user/login', LEARNER);
  expect(signedIn.status, signedIn.text).toBe(200);
  const auth = { Authorization: `Bearer ${(signedIn.json as { data: { token: string } }).data.token}` };
  const linked = await call(page, 'GET', '/my-account/user/identities', undefined, auth);
  for (const identity of (linked.json as { data: { id: number }[] }).data) {
    await call(page, 'DELETE', `/my-account/user/identities/${identity.id}`, undefined, auth);
  }

  await page.goto('/login');
  await chooseLanguage(page, 'bn');
  await page.getByTestId('sso-mygov').click();
  await signInAtMyGov(page, '01700000004');
  const title = bn['auth:sso.link_title'].replace('{{provider}}', bn['auth:sso.providers.mygov']);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByTestId('sso-link-form')).toBeVisible();
  await expect(page.locator('#sso-link-password')).toBeFocused();
  await expectFitsWidth(page);
  await shot(page, 'sso-link-bn-360');
  await page.locator('#sso-link-password').fill('not-her-password-1');
  await page.getByTestId('sso-link-submit').click();
  await expect(page.getByTestId('form-error').or(page.locator('#sso-link-password-helper-text'))).toBeVisible();
  await page.locator('#sso-link-password').fill(LEARNER.password);
  await page.getByTestId('sso-link-submit').click();
  await page.waitForURL('**/dashboard');

  await page.goto('/profile/account-setting');
  await expect(page.getByTestId('linked-list')).toContainText(bn['profile:linked.providers.mygov']);
  await expect(page.getByTestId('linked-list')).toContainText('learner@example.com');
  await expectFitsWidth(page);
  await page.getByTestId('linked-sign-ins').scrollIntoViewIfNeeded();
  await shot(page, 'sso-linked-bn-360');
});
