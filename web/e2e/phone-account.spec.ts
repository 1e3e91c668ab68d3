// A learner with only a mobile number (issue 13) on the partner site `dhaka`, in Bangla on a 360 px
// phone: registers without an e-mail address, lands on the code entry with the code already texted
// (the local SSL Wireless gateway, E2E_SMS_URL, shows what phones got), verifies the number, then
// forgets the password and sets a new one with a code texted to the number.
import { expect, test } from '@playwright/test';
import { chooseLanguage, expectFitsWidth, partnerURL, shot, textedCode } from './helpers';

const site = partnerURL('dhaka');

test('a learner registers with a phone alone, verifies it and resets the password by text', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const local = `013${String(Date.now()).slice(-8)}`;
  await page.goto(`${site}/registration`);
  await chooseLanguage(page, 'bn');
  await page.locator('#name').fill('শাপলা আক্তার');
  await page.locator('#phone').fill(local);
  await page.locator('#password').fill('shapla-nodi-2026');
  await page.getByTestId('registration-submit').click();
  await page.waitForURL('**/mobile-verification');
  const code = await textedCode(page, `88${local}`, 'যাচাই কোড');
  await page.getByTestId('phone-code').fill(code);
  await expectFitsWidth(page);
  await shot(page, 'phone-registration-code-bn-360');
  await page.getByTestId('phone-verify-submit').click();
  await expect(page.getByTestId('phone-verified')).toBeVisible();

  // Forgotten: the number gets a code, and the code and a new password sign in again.
  await page.evaluate(() => localStorage.removeItem('token'));
  await page.goto(`${site}/forgot-password`);
  await page.locator('#email').fill(local);
  await page.getByTestId('forgot-submit').click();
  const reset = await textedCode(page, `88${local}`, 'পাসওয়ার্ড রিসেট কোড');
  await page.locator('#otp').fill(reset);
  await page.locator('#password').fill('notun-shapla-2026');
  await page.locator('#password_confirmation').fill('notun-shapla-2026');
  await expectFitsWidth(page);
  await shot(page, 'phone-reset-code-bn-360');
  await page.getByTestId('reset-submit').click();
  await page.waitForURL('**/dashboard');
});
