// (4) With Bangla chosen no English catalogue text is visible, and the other way round,
// on the home page, the login page and the dashboard.
import { expect, test, type Page } from '@playwright/test';
import { catalogue, chooseLanguage, literalPieces, login, shot, visibleText } from './helpers';

const en = catalogue('en');
const bn = catalogue('bn');
// Keys whose texts differ between the languages (the EN/বাং toggle labels, "Alt + K"… are the same).
const differing = Object.keys(en).filter((k) => en[k] !== bn[k]);

const expected: Record<string, string[]> = {
  home: ['common:nav.login', 'common:nav.signup', 'home:hero.cta_start', 'home:features.title', 'common:footer.links_title'],
  login: ['auth:login.title', 'auth:login.subtitle', 'auth:login.no_account', 'auth:login.register_link'],
  dashboard: ['dashboard:switcher.title', 'dashboard:shortcuts.title', 'dashboard:current_role', 'common:nav.dashboard'],
};

async function checkPage(page: Page, name: string) {
  for (const lang of ['bn', 'en'] as const) {
    await chooseLanguage(page, lang);
    const mine = lang === 'en' ? en : bn;
    const other = lang === 'en' ? bn : en;
    for (const key of expected[name]) {
      await expect(page.locator('body')).toContainText(literalPieces(mine[key])[0] ?? mine[key]);
    }
    await page.waitForTimeout(300);
    const text = await visibleText(page);
    const leaked = differing.flatMap((k) => literalPieces(other[k]).filter((piece) => text.includes(piece)).map((p) => `${k}: ${p}`));
    expect(leaked, `${name} in ${lang} shows texts of the other language`).toEqual([]);
    await shot(page, `lang-${name}-${lang}`);
  }
}

test('home page language switch', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('hero')).toBeVisible();
  await checkPage(page, 'home');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
});

test('login page language switch', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('#email')).toBeVisible();
  await checkPage(page, 'login');
});

test('dashboard language switch', async ({ page }) => {
  await login(page);
  await checkPage(page, 'dashboard');
});
