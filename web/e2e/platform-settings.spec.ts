// Running the platform from its screens (issue 15), in Bangla:
// (1) Dhaka's admin, on a 360 px phone, downloads the learners report as Excel: the export runs in
//     the background, the Exports drawer shows it done, and the file arrives under its name.
// (2) The super admin changes a menu label's Bangla wording in the language dictionary and sees
//     the menu say it at once, then gives the label its shipped wording back.
// (3) The super admin keeps the geography: a division's districts, a district's upazilas, a new
//     upazila under it (its name refused a second time in the same district), then removed.
import { expect, test } from '@playwright/test';
import { SUPER, baseURL, chooseLanguage, expectFitsWidth, partnerURL, shot } from './helpers';
import { signInOn } from './seed';

const ADMIN = { email: 'dhaka-admin@example.com', password: 'demo-pass-2026' };

test("the site's admin exports the learners report in the background and downloads it, in Bangla on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const site = partnerURL('dhaka');
  await signInOn(page, site, ADMIN);
  await chooseLanguage(page, 'bn');
  await page.goto(`${site}/reports/learner-report`);
  const started = page.waitForResponse((r) => new URL(r.url()).pathname === '/course/reports/exports' && r.request().method() === 'POST');
  await page.getByTestId('learners-download-xlsx').click();
  expect((await started).status()).toBe(202);

  const drawer = page.getByTestId('exports-drawer');
  await expect(drawer).toBeVisible();
  const item = drawer.getByTestId('export-item').first();
  await expect(item.getByTestId('export-name')).toHaveText('learners-report.xlsx');
  await expect(item.getByTestId('export-download')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('exports-live')).toContainText(/\S/);
  await expectFitsWidth(page);
  await shot(page, 'report-export-done-bn-360');
  const download = page.waitForEvent('download');
  await item.getByTestId('export-download').click();
  expect((await download).suggestedFilename()).toBe('learners-report.xlsx');
});

test('the super admin rewords a menu label in the language dictionary and sees it at once, then restores it', async ({ page }) => {
  const main = baseURL();
  await signInOn(page, main, SUPER);
  await chooseLanguage(page, 'bn');
  await page.goto(`${main}/settings/languages?search=${encodeURIComponent('nav:geography')}`);
  const row = page.locator('[data-testid="lang-row"][data-key="nav:geography"]').first();
  await expect(row).toBeVisible();
  const menuLink = page.locator('a[href="/settings/geography"]').first();
  const shipped = (await menuLink.textContent())?.trim() ?? '';
  expect(shipped).toBe('ভৌগোলিক তালিকা');

  await row.getByTestId('lang-edit').click();
  const dialog = page.getByTestId('lang-value-dialog');
  const reworded = 'দেশের ভৌগোলিক তালিকা';
  await dialog.locator('#lang-value-bn').fill(reworded);
  await dialog.getByTestId('lang-value-save').click();
  await expect(dialog).toBeHidden();
  await expect(menuLink).toHaveText(reworded);
  await expect(row.getByTestId('lang-edited-chip')).toBeVisible();
  await shot(page, 'language-dictionary-reworded-bn');

  await row.getByTestId('lang-restore').click();
  await page.getByTestId('confirm-button').click();
  await expect(menuLink).toHaveText(shipped);
  await expect(row.getByTestId('lang-edited-chip')).toHaveCount(0);
});

test('the super admin adds an upazila under its district and removes it, in Bangla', async ({ page }) => {
  const main = baseURL();
  await signInOn(page, main, SUPER);
  await chooseLanguage(page, 'bn');
  await page.goto(`${main}/settings/geography`);
  const sylhet = page.locator('[data-testid="ref-row"]', { hasText: 'সিলেট' }).first();
  await sylhet.getByTestId('ref-children').click();
  await expect(page).toHaveURL(/list=districts&parent=\d+/);
  await expect(page.getByTestId('ref-row')).toHaveCount(4);
  await page.locator('[data-testid="ref-row"]', { hasText: 'মৌলভীবাজার' }).first().getByTestId('ref-children').click();
  await expect(page).toHaveURL(/list=upazilas&parent=\d+/);

  const name = `Test Upazila ${Date.now()}`;
  const add = async () => {
    await page.getByTestId('ref-add').first().click();
    const dialog = page.getByTestId('ref-item-dialog');
    await dialog.locator('#ref-item-title').fill(name);
    await dialog.locator('#ref-item-bn_title').fill('পরীক্ষার উপজেলা');
    await dialog.getByTestId('ref-item-save').click();
    return dialog;
  };
  await expect(await add()).toBeHidden();
  const row = page.locator('[data-testid="ref-row"]', { hasText: name });
  await expect(row).toBeVisible();
  await shot(page, 'geography-upazila-added-bn');
  const again = await add();
  await expect(again.getByText('এই জেলায় এই নামে আরেকটি উপজেলা আছে।')).toBeVisible();
  await again.getByRole('button', { name: 'বাতিল' }).click();
  await expect(again).toBeHidden();
  await row.getByTestId('ref-delete').click();
  await page.getByTestId('confirm-button').click();
  await expect(row).toHaveCount(0);
});
