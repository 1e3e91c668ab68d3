// The e-mails a site sends, worded by its admin (issue 13, /template/mail), on the partner site
// `sylhet` in Bangla: the admin rewrites the Bangla password-reset mail, is told when the link is
// missing, previews it with sample values, saves it, and the next reset mail a Bangla reader asks
// for arrives in MailDev (E2E_MAIL_URL) in the site's words. The default comes back at the end.
import { expect, test } from '@playwright/test';
import { chooseLanguage, expectFitsWidth, partnerURL, resetMailTo, shot } from './helpers';
import { call, signInOn } from './seed';

const site = partnerURL('sylhet');
const SYLHET_ADMIN = { email: 'sylhet-admin@example.com', password: 'demo-pass-2026' };

test('a partner admin words the Bangla reset mail, previews it, and the next mail says it', async ({ page }) => {
  const marker = `সিলেট ${Date.now()}`;
  await signInOn(page, site, SYLHET_ADMIN);
  await chooseLanguage(page, 'bn');
  await page.goto(`${site}/template/mail?key=password_reset`);
  await expect(page.getByTestId('mail-form')).toBeVisible();
  await page.getByTestId('mail-tab-bn').click();
  await page.locator('#mail-subject').fill(`${marker}: {site}-এ নতুন পাসওয়ার্ড`);
  // Without {link} the mail cannot work: the server says so under the message.
  await page.locator('#mail-body').fill('প্রিয় {name},\n\nনিচের বোতামে নতুন পাসওয়ার্ড বেছে নিন।');
  await page.getByTestId('mail-save').click();
  await expect(page.locator('#mail-body-helper-text')).toContainText('{link}');
  await page.locator('#mail-body').fill('প্রিয় {name},\n\nনিচের বোতামে নতুন পাসওয়ার্ড বেছে নিন।\n\n{link}\n\nসিলেট শিক্ষা কেন্দ্র');
  await page.getByTestId('mail-preview').click();
  await expect(page.getByTestId('mail-preview-subject')).toContainText(marker);
  await expect(page.frameLocator('[data-testid="mail-preview-frame"]').getByRole('link')).toBeVisible();
  await shot(page, 'mail-template-preview-bn');
  await page.getByTestId('mail-preview-close').click();
  await page.getByTestId('mail-save').click();
  await expect(page.getByTestId('mail-tab-bn').getByTestId('mail-customized')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await expectFitsWidth(page);
  await shot(page, 'mail-template-editor-bn-360');

  // A Bangla reader forgets a password on Sylhet and gets the site's words.
  const email = `mail-words-${Date.now()}@example.com`;
  const registered = await call(page, 'POST', '/my-account/user/register', { name: 'Sumi Words', email, password: 'first-pass-2026' }, { lang: 'bn' });
  expect(registered.status, registered.text).toBe(201);
  const asked = await call(page, 'POST', '/my-account/password/reset_code', { email }, { lang: 'bn' });
  expect(asked.status, asked.text).toBe(200);
  const mail = await resetMailTo(page, email);
  expect(mail.subject).toContain(marker);
  expect(mail.text).toContain('সিলেট শিক্ষা কেন্দ্র');

  // Back to the built-in words.
  await page.getByTestId('mail-restore').click();
  await page.getByTestId('confirm-button').click();
  await expect(page.locator('#mail-subject')).toHaveValue('{site}-এ আপনার পাসওয়ার্ড রিসেট করুন');
});
