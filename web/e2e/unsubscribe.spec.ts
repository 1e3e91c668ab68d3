// Leaving a site's announcements, in Bangla on a 360 px phone, on the partner site `dhaka`: the demo
// learner turns the e-mail announcements off and on again in the account settings, with the
// keyboard; the site's admin then sends an e-mail announcement (bulk notify), whose link, opened
// signed out, changes nothing until its button leaves them, and takes them again from the same
// page. The learner ends as she began, taking them (other specs' announcements must reach her).
import { expect, test } from '@playwright/test';
import { catalogue, chooseLanguage, expectFitsWidth, mailTo, partnerURL, responseOf, shot } from './helpers';
import { LEARNER, signInOn } from './seed';

const site = partnerURL('dhaka');
const bn = catalogue('bn');
const DHAKA_ADMIN = { email: 'dhaka-admin@example.com', password: 'demo-pass-2026' };
const PREFERENCES = '/my-account/message-preferences';
const UNSUBSCRIBE = '/my-account/unsubscribe';

test('a learner leaves and takes again a site’s announcements, in the account settings and from the mailed link, in Bangla on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const uncaught: string[] = [];
  page.on('pageerror', (e) => uncaught.push(e.message));

  // The account settings: a switch labelled with her address.
  await signInOn(page, site, LEARNER);
  await chooseLanguage(page, 'bn');
  await page.goto(`${site}/profile/account-setting`);
  const card = page.getByTestId('announcements');
  await expect(card.getByRole('heading', { name: bn['profile:announcements.title'] })).toBeVisible();
  await expect(card).toContainText(bn['profile:announcements.intro']);
  const toggle = card.getByRole('switch', { name: LEARNER.email });
  await expect(toggle).toBeVisible();
  /** Space on the focused switch: the PUT it makes, with its body. */
  const press = async () => {
    await toggle.focus();
    const res = await responseOf(page, 'PUT', PREFERENCES, () => page.keyboard.press('Space'));
    return res.request().postDataJSON() as { channel: string; left: boolean };
  };
  // A run that stopped midway may have left her without them.
  if (!(await toggle.isChecked())) expect(await press()).toEqual({ channel: 'email', left: false });
  await expect(toggle).toBeChecked();
  await card.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await expectFitsWidth(page);
  await shot(page, 'announcements-bn-360');

  expect(await press()).toEqual({ channel: 'email', left: true });
  await expect(toggle).not.toBeChecked();
  await expect(card.getByTestId('announcements-busy-email')).toHaveCount(0);
  await expect(toggle).toBeFocused();
  await expect(card.getByTestId('announcements-error')).toHaveCount(0);
  await card.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await shot(page, 'announcements-off-bn-360');
  // Kept by the server.
  await page.reload();
  await expect(toggle).not.toBeChecked();
  expect(await press()).toEqual({ channel: 'email', left: false });
  await expect(toggle).toBeChecked();

  // The site's admin sends an e-mail announcement to its learners.
  await page.evaluate(() => localStorage.removeItem('token'));
  await signInOn(page, site, DHAKA_ADMIN);
  await chooseLanguage(page, 'bn');
  const subject = `পরীক্ষার সময়সূচি ${Date.now()}`;
  await page.goto(`${site}/bulknotify/email`);
  await page.locator('#bulk-subject').fill(subject);
  await page.locator('#bulk-body').fill('আগামী মাসের পরীক্ষার সময়সূচি ওয়েবসাইটে দেওয়া হয়েছে।');
  await expect(page.getByTestId('bulk-reach')).toBeVisible();
  await page.getByTestId('bulk-send').click();
  await page.getByTestId('bulk-confirm-send').click();
  const row = page.getByTestId('bulk-history').locator('[data-testid="bulk-row"]', { hasText: subject });
  await expect(row.getByTestId('bulk-state')).toHaveText(bn['bulk:states.sent'], { timeout: 20_000 });

  // Its link, from the mail the learner got, opened signed out.
  const mail = await mailTo(page, LEARNER.email, `the announcement “${subject}”`, (m) => m.subject.includes(subject));
  const link = mail.text.match(/https?:\/\/[^\s/]+\/unsubscribe\?token=[^\s<>"]+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  const url = new URL(link!);
  expect(url.host, 'the link leads back to the site that sent it').toBe(new URL(site).host);
  await page.evaluate(() => localStorage.removeItem('token'));
  const calls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === UNSUBSCRIBE) calls.push(r.method());
  });
  const opened = await responseOf(page, 'GET', UNSUBSCRIBE, () => page.goto(`${site}${url.pathname}${url.search}`));
  const { site_name: siteName } = ((await opened.json()) as { data: { site_name: string } }).data;
  await expect(page.getByRole('heading', { level: 1, name: bn['auth:unsubscribe.title'].replace('{{site}}', siteName) })).toBeVisible();
  await expect(page.getByTestId('unsubscribe-address')).toContainText(bn['auth:unsubscribe.channel.email']);
  await expect(page.getByTestId('unsubscribe-address')).toContainText(LEARNER.email);
  await expect(page.getByTestId('unsubscribe-receiving')).toHaveText(bn['auth:unsubscribe.state.receiving']);
  // Opening it changed nothing: mail scanners open links too.
  expect(calls).toEqual(['GET']);
  await expectFitsWidth(page);
  await shot(page, 'unsubscribe-bn-360');

  const button = page.getByTestId('unsubscribe-button');
  await expect(button).toHaveText(bn['auth:unsubscribe.stop']);
  await responseOf(page, 'POST', UNSUBSCRIBE, () => button.click());
  await expect(page.getByTestId('unsubscribe-left')).toHaveText(bn['auth:unsubscribe.state.left']);
  await expect(button).toHaveText(bn['auth:unsubscribe.rejoin']);
  // The same button: the keyboard's focus stays on it.
  await expect(button).toBeFocused();
  await expectFitsWidth(page);
  await shot(page, 'unsubscribe-left-bn-360');

  await responseOf(page, 'DELETE', UNSUBSCRIBE, () => page.keyboard.press('Enter'));
  await expect(page.getByTestId('unsubscribe-rejoined')).toHaveText(bn['auth:unsubscribe.state.rejoined']);
  await expect(button).toHaveText(bn['auth:unsubscribe.stop']);
  await shot(page, 'unsubscribe-rejoined-bn-360');
  expect(calls).toEqual(['GET', 'POST', 'DELETE']);

  // A forged link: said so, with the way home.
  await page.goto(`${site}/unsubscribe?token=${url.searchParams.get('token')!.slice(0, -4)}AAAA`);
  await expect(page.getByRole('heading', { level: 1, name: bn['auth:unsubscribe.invalid_title'] })).toBeVisible();
  await expect(page.getByTestId('unsubscribe-invalid')).toBeVisible();
  await expectFitsWidth(page);
  await shot(page, 'unsubscribe-invalid-bn-360');
  await page.getByTestId('unsubscribe-home').click();
  await page.waitForURL(`${site}/`);
  expect(uncaught).toEqual([]);
});
