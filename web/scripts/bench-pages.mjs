#!/usr/bin/env node
// Page-load benchmark of the landing pages on a phone over slow networks (infra/bench-pages runs
// it). Prints figures; asserts nothing.
//
//   node scripts/bench-pages.mjs [baseURL]        default http://localhost:8080
//   RUNS=3  PAGES=home,partner,course  PROFILES=slow4g,harsh  PARTNER=dhaka  CHROMIUM_PATH=/usr/bin/chromium
//   BYPASS_CSP=1  ignore the server's Content-Security-Policy (to measure a web build older than
//                 its nonce support against the current server)
//
// Pages: the main site's home, a partner site's home (http://<PARTNER>.localhost:<port>/) and a
// published course's page (the first hit of GET /learner-course/course-search-solr?rows=1).
// Each run starts a new browser (fresh profile, empty cache) with a 360 x 780 phone viewport,
// throttled through the DevTools protocol:
//   slow4g  Lighthouse's "slow 4G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU / 4
//   harsh   400 ms round trip, 400 kbit/s down and up, CPU / 4
// and loads the page until, after `load`, the network has been quiet for 3 s and the pictures on
// the screen have loaded (at most 45 s more).
// Figures per page and profile, median and worst of the runs: LCP (with what the largest element
// was), FCP, bytes transferred (encoded, as on the wire), of which JavaScript, requests.
import { lookup } from 'node:dns';
import { request } from 'node:http';
import { chromium } from 'playwright-core';

const base = new URL(process.argv[2] || process.env.BASE_URL || 'http://localhost:8080');
const runs = Number(process.env.RUNS || 3);
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const PROFILES = {
  slow4g: { label: 'slow 4G (150 ms, 1.6 Mbit/s down, 750 kbit/s up, CPU/4)', latency: 150, down: 1_600_000, up: 750_000, cpu: 4 },
  harsh: { label: 'harsh (400 ms, 400 kbit/s down and up, CPU/4)', latency: 400, down: 400_000, up: 400_000, cpu: 4 },
};
const profiles = (process.env.PROFILES || 'slow4g,harsh').split(',').map((p) => {
  if (!PROFILES[p]) throw new Error(`unknown profile ${p} (${Object.keys(PROFILES).join(', ')})`);
  return [p, PROFILES[p]];
});

/** GET over HTTP; *.localhost names go to 127.0.0.1 (as in browsers; Node's resolver does not). */
function get(url, accept) {
  return new Promise((resolve, reject) => {
    const local = (host, options, done) =>
      host.endsWith('.localhost') || host === 'localhost'
        ? options.all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)
        : lookup(host, options, done);
    const req = request(url, { headers: { accept }, lookup: local }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

async function coursePage() {
  const url = new URL('/learner-course/course-search-solr?rows=1', base);
  const res = await get(url, 'application/json');
  if (res.status !== 200) throw new Error(`${url}: HTTP ${res.status}`);
  const body = JSON.parse(res.body);
  const course = body?.data?.[0];
  if (!course) throw new Error(`${url}: no published course`);
  return course.url ? new URL(course.url, base).href : new URL(`/course/details/${course.uuid}`, base).href;
}

function partnerHome() {
  const u = new URL(base);
  u.hostname = `${process.env.PARTNER || 'dhaka'}.localhost`;
  u.pathname = '/';
  return u.href;
}

// In the page, before anything runs: the largest-contentful-paint candidates as they come.
function observeLcp() {
  window.__lcp = null;
  const describe = (el) => {
    if (!el) return '(removed)';
    const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).slice(0, 2).join('.')}` : '';
    const text = (el.textContent || '').trim().replace(/\s+/g, ' ');
    return `<${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${cls}>${text ? ` "${text.slice(0, 40)}"` : ''}`;
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      window.__lcp = { time: e.startTime, size: e.size, element: e.url ? `image ${e.url.slice(-60)}` : describe(e.element) };
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function measure(url, profile) {
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic'],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 780 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      userAgent: 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
      bypassCSP: process.env.BYPASS_CSP === '1',
    });
    await context.addInitScript(observeLcp);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.latency,
      downloadThroughput: profile.down / 8,
      uploadThroughput: profile.up / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });

    const types = new Map();
    let requests = 0;
    let bytes = 0;
    let jsBytes = 0;
    let inFlight = 0;
    let lastActivity = Date.now();
    const server = { encoding: new Set(), csp: false };
    cdp.on('Network.requestWillBeSent', (e) => {
      if (!types.has(e.requestId)) {
        requests++;
        inFlight++;
      }
      types.set(e.requestId, e.type);
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', (e) => {
      types.set(e.requestId, e.type);
      const h = Object.fromEntries(Object.entries(e.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      if (e.type === 'Script' || e.type === 'Document') server.encoding.add(h['content-encoding'] || 'identity');
      if (e.type === 'Document' && h['content-security-policy']) server.csp = true;
    });
    const done = (e, size) => {
      inFlight = Math.max(0, inFlight - 1);
      lastActivity = Date.now();
      bytes += size;
      if (types.get(e.requestId) === 'Script') jsBytes += size;
    };
    cdp.on('Network.loadingFinished', (e) => done(e, e.encodedDataLength));
    cdp.on('Network.loadingFailed', (e) => done(e, 0));

    const started = Date.now();
    await page.goto(url, { waitUntil: 'load', timeout: 180_000 });
    // Settle: 3 s without network activity (the app fetches data and pictures after its scripts
    // have run, which takes a while on a slowed CPU), at most 45 s more.
    const deadline = Date.now() + 45_000;
    const picturesPending = () =>
      page.evaluate(() =>
        [...document.images].some((img) => {
          const r = img.getBoundingClientRect();
          return !img.complete && r.bottom > 0 && r.top < innerHeight && r.width > 0;
        }),
      );
    while (Date.now() < deadline && (inFlight > 0 || Date.now() - lastActivity < 3000 || (await picturesPending()))) {
      await page.waitForTimeout(200);
    }
    const result = await page.evaluate(() => ({
      lcp: window.__lcp,
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    }));
    return { ...result, bytes, jsBytes, requests, wall: Date.now() - started, server };
  } finally {
    await browser.close();
  }
}

/** Whether the first HTML carries the prerendered heading (before any script runs). */
async function hasPrerender(url) {
  const { body } = await get(url, 'text/html');
  return /<div id="root">\s*<div class="pre /.test(body);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const worst = (xs) => Math.max(...xs);
const sec = (ms) => (ms == null || !Number.isFinite(ms) ? '   -  ' : `${(ms / 1000).toFixed(2)} s`);
const kb = (b) => `${(b / 1024).toFixed(0)} KB`;

const pages = [];
for (const name of (process.env.PAGES || 'home,partner,course').split(',')) {
  if (name === 'home') pages.push(['home (main site)', new URL('/', base).href]);
  else if (name === 'partner') pages.push([`home (${process.env.PARTNER || 'dhaka'} partner site)`, partnerHome()]);
  else if (name === 'course') pages.push(['course page', await coursePage()]);
  else throw new Error(`unknown page ${name} (home, partner, course)`);
}

console.log(`Page benchmark: ${runs} runs per page and profile, 360 x 780 phone, fresh browser each run (${chromiumPath})`);
for (const [name, url] of pages) {
  console.log(`\n${name}: ${url}  (first HTML ${(await hasPrerender(url)) ? 'has' : 'has no'} prerendered heading)`);
  for (const [, profile] of profiles) {
    const results = [];
    for (let i = 0; i < runs; i++) results.push(await measure(url, profile));
    const lcps = results.map((r) => r.lcp?.time ?? Infinity);
    const worstRun = results[lcps.indexOf(worst(lcps))];
    const enc = [...new Set(results.flatMap((r) => [...r.server.encoding]))].join('/');
    console.log(`  ${profile.label}   [responses: ${enc}; CSP header: ${results[0].server.csp ? 'yes' : 'no'}]`);
    console.log(`    ${''.padEnd(8)} ${'LCP'.padStart(8)} ${'FCP'.padStart(8)} ${'bytes'.padStart(8)} ${'JS'.padStart(8)} ${'requests'.padStart(8)}`);
    for (const [label, pick] of [['median', median], ['worst', worst]]) {
      console.log(
        `    ${label.padEnd(8)} ${sec(pick(lcps)).padStart(8)} ${sec(pick(results.map((r) => r.fcp ?? Infinity))).padStart(8)} ${kb(pick(results.map((r) => r.bytes))).padStart(8)} ${kb(pick(results.map((r) => r.jsBytes))).padStart(8)} ${String(pick(results.map((r) => r.requests))).padStart(8)}`,
      );
    }
    console.log(`    LCP element (worst run): ${worstRun.lcp ? `${worstRun.lcp.element}, ${Math.round(worstRun.lcp.size)} px²` : 'none'}`);
  }
}
