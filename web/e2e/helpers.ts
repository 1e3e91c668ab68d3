import { readdirSync, readFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, type Response } from '@playwright/test';

const here = dirname(fileURLToPath(import.meta.url));
const localesDir = join(here, '..', 'src', 'i18n', 'locales');
const screensDir = join(here, '..', 'test-results', 'screens');

export const SUPER = { email: 'superadmin@example.com', password: 'demo-pass-2026' };

export function baseURL(): string {
  return process.env.E2E_BASE_URL || 'http://localhost:8080';
}

/** http://<slug>.localhost:8080 for a partner slug (the main site's host with the slug in front). */
export function partnerURL(slug: string): string {
  const u = new URL(baseURL());
  u.hostname = `${slug}.${u.hostname}`;
  return u.origin;
}

/** A screenshot of the viewport; `settled`: CSS transitions (a radio's dot, say) shown finished. */
export async function shot(page: Page, name: string, { settled = false } = {}) {
  mkdirSync(screensDir, { recursive: true });
  await page.screenshot({ path: join(screensDir, `${name}.png`), fullPage: false, ...(settled && { animations: 'disabled' as const }) });
}

function flat(o: unknown, pre = '', out: Record<string, string> = {}): Record<string, string> {
  if (o && typeof o === 'object') {
    for (const [k, v] of Object.entries(o as Record<string, unknown>)) flat(v, pre ? `${pre}.${k}` : k, out);
  } else out[pre] = String(o);
  return out;
}

/** The shipped catalogue of a language as "ns:dotted.key" -> text. */
export function catalogue(lang: 'en' | 'bn'): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of readdirSync(join(localesDir, lang)).filter((f) => f.endsWith('.json'))) {
    const ns = f.replace(/\.json$/, '');
    for (const [k, v] of Object.entries(flat(JSON.parse(readFileSync(join(localesDir, lang, f), 'utf8'))))) out[`${ns}:${k}`] = v;
  }
  return out;
}

/** Literal pieces of a catalogue text worth searching for (interpolations cut out). */
export function literalPieces(text: string): string[] {
  return text
    .split(/{{[^}]*}}/)
    .map((s) => s.trim().replace(/[.:…,!?]+$/, '').trim())
    .filter((s) => s.length >= 4);
}

/** Choose the interface language with the EN/BN toggle (stored in localStorage `lang`). */
export async function chooseLanguage(page: Page, lang: 'en' | 'bn') {
  const toggle = page.getByTestId(`lang-${lang}`).first();
  if (await toggle.isVisible()) {
    await toggle.click();
  } else {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.reload();
  }
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
}

export async function login(page: Page, email = SUPER.email, password = SUPER.password) {
  await page.goto('/login');
  await page.locator('#email').fill(email);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByTestId('welcome-card')).toBeVisible();
}

/** The page's visible text, without texts typed by users (course titles... marked data-user-content). */
export async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const userContent = [...document.querySelectorAll<HTMLElement>('[data-user-content]')];
    const display = userContent.map((el) => el.style.display);
    userContent.forEach((el) => (el.style.display = 'none'));
    const text = document.body.innerText;
    userContent.forEach((el, i) => (el.style.display = display[i]));
    return text;
  });
}

/**
 * The page needs no sideways scrolling at `width` px. Polled: after a viewport change React
 * re-renders the responsive layout (drawer, bottom bar) a moment later.
 */
export async function expectFitsWidth(page: Page, width = 360) {
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

/** The response of the `method` call to `path` that `action` causes (status checked). */
export async function responseOf(page: Page, method: string, path: string | RegExp, action: () => Promise<unknown>, status = [200, 201]): Promise<Response> {
  const wait = page.waitForResponse((r) => {
    const p = new URL(r.url()).pathname;
    return r.request().method() === method && (typeof path === 'string' ? p === path : path.test(p));
  });
  await action();
  const res = await wait;
  expect(status, `${method} ${path}: ${await res.text()}`).toContain(res.status());
  return res;
}

/** The session starts in the site's role; switch to the teacher role if it did not (English labels). */
export async function becomeTeacher(page: Page) {
  const option = page.getByTestId('role-option').filter({ hasText: 'Teacher' });
  await expect(option).toBeVisible();
  const switchButton = option.getByRole('button', { name: 'Switch' });
  if (await switchButton.count()) {
    await responseOf(page, 'POST', /^\/my-account\/user\/switch-role\/\d+$/, () => switchButton.click());
  }
  await expect(option.getByText('Current')).toBeVisible();
}

const mailAPI = process.env.E2E_MAIL_URL || 'http://localhost:1080';

export interface MailDevEmail {
  subject: string;
  text: string;
  to: { address: string }[];
}

/** The newest mail MailDev (infra/test starts it; E2E_MAIL_URL is its REST API) holds for an
 * address that `matches`, once it has arrived; `what` names it when none does. */
export async function mailTo(page: Page, address: string, what: string, matches: (mail: MailDevEmail) => boolean): Promise<MailDevEmail> {
  let found: MailDevEmail | undefined;
  await expect
    .poll(
      async () => {
        const all = (await (await page.request.get(`${mailAPI}/api/email`)).json()) as MailDevEmail[];
        found = all.filter((m) => m.to.some((t) => t.address === address) && matches(m)).pop();
        return !!found;
      },
      { message: `${what} to ${address} in MailDev (${mailAPI})`, timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/** The newest password-reset mail to an address (registering sends the address's verification
 * mail too, which may arrive first or last). */
export function resetMailTo(page: Page, address: string): Promise<MailDevEmail> {
  return mailTo(page, address, 'a reset mail', (m) => m.text.includes('/password-reset?token='));
}

const smsAPI = process.env.E2E_SMS_URL || 'http://127.0.0.1:8040';

/** The 6-digit code in the newest text the local SSL Wireless gateway (E2E_SMS_URL) got for a
 * number (8801XXXXXXXXX) that says `kind`, once it has arrived. */
export async function textedCode(page: Page, msisdn: string, kind: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const texts = (await (await page.request.get(`${smsAPI}/messages?msisdn=${msisdn}`)).json()) as { sms_body: string }[];
        code = texts.filter((t) => t.sms_body.includes(kind)).pop()?.sms_body.match(/\b\d{6}\b/)?.[0];
        return !!code;
      },
      { message: `a text saying ${kind} to ${msisdn} (${smsAPI})`, timeout: 30_000 },
    )
    .toBe(true);
  return code!;
}
