// (8) The partner admin of dhaka changes the site's slogan, primary colour and logo on
// /settings/profile, sees them in the live preview, saves, and finds them on the partner's home page.
// The original primary colour is put back at the end (other specs rely on it).
import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseLanguage, partnerURL, shot } from './helpers';

test.describe.configure({ mode: 'serial' });

const ADMIN = { email: 'dhaka-admin@example.com', password: 'demo-pass-2026' };
const SLUG = 'dhaka';
const ORIGINAL_PRIMARY = '#0d47a1';
const NEW_PRIMARY = '#ad1457';
const stamp = Date.now().toString(36);
const SLOGAN = `Learning without limits ${stamp}`;
// A valid 16 x 16 orange PNG (82 bytes).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAGUlEQVR42mP4n8/wnxLMMGrAqAGjBgwXAwDtc20fl6AuQAAAAABJRU5ErkJggg==',
  'base64',
);

function rgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

const site = () => partnerURL(SLUG);

async function signIn(page: Page) {
  await page.goto(`${site()}/login`);
  await page.locator('#email').fill(ADMIN.email);
  await page.locator('#password').fill(ADMIN.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('welcome-card')).toBeVisible();
}

async function openSettings(page: Page) {
  await page.goto(`${site()}/settings/profile`);
  await expect(page.getByTestId('site-profile-page')).toBeVisible();
  await expect(page.locator('#theme_primary')).not.toHaveValue('');
}

async function save(page: Page) {
  const put = page.waitForResponse((r) => r.url().includes('/my-account/institutions/update-site') && r.request().method() === 'PUT');
  await page.getByTestId('save-site').click();
  const res = await put;
  expect(res.status(), await res.text()).toBe(200);
  await expect(page.getByTestId('toast')).toBeVisible();
  return res.json() as Promise<{ data: { logo: string | null; site_config: { slogan_en: string; theme: { primary: string } } } }>;
}

/**
 * Safety net: put the primary colour back through the API if the spec stopped half-way. The calls
 * are made from a page of the partner site (Node does not resolve *.localhost, the browser does).
 */
async function restorePrimary(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${site()}/`);
  const status = await page.evaluate(
    async ({ admin, slug, primary }) => {
      const headers = { 'Content-Type': 'application/json', roleid: slug, lang: '1', 'Accept-Language': 'en' };
      const login = await fetch('/my-account/user/login', { method: 'POST', headers, body: JSON.stringify(admin) });
      const token = (await login.json()).data.token as string;
      const auth = { ...headers, Authorization: `Bearer ${token}` };
      const current = (await (await fetch('/my-account/institutions/retrieve-site', { headers: auth })).json()).data.InstitutionInfo[0];
      let status = 200;
      if (String(current.site_config.theme.primary).toLowerCase() !== primary) {
        const site_config = { ...current.site_config, theme: { ...current.site_config.theme, primary } };
        const res = await fetch('/my-account/institutions/update-site', { method: 'PUT', headers: auth, body: JSON.stringify({ site_config }) });
        status = res.status;
      }
      await fetch('/my-account/user/logout', { method: 'POST', headers: auth });
      return status;
    },
    { admin: ADMIN, slug: SLUG, primary: ORIGINAL_PRIMARY },
  );
  await context.close();
  expect(status).toBe(200);
}

test.afterAll(async ({ browser }) => {
  await restorePrimary(browser);
});

test('the partner admin rebrands the site and the home page shows it', async ({ page }) => {
  await signIn(page);
  await chooseLanguage(page, 'en');
  await openSettings(page);
  const preview = page.getByTestId('site-preview');
  await expect(preview).toBeVisible();

  // Slogan: the preview follows the English text as it is typed.
  await page.locator('#slogan_en').fill(SLOGAN);
  await expect(preview).toContainText(SLOGAN);

  // Primary colour: the preview's header button and hero take it at once.
  await expect(page.getByTestId('preview-header-button')).toHaveCSS('background-color', rgb(ORIGINAL_PRIMARY));
  await page.locator('#theme_primary').fill(NEW_PRIMARY);
  await expect(page.getByTestId('preview-header-button')).toHaveCSS('background-color', rgb(NEW_PRIMARY));
  await expect(page.getByTestId('colour-primary')).toHaveValue(NEW_PRIMARY);
  expect(await page.getByTestId('preview-hero').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(rgb(NEW_PRIMARY));

  // Logo: a small PNG made here; the preview shows it before saving.
  await page.getByTestId('logo-input').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('preview-logo')).toHaveAttribute('src', /^data:image\/png;base64,/);
  await shot(page, 'site-settings-preview');

  const saved = await save(page);
  expect(saved.data.site_config.slogan_en).toBe(SLOGAN);
  expect(saved.data.site_config.theme.primary.toLowerCase()).toBe(NEW_PRIMARY);
  expect(saved.data.logo).toBeTruthy();
  await shot(page, 'site-settings-saved');

  // The partner's home page, loaded afresh, shows the new slogan (English) and the uploaded logo.
  await page.goto(`${site()}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByTestId('hero-slogan')).toHaveText(SLOGAN);
  const logo = page.getByRole('banner').getByTestId('brand').locator('img');
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(16);
  const src = await logo.evaluate((el: HTMLImageElement) => el.currentSrc || el.src);
  expect(src).toMatch(/^https?:\/\/[^/]+\/site\/logo\//);
  await shot(page, 'site-settings-home');
  // The logo URL is served: 200, image/png, the very bytes uploaded (opened in the browser, which
  // resolves *.localhost where Node does not).
  const tab = await page.context().newPage();
  const res = await tab.goto(src);
  expect(res?.status()).toBe(200);
  expect(res?.headers()['content-type']).toMatch(/^image\/png/);
  expect((await res!.body()).equals(PNG)).toBe(true);
  await tab.close();
  // The home page is in the new colour too.
  expect(await page.getByTestId('hero').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(rgb(NEW_PRIMARY));
});

test('the original primary colour is put back', async ({ page }) => {
  await signIn(page);
  await openSettings(page);
  await page.locator('#theme_primary').fill(ORIGINAL_PRIMARY);
  await expect(page.getByTestId('preview-header-button')).toHaveCSS('background-color', rgb(ORIGINAL_PRIMARY));
  const saved = await save(page);
  expect(saved.data.site_config.theme.primary.toLowerCase()).toBe(ORIGINAL_PRIMARY);
  await page.goto(`${site()}/`);
  expect(await page.getByTestId('hero').evaluate((el) => getComputedStyle(el).backgroundImage)).toContain(rgb(ORIGINAL_PRIMARY));
});
