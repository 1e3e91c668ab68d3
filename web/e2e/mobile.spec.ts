// (6) At 360 x 740 the mobile bottom bar is shown, nothing is wider than the screen, and a signed-in
// user opens the side navigation as a drawer from the bar's "more" button (SPEC 2).
import { expect, test } from '@playwright/test';
import { login, shot, expectFitsWidth } from './helpers';

test.use({ viewport: { width: 360, height: 740 } });

test('the mobile bottom bar is visible at 360 px', async ({ page }) => {
  await page.goto('/');
  const bar = page.getByTestId('mobile-bottom-bar');
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('bottom-home')).toHaveClass(/Mui-selected/);
  await expectFitsWidth(page);
  await shot(page, 'mobile-home');
  // Signed out, classroom goes to /login.
  await page.getByTestId('bottom-classroom').click();
  await page.waitForURL('**/login');
  await expect(bar).toBeVisible();
  await shot(page, 'mobile-login');
});

test('a signed-in super admin opens the sidebar as a drawer from "more" at 360 px', async ({ page }) => {
  await login(page);
  const bar = page.getByTestId('mobile-bottom-bar');
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('bottom-home')).toHaveClass(/Mui-selected/);
  // The permanent sidebar is hidden at this width: the only side navigation is the drawer's.
  await expect(page.getByTestId('side-nav')).toBeHidden();
  const drawer = page.getByTestId('mobile-drawer');
  await expect(drawer).toBeHidden();

  // The drawer lies above the app bar: its own top row (brand, language, close) can be used.
  await page.getByTestId('bottom-more').click();
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('brand')).toBeVisible();
  await drawer.getByTestId('drawer-close').click();
  await expect(drawer).toBeHidden();

  await page.getByTestId('bottom-more').click();
  await expect(drawer).toBeVisible();
  const nav = drawer.getByTestId('side-nav');
  await expect(nav).toBeVisible();
  await expect(nav.getByTestId('side-nav-profile')).toHaveAttribute('href', '/profile/myprofile');
  // The super admin's menu: dashboard and the partners group.
  await expect(nav.locator('a[href="/dashboard"]')).toBeVisible();
  await nav.getByRole('button', { name: /^(Partners|পার্টনার)$/, expanded: false }).click();
  const list = nav.locator('a[href="/partners/list"]');
  await expect(list).toBeVisible();
  await expect(nav.locator('a[href="/partners/requests"]')).toBeVisible();
  await expect(nav.locator('.MuiCollapse-root').first()).toHaveClass(/MuiCollapse-entered/);
  const box = await drawer.locator('.MuiDrawer-paper').boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(360);
  await expectFitsWidth(page);
  await shot(page, 'mobile-super-drawer');

  // A menu entry navigates and closes the drawer.
  await list.click();
  await page.waitForURL('**/partners/list');
  await expect(drawer).toBeHidden();
  await expect(bar).toBeVisible();
});
