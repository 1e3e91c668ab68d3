// Notifications on this device (Web Push), in Bangla on a 360 px phone, in a real Chromium: the
// demo learner of `dhaka`, with notifications allowed, finds the card on the account settings;
// the service worker /sw.js shows a push that DevTools delivers to it (the browser's push service
// is not needed for that) with its Bangla title, body and page; and the switch, worked with the
// keyboard, either turns on or says that this browser could not sign up. Here it cannot: Chrome has
// no Push API off the record (crbug.com/41124656), which Playwright's browser contexts are, and
// Debian's Chromium has no keys for Google's push service either.
import { expect, test } from '@playwright/test';
import { catalogue, chooseLanguage, expectFitsWidth, partnerURL, shot } from './helpers';
import { LEARNER, signInOn } from './seed';

const bn = catalogue('bn');
const site = partnerURL('dhaka');

test('a learner’s notifications on this device, and a push the service worker shows, in Bangla', async ({ page, context }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await context.grantPermissions(['notifications'], { origin: site });
  const uncaught: string[] = [];
  page.on('pageerror', (e) => uncaught.push(e.message));
  const tokenCalls: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/my-account/sotore/token') tokenCalls.push(r.method());
  });

  await signInOn(page, site, LEARNER);
  await chooseLanguage(page, 'bn');
  await page.goto(`${site}/profile/account-setting`);
  const card = page.getByTestId('device-push');
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: bn['profile:device_push.title'] })).toBeVisible();
  await expect(card).toContainText(bn['profile:device_push.intro']);
  const toggle = card.getByRole('switch', { name: bn['profile:device_push.switch'] });
  // A new browser context: no subscription yet.
  await expect(toggle).not.toBeChecked();
  await card.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await expectFitsWidth(page);
  await shot(page, 'device-push-bn-360');

  // The service worker: a script, checked for changes each time (fetched by the page: Node cannot
  // resolve *.localhost names).
  const worker = await page.evaluate(async () => {
    const res = await fetch('/sw.js', { cache: 'no-store' });
    return { status: res.status, type: res.headers.get('content-type') ?? '', cache: res.headers.get('cache-control') ?? '' };
  });
  expect(worker.status).toBe(200);
  expect(worker.type).toMatch(/javascript/);
  expect(worker.cache).toContain('no-cache');

  // Registered from the page; DevTools names the registration and delivers a push to it.
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js');
    await navigator.serviceWorker.ready;
  });
  let registrationId = '';
  await expect
    .poll(() => (registrationId = registrations.find((r) => r.scopeURL === `${site}/` && !r.isDeleted)?.registrationId ?? ''), { message: 'the registration of /sw.js' })
    .not.toBe('');
  const notice = {
    title: 'ঢাকা শিক্ষা কেন্দ্র',
    body: bn['notifications:kinds.certificate_issued'].replace('{{course}}', 'বীজগণিতের প্রাথমিক ধারণা'),
    url: `${site}/profile/account-setting`,
    lang: 'bn',
    tag: `notice-e2e-${Date.now()}`,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: site, registrationId, data: JSON.stringify(notice) });
  await expect
    .poll(
      () =>
        page.evaluate(async (tag) => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications({ tag })).map((n) => ({ title: n.title, body: n.body, lang: n.lang, url: (n.data as { url?: string } | null)?.url }));
        }, notice.tag),
      { message: 'the pushed notice, shown by the service worker' },
    )
    .toEqual([{ title: notice.title, body: notice.body, lang: 'bn', url: notice.url }]);
  await cdp.detach();

  // The switch, with the keyboard.
  await toggle.focus();
  await page.keyboard.press('Space');
  const refused = card.getByTestId('device-push-error');
  await expect.poll(async () => (await toggle.isChecked()) || (await refused.isVisible()), { message: 'on, or refused by the browser' }).toBe(true);
  await expect(card.getByTestId('device-push-busy')).toHaveCount(0);
  await card.evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await expectFitsWidth(page);
  await shot(page, 'device-push-switched-bn-360');
  if (await toggle.isChecked()) {
    expect(tokenCalls).toEqual(['POST']);
  } else {
    await expect(refused).toHaveText(bn['profile:device_push.refused']);
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeFocused();
    expect(tokenCalls).toEqual([]);
  }
  expect(uncaught).toEqual([]);
});
