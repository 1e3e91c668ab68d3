// Bulk messages on the partner site `dhaka`, in Bangla: its admin writes to the site's learners on
// the bell, sees whom it reaches before sending, confirms, and watches it go in the history below;
// the demo learner then finds it among her notifications. The edge's own worker sends it.
import { expect, test } from '@playwright/test';
import { catalogue, chooseLanguage, expectFitsWidth, partnerURL, shot } from './helpers';
import { call, LEARNER, signInOn } from './seed';

const site = partnerURL('dhaka');
const bn = catalogue('bn');
const DHAKA_ADMIN = { email: 'dhaka-admin@example.com', password: 'demo-pass-2026' };

test('a partner admin tells the site\'s learners something on the bell and watches it go', async ({ page }) => {
  const subject = `শনিবার ক্লাস বন্ধ ${Date.now()}`;
  await signInOn(page, site, DHAKA_ADMIN);
  await chooseLanguage(page, 'bn');
  await page.goto(`${site}/bulknotify/system`);
  await page.locator('#bulk-subject').fill(subject);
  await page.locator('#bulk-body').fill('আগামী শনিবার ক্লাস হবে না। রবিবার থেকে আবার শুরু।');
  await expect(page.getByTestId('bulk-reach')).toBeVisible();
  await shot(page, 'bulk-compose-bn');
  await page.getByTestId('bulk-send').click();
  await expect(page.getByTestId('bulk-confirm')).toBeVisible();
  await page.getByTestId('bulk-confirm-send').click();

  const row = page.getByTestId('bulk-history').locator('[data-testid="bulk-row"]', { hasText: subject });
  await expect(row.getByTestId('bulk-state')).toHaveText(bn['bulk:states.sent'], { timeout: 20_000 });
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'bulk-history-bn');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectFitsWidth(page);
  await shot(page, 'bulk-history-bn-360');

  // The demo learner's bell on Dhaka has it.
  const signedIn = await call(page, 'POST', '/my-account/user/login', LEARNER);
  const token = (signedIn.json as { data: { token: string } }).data.token;
  const mine = await call(page, 'GET', '/my-account/notifications?limit=20', undefined, { Authorization: `Bearer ${token}` });
  const found = (mine.json as { data: { kind: string; params: { subject?: string } }[] }).data;
  expect(found.some((n) => n.kind === 'announcement' && n.params.subject === subject), mine.text).toBe(true);
});
