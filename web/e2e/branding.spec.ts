// (7) Each partner site is drawn in its own brand from the first paint: its institution name in the
// header, and its theme primary on the primary button and the hero (never the platform's default).
import { expect, test, type Page } from '@playwright/test';
import { partnerURL, shot } from './helpers';

const SITES = [
  { slug: 'dhaka', primary: '#0d47a1', names: ['ঢাকা কলেজ', 'Dhaka College'] },
  { slug: 'sylhet', primary: '#00695c', names: ['সিলেট পলিটেকনিক ইনস্টিটিউট', 'Sylhet Polytechnic Institute'] },
];
const DEFAULT_PRIMARY = '#0f766e'; // the platform's own colour (src/lib/site.ts)

function rgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/**
 * Records, before the page's own scripts run, the colours of the primary button and the hero the
 * moment they enter the DOM (a MutationObserver callback runs before the browser paints).
 */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const seen: Record<string, string> = {};
    (window as unknown as { __firstPaint: Record<string, string> }).__firstPaint = seen;
    const look = () => {
      const button = document.querySelector('[data-testid="signup-button"]');
      if (button && !seen.button) seen.button = getComputedStyle(button).backgroundColor;
      const hero = document.querySelector('[data-testid="hero"]');
      if (hero && !seen.hero) seen.hero = getComputedStyle(hero).backgroundImage;
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true });
  });
}

for (const site of SITES) {
  test(`${site.slug}: header name and primary colour are the partner's own`, async ({ page }) => {
    await watchFirstPaint(page);
    const res = await page.goto(`${partnerURL(site.slug)}/`);
    expect(res?.status()).toBe(200);

    // Institution name in the header (Bangla by default, English after the toggle).
    const name = page.getByTestId('institution-name').first();
    await expect(name).toBeVisible();
    expect(site.names).toContain((await name.innerText()).trim());
    await expect(page.getByTestId('hero-title')).toHaveText(new RegExp(site.names.join('|')));

    // The primary contained button and the hero gradient use the partner's primary.
    const button = page.getByTestId('signup-button');
    await expect(button).toBeVisible();
    const buttonBg = await button.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(buttonBg).toBe(rgb(site.primary));
    const heroBg = await page.getByTestId('hero').evaluate((el) => getComputedStyle(el).backgroundImage);
    expect(heroBg).toContain(rgb(site.primary));
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', site.primary);

    // ... and already did when they first entered the page: no flash of the default colours.
    const first = await page.evaluate(() => (window as unknown as { __firstPaint: Record<string, string> }).__firstPaint);
    expect(first.button).toBe(rgb(site.primary));
    expect(first.hero).toContain(rgb(site.primary));
    expect(first.hero).not.toContain(rgb(DEFAULT_PRIMARY));
    await shot(page, `branding-${site.slug}`);
  });
}

test('the two partner sites differ from each other', async ({ page }) => {
  const colours: string[] = [];
  for (const site of SITES) {
    await page.goto(`${partnerURL(site.slug)}/`);
    colours.push(await page.getByTestId('signup-button').evaluate((el) => getComputedStyle(el).backgroundColor));
  }
  expect(new Set(colours).size).toBe(SITES.length);
});
