#!/usr/bin/env node
// Content-Security-Policy check: loads the home page, a course page, the login page, the dashboard
// and the course editor in chromium and reports every CSP violation (securitypolicyviolation
// events, "Refused to ..." console messages) and every HTML page served without a policy. Exits 1
// when there is one. Emotion's styles need the server's per-response nonce: without it a page
// renders unstyled, which only a check like this one names.
//
//   node scripts/csp-check.mjs [baseURL]          default http://localhost:8080
//   PARTNER=dhaka  CHROMIUM_PATH=/usr/bin/chromium
import { chromium } from 'playwright-core';

const base = new URL(process.argv[2] || process.env.BASE_URL || 'http://localhost:8080');
const partner = process.env.PARTNER || 'dhaka';
const TEACHER = { email: 'teacher@example.com', password: 'demo-pass-2026' };

function siteURL(slug, path = '/') {
  const u = new URL(base);
  if (slug) u.hostname = `${slug}.localhost`;
  u.pathname = path;
  return u.href;
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
const withoutPolicy = [];
context.on('response', async (response) => {
  const request = response.request();
  if (request.resourceType() !== 'document' || !(response.headers()['content-type'] || '').includes('text/html')) return;
  if (!response.headers()['content-security-policy']) withoutPolicy.push(`no Content-Security-Policy on ${response.url()}`);
});
await context.addInitScript(() => {
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (e) =>
    window.__violations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'}${e.sample ? ` "${e.sample}"` : ''} at ${e.sourceFile}:${e.lineNumber}`),
  );
});

const page = await context.newPage();
const consoleRefusals = [];
page.on('console', (m) => /Refused to|Content Security Policy/i.test(m.text()) && consoleRefusals.push(m.text()));
page.on('pageerror', (e) => consoleRefusals.push(`page error: ${e.message}`));

const search = await (await fetch(new URL('/learner-course/course-search-solr?rows=1', base), { headers: { accept: 'application/json' } })).json();
const course = search?.data?.[0];

let failures = 0;
async function check(name, action) {
  consoleRefusals.length = 0;
  withoutPolicy.length = 0;
  try {
    await action();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(1500);
  } catch (e) {
    console.log(`FAIL ${name}: ${e.message.split('\n')[0]}`);
    failures++;
    return;
  }
  const found = [...(await page.evaluate(() => window.__violations ?? [])), ...consoleRefusals, ...withoutPolicy];
  console.log(`${found.length ? 'FAIL' : 'ok  '} ${name} (${page.url()})${found.map((v) => `\n       ${v}`).join('')}`);
  failures += found.length ? 1 : 0;
}

await check('home', () => page.goto(base.href));
if (course) await check('course page', () => page.goto(new URL(course.url || `/course/details/${course.uuid}`, base).href));
else console.log('skip course page: no published course in the catalogue');
await check('login', () => page.goto(siteURL(partner, '/login')));
await check('dashboard (signed in)', async () => {
  await page.locator('#email').fill(TEACHER.email);
  await page.locator('#password').fill(TEACHER.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL('**/dashboard');
});
await check('course list and editor', async () => {
  await page.goto(siteURL(partner, '/course'));
  const edit = page.locator('a[href^="/course/edit/"]').first();
  await edit.waitFor({ timeout: 15_000 });
  await edit.click();
  await page.waitForURL('**/course/edit/**');
});
await browser.close();
process.exit(failures ? 1 : 0);
