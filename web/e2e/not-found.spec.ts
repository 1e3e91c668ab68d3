// (5) An unknown partner host shows the 404 page, whatever the path.
import { expect, test } from '@playwright/test';
import { partnerURL, shot } from './helpers';

test('an unknown subdomain shows the 404 page', async ({ page }) => {
  const host = partnerURL(`nosuch-${Math.random().toString(36).slice(2, 8)}`);
  const res = await page.goto(`${host}/`);
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
  await shot(page, 'unknown-host-404');
  await page.goto(`${host}/login`);
  await expect(page.getByTestId('not-found-page')).toBeVisible();
});

test('an unknown path on the main site shows the 404 page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByTestId('not-found-page')).toBeVisible();
});
