// Promotions, with the demo data (the demo learner Sadia is a female student in Dhaka district).
// (1) dhaka's partner admin, in Bangla on a 360 px phone, submits a banner for the home page aimed
//     at women in Dhaka district, with a picture; it waits for approval.
// (2) The super admin, in Bangla on a desktop, finds it in the promotion manager and approves it.
// (3) Sadia, signed in on dhaka in Bangla on a phone, sees it on the home page, its link opening
//     in a new tab; a visitor who is not signed in does not (the profile targets are not met).
import { expect, test, type Page } from '@playwright/test';
import { catalogue, chooseLanguage, expectFitsWidth, partnerURL, responseOf, shot, SUPER } from './helpers';
import { LEARNER, signInOn, stampNow } from './seed';

const site = () => partnerURL('dhaka');
const ADMIN = { email: 'dhaka-admin@example.com', password: 'demo-pass-2026' };
const PHONE = { width: 360, height: 780 };
/** A 1×1 PNG, the banner's picture. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==', 'base64');

const bn = catalogue('bn');
const text = (key: string) => {
  const value = bn[key];
  expect(value, key).toBeTruthy();
  return value;
};
const day = (offset: number) => new Date(Date.now() + 6 * 3600_000 + offset * 86_400_000).toISOString().slice(0, 10);

const banner = { title: `শীতকালীন বৃত্তি ${stampNow()}`, url: `https://example.org/scholarship-${Date.now()}` };

/** The promotion manager's row of the banner. */
const row = (page: Page) => page.getByTestId('promotion').filter({ hasText: banner.title });

test.describe.configure({ mode: 'serial' });

test('a partner admin submits a targeted banner on a phone, in Bangla', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInOn(page, site(), ADMIN);
  await chooseLanguage(page, 'bn');
  await page.goto(`${site()}/promotion-manager/ads`);
  await page.getByTestId('new-promotion').first().click();
  const form = page.getByTestId('promotion-form');
  await expect(form).toBeVisible();
  await form.locator('#promotion-title').fill(banner.title);
  await form.locator('#promotion-details').fill('ঢাকার শিক্ষার্থী নারীদের জন্য পূর্ণ বৃত্তি।');
  await form.locator('#promotion-url').fill(banner.url);
  await form.locator('#promotion-start_date').fill(day(0));
  await form.locator('#promotion-end_date').fill(day(-1));
  await page.getByTestId('thumbnail-input').setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('thumbnail-preview')).toBeVisible();
  await form.locator('#promotion-gender-female').check();
  await form.locator('#promotion-districts').fill('ঢাকা');
  await page.getByRole('option', { name: 'ঢাকা', exact: true }).click();
  // An end before the start is refused before anything is sent.
  await page.getByTestId('save-promotion').click();
  await expect(form.getByText(text('errors:end_before_start'))).toBeVisible();
  await form.locator('#promotion-end_date').fill(day(30));
  await shot(page, 'promotions-form-bn-360');
  const saved = await responseOf(page, 'POST', '/course/course/promote-course', () => page.getByTestId('save-promotion').click(), [201]);
  const body = (await saved.json()).data;
  expect(body).toMatchObject({ type: 'ads', promotion_status: 'pending', genders: ['female'], position: 'home' });
  expect(body.districts).toHaveLength(1);
  await expect(form).toBeHidden();
  await expect(row(page).getByTestId('promotion-status')).toHaveAttribute('data-status', 'pending');
  await expectFitsWidth(page);
  await shot(page, 'promotions-list-bn-360');
});

test('the super admin approves it from the main site, in Bangla', async ({ page }) => {
  await signInOn(page, '', SUPER);
  await chooseLanguage(page, 'bn');
  await page.goto('/promotion-manager/ads');
  await page.getByTestId('promotions-search').locator('input').fill(banner.title);
  await expect(row(page).getByTestId('promotion-partner')).toBeVisible();
  await responseOf(page, 'POST', /^\/course\/course\/promote-course\/approve\//, () => row(page).getByTestId('approve-promotion').click());
  await expect(row(page).getByTestId('promotion-status')).toHaveAttribute('data-status', 'approved');
  await shot(page, 'promotions-approved-bn');
});

test('the learner it is aimed at sees it on the home page; a visitor does not', async ({ page, browser }) => {
  await page.setViewportSize(PHONE);
  await signInOn(page, site(), LEARNER);
  await chooseLanguage(page, 'bn');
  await page.goto(`${site()}/`);
  const slot = page.getByTestId('ad-slot');
  await expect(slot.getByRole('heading', { name: text('promotions:ads.sponsored') })).toBeVisible();
  const card = slot.getByTestId('ad').filter({ hasText: banner.title });
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByTestId('ad-link')).toHaveAttribute('href', banner.url);
  await expect(card.getByTestId('ad-link')).toHaveAttribute('target', '_blank');
  await expectFitsWidth(page);
  await shot(page, 'promotions-home-ad-bn-360');

  const visitor = await browser.newPage({ viewport: PHONE });
  await visitor.goto(`${site()}/`);
  await expect(visitor.getByTestId('course-card').first()).toBeVisible();
  await expect(visitor.getByText(banner.title)).toHaveCount(0);
  await visitor.close();
});
