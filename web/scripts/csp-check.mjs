#!/usr/bin/env node
// Content-Security-Policy check: loads the home page, a course page, the login page, the dashboard
// and the course editor in chromium and reports every CSP violation (securitypolicyviolation
// events, "Refused to ..." console messages). Exits 1 when there is one.
//
//   node scripts/csp-check.mjs [baseURL]          default http://localhost:8080
//   PARTNER=dhaka  CHROMIUM_PATH=/usr/bin/chromium
//
// When the server does not send a Content-Security-Policy yet, the check plays its part: it adds
// the policy the server will send, with a fresh nonce on each HTML response, puts the nonce on the
// page's <script> and <style> tags and a <meta property="csp-nonce"> in its head.
import { lookup } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { chromium } from 'playwright-core';

const base = new URL(process.argv[2] || process.env.BASE_URL || 'http://localhost:8080');
const partner = process.env.PARTNER || 'dhaka';
const TEACHER = { email: 'teacher@example.com', password: 'demo-pass-2026' };

const policy = (nonce, s3) =>
  [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    `img-src 'self' data: blob: ${s3}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com ${s3}`,
    `media-src 'self' blob: ${s3}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

function siteURL(slug, path = '/') {
  const u = new URL(base);
  if (slug) u.hostname = `${slug}.localhost`;
  u.pathname = path;
  return u.href;
}

/** GET with the browser's headers; *.localhost goes to 127.0.0.1 (Node's resolver does not know it). */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    const local = (host, options, done) =>
      host.endsWith('.localhost') || host === 'localhost'
        ? options.all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)
        : lookup(host, options, done);
    const h = { ...headers };
    delete h['accept-encoding'];
    const req = httpRequest(url, { headers: h, lookup: local }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
let injected = false;
let s3Origin = '';
await context.route('**/*', async (route) => {
  const request = route.request();
  if (request.resourceType() !== 'document' || request.method() !== 'GET') return route.continue();
  const response = await get(request.url(), await request.allHeaders());
  const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));
  delete headers['content-encoding'];
  delete headers['transfer-encoding'];
  delete headers['content-length'];
  if (headers['content-security-policy'] || !(headers['content-type'] || '').includes('text/html')) {
    return route.fulfill({ status: response.status, headers, body: response.body });
  }
  injected = true;
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const html = response.body
    .replace(/<script(?=[\s>])/g, `<script nonce="${nonce}"`)
    .replace(/<style(?=[\s>])/g, `<style nonce="${nonce}"`)
    .replace(/<head>/, `<head><meta property="csp-nonce" nonce="${nonce}">`);
  return route.fulfill({ status: response.status, headers: { ...headers, 'content-security-policy': policy(nonce, s3Origin) }, body: html });
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

const search = JSON.parse((await get(new URL('/learner-course/course-search-solr?rows=1', base), { accept: 'application/json' })).body);
const course = search?.data?.[0];
if (course?.thumbnail) s3Origin = new URL(course.thumbnail, base).origin;

let failures = 0;
async function check(name, action) {
  consoleRefusals.length = 0;
  try {
    await action();
    await page.waitForLoadState('networkidle').catch(() => undefined);
    await page.waitForTimeout(1500);
  } catch (e) {
    console.log(`FAIL ${name}: ${e.message.split('\n')[0]}`);
    failures++;
    return;
  }
  const found = [...(await page.evaluate(() => window.__violations ?? [])), ...consoleRefusals];
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
console.log(injected ? '\n(the server sent no CSP: this check added it and the nonces)' : '\n(the server sent the CSP and nonces)');
await browser.close();
process.exit(failures ? 1 : 0);
