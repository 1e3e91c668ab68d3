// (6) At 360 x 740 the mobile bottom bar is shown and nothing is wider than the screen.
import { expect, test } from '@playwright/test';
import { shot } from './helpers';

test.use({ viewport: { width: 360, height: 740 } });

test('the mobile bottom bar is visible at 360 px', async ({ page }) => {
  await page.goto('/');
  const bar = page.getByTestId('mobile-bottom-bar');
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('bottom-home')).toHaveClass(/Mui-selected/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'mobile-home');
  // Signed out, classroom goes to /login.
  await page.getByTestId('bottom-classroom').click();
  await page.waitForURL('**/login');
  await expect(bar).toBeVisible();
  await shot(page, 'mobile-login');
});
