// Manual visual check: node scripts/screens.mjs [baseURL] — screenshots to test-results/manual/.
import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';

const base = process.argv[2] || 'http://localhost:4173';
const paths = (process.env.PATHS || '/,/login,/registration,/partnership,/partnership/registration,/nope,/400/Hello%20there,/dashboard').split(',');
const out = 'test-results/manual';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
});
const init = process.env.INIT_TOKEN ? `localStorage.setItem('token', ${JSON.stringify(process.env.INIT_TOKEN)});` : '';
for (const lang of (process.env.LANGS || 'bn,en').split(',')) {
  for (const width of (process.env.WIDTHS || '1280,360').split(',').map(Number)) {
    const ctx = await browser.newContext({ viewport: { width, height: width > 600 ? 800 : 740 } });
    await ctx.addInitScript(`localStorage.setItem('lang', '${lang}'); ${init}`);
    const page = await ctx.newPage();
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    page.on('console', (m) => m.type() === 'error' && console.log('console', m.text().slice(0, 200)));
    for (const p of paths) {
      await page.goto(base + p, { waitUntil: 'networkidle' }).catch((e) => console.log('goto', e.message));
      await page.waitForTimeout(300);
      const name = `${p.replace(/[^a-z0-9]+/gi, '_') || 'root'}-${lang}-${width}.png`;
      await page.screenshot({ path: `${out}/${name}`, fullPage: process.env.FULL === '1' });
    }
    await ctx.close();
  }
}
await browser.close();
