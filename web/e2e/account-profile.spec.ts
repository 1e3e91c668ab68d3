// A new learner on the partner site `dhaka`, in Bangla on a 360 px phone, makes their account
// whole: registers with an e-mail address and a mobile number, opens the verification link that
// MailDev received (E2E_MAIL_URL), fills in the profile, uploads a photo (the server keeps a
// 240 px square), and verifies the phone with the code the local SMS gateway received
// (E2E_SMS_URL, infra/sms/sslwireless.py). The account is new on every run.
import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, expectFitsWidth, partnerURL, shot } from './helpers';
import { call } from './seed';

const site = partnerURL('dhaka');
const mailAPI = process.env.E2E_MAIL_URL || 'http://localhost:1080';
const smsAPI = process.env.E2E_SMS_URL || 'http://127.0.0.1:8040';
/** A 1 x 1 PNG: the smallest real picture. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

async function newest<T>(page: Page, what: string, read: () => Promise<T | undefined>): Promise<T> {
  let found: T | undefined;
  await expect.poll(async () => !!(found = await read()), { message: what, timeout: 30_000 }).toBe(true);
  return found!;
}

test('a learner verifies e-mail and phone and completes the profile, in Bangla on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const stamp = Date.now();
  const email = `nabila-${stamp}@example.com`;
  const local = `019${String(stamp).slice(-8)}`;
  const msisdn = `88${local}`;
  await page.goto(`${site}/`);
  await chooseLanguage(page, 'bn');
  const registered = await call(page, 'POST', '/my-account/user/register', { name: 'Nabila Islam', email, phone: local, password: 'shapla-nodi-2026' }, { lang: '2' });
  expect(registered.status, registered.text).toBe(201);
  const token = (registered.json?.data as { token: string }).token;
  await page.evaluate((t) => localStorage.setItem('token', t), token);

  // The e-mail address, through the link in the mail.
  const mail = await newest(page, `the verification mail to ${email}`, async () => {
    const all = (await (await page.request.get(`${mailAPI}/api/email`)).json()) as { subject: string; text: string; to: { address: string }[] }[];
    return all.filter((m) => m.to.some((t) => t.address === email)).pop();
  });
  expect(mail.subject).toContain('ই-মেইল ঠিকানা নিশ্চিত করুন');
  const link = mail.text.match(/https?:\/\/\S+\/verification-by-mail\?token=\S+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByTestId('verify-done')).toBeVisible();
  await expect(page.getByText(email, { exact: false }).first()).toBeVisible();

  // The profile: what is missing, then filled in.
  await page.goto(`${site}/profile/myprofile`);
  await expect(page.getByTestId('profile-missing')).toBeVisible();
  await page.getByTestId('profile-edit').click();
  const form = page.getByTestId('profile-form');
  await form.locator('#profile-name-bn').fill('নাবিলা ইসলাম');
  await form.locator('#profile-gender').selectOption('female');
  await form.locator('#profile-date-of-birth').fill('2003-02-21');
  await form.locator('#profile-address').fill('জিন্দাবাজার, সিলেট');
  await form.locator('#profile-bio').fill('ওয়েব ডেভেলপমেন্ট শিখছি।');
  await expectFitsWidth(page);
  await shot(page, 'profile-edit-bn-360');
  await page.getByTestId('profile-save').click();
  await expect(form).toBeHidden();
  await expect(page.getByTestId('profile-details')).toContainText('জিন্দাবাজার, সিলেট');
  await expect(page.getByTestId('profile-details')).toContainText('২১');

  // A photo: any picture becomes the avatar.
  const uploaded = page.waitForResponse((r) => r.url().includes('/my-account/user/profile_photo') && r.request().method() === 'POST');
  await page.getByTestId('photo-input').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  expect((await uploaded).status()).toBe(200);
  await expect(page.locator('img[src*="/user-photo/"]').first()).toBeVisible();

  // The phone, with the code the gateway got.
  await page.getByTestId('phone-verify-link').click();
  await page.waitForURL('**/mobile-verification');
  await page.getByTestId('phone-send-code').click();
  const text = await newest(page, `a text to ${msisdn}`, async () => {
    const texts = (await (await page.request.get(`${smsAPI}/messages?msisdn=${msisdn}`)).json()) as { sms_body: string }[];
    return texts.pop();
  });
  expect(text.sms_body).toContain('আপনার যাচাই কোড');
  const code = text.sms_body.match(/\b\d{6}\b/)?.[0];
  expect(code, text.sms_body).toBeTruthy();
  await page.getByTestId('phone-code').fill(code!);
  await expectFitsWidth(page);
  await shot(page, 'phone-verify-bn-360');
  await page.getByTestId('phone-code').press('Enter');
  await expect(page.getByTestId('phone-verified')).toBeVisible();

  const me = await call(page, 'GET', '/my-account/user/profile-info', undefined, { Authorization: `Bearer ${token}` });
  const profile = me.json?.data as { email_verified: boolean; phone_verified: boolean; completeness: number; missing: string[] };
  expect(profile.email_verified && profile.phone_verified).toBe(true);
  expect(profile.missing).toEqual([]);
  expect(profile.completeness).toBe(100);
  await page.goto(`${site}/profile/myprofile`);
  await expect(page.getByTestId('profile-complete')).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'profile-complete-bn-360');
});
