// (1) a visitor applies for partnership, (2) the super admin approves it and waits for the site to
// be provisioned, (3) the new partner site shows its institution name.
import { expect, test } from '@playwright/test';
import { login, partnerURL, shot } from './helpers';

test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);
const subdomain = `e2e${stamp}`;
const nameBn = `ই২ই শিক্ষালয় ${stamp}`;
const nameEn = `E2E Academy ${stamp}`;
let institutionId = '';

test('a visitor applies for partnership', async ({ page }) => {
  await page.goto('/partnership');
  await expect(page.getByTestId('partnership-page')).toBeVisible();
  await shot(page, 'partnership');
  await page.getByTestId('partnership-apply').click();
  await page.waitForURL('**/partnership/registration');

  await page.locator('#name').fill(`E2E Applicant ${stamp}`);
  await page.locator('#email').fill(`applicant-${stamp}@example.com`);
  await page.locator('#phone').fill(`017${String(Date.now()).slice(-8)}`);
  await page.locator('#password').fill('e2e-pass-2026');
  await page.locator('#institution_name').fill(nameBn);
  await page.locator('#institution_name_en').fill(nameEn);
  await page.locator('#subdomain').fill(subdomain);
  await expect(page.getByTestId('subdomain-hint')).toContainText(`${subdomain}.`);
  await page.locator('#type').click();
  await page.getByRole('option').first().click();
  await page.locator('#contact_phone').fill('01700000000');
  await page.locator('#contact_email').fill(`contact-${stamp}@example.com`);
  await shot(page, 'partnership-registration-filled');
  await page.getByTestId('partner-registration-submit').click();

  const success = page.getByTestId('partner-registration-success');
  await expect(success).toBeVisible();
  await expect(page.getByTestId('requested-host')).toContainText(subdomain);
  await shot(page, 'partnership-registration-done');
});

test('the super admin approves it and it becomes active', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page);
  await page.goto('/partners/requests');
  const card = page.locator(`[data-testid="request-card"][data-slug="${subdomain}"]`);
  await expect(card).toBeVisible();
  institutionId = (await card.getAttribute('data-id')) ?? '';
  expect(institutionId).not.toBe('');
  await shot(page, 'partner-requests');
  await card.getByTestId('approve-button').click();
  await page.getByTestId('confirm-button').click();
  await expect(page.getByTestId('toast')).toBeVisible();
  await expect(card).toHaveCount(0);

  await page.goto(`/partners/details/${institutionId}`);
  await expect(page.getByTestId('partner-details-page')).toBeVisible();
  await shot(page, 'partner-details-provisioning');
  await expect(page.locator('[data-testid="institution-state"][data-state="active"]')).toBeVisible({ timeout: 100_000 });
  // Step names are translated (raw names such as create_role only as data attributes).
  const steps = page.getByTestId('provisioning-step');
  await expect(steps.first()).toBeVisible();
  const labels = await page.getByTestId('provisioning').locator('[data-step]').allInnerTexts();
  expect(labels.length).toBeGreaterThan(0);
  for (const l of labels) expect(l).not.toMatch(/^[a-z]+(_[a-z]+)*$/);
  await shot(page, 'partner-details-active');
  await context.close();
});

test('the new partner site shows its institution name', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const res = await page.goto(partnerURL(subdomain));
  expect(res?.status()).toBe(200);
  await expect(page.getByTestId('institution-name').first()).toHaveText(new RegExp(`${nameBn}|${nameEn}`));
  await expect(page.getByTestId('hero-title')).toHaveText(new RegExp(`${nameBn}|${nameEn}`));
  await shot(page, 'partner-site-home');
  await context.close();
});
