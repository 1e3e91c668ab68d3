#!/usr/bin/env node
// Initial-JavaScript budget of the pages a visitor lands on (home, course page).
//
// Reads Vite's manifest (dist/.vite/manifest.json) and counts, per route, every JS file the
// browser fetches before the page's own content renders: the entry chunk and its static imports,
// the route's lazy page chunk and its static imports, and the language catalogues the first render
// needs (src/i18n/catalogues.ts: "common" at start, plus the page's namespaces; both languages are
// counted and the larger one is the route's figure), and index.html's other scripts. Prints raw
// and gzipped sizes, exits 1 when a route passes the budget.
//
//   node scripts/bundle-budget.mjs [distDir]      BUDGET_KB=170 (gzipped KB, 1 KB = 1024 bytes)
//
// Keep ROUTES in step with src/app/bootstrap.ts (FIRST_ROUTES) and vite.config.ts (landingRoutes).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(process.argv[2] ?? new URL('../dist', import.meta.url).pathname);
const budgetKb = Number(process.env.BUDGET_KB ?? 170);
const LANGS = ['bn', 'en'];
const BOOT_NAMESPACES = ['common'];
const ROUTES = [
  { name: 'home', url: '/', page: 'src/features/home/components/home-page.tsx', namespaces: ['home'] },
  {
    name: 'course',
    url: '/course/details/:uuid',
    page: 'src/features/learn/components/course-details-page.tsx',
    namespaces: ['learn'],
  },
];

const manifestPath = join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`bundle-budget: ${manifestPath} is missing (build with build.manifest enabled)`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) {
  console.error('bundle-budget: no entry in the manifest');
  process.exit(2);
}

/** The chunk of `key` and everything it imports statically, in load order. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of chunk.imports ?? []) closure(dep, seen);
  return seen;
}

const sizes = new Map();
function size(file) {
  if (!sizes.has(file)) {
    const buf = readFileSync(join(dist, file));
    sizes.set(file, { raw: buf.length, gz: gzipSync(buf, { level: 9 }).length });
  }
  return sizes.get(file);
}

// Scripts index.html loads besides the entry (the route preloader of scripts/vite-plugins.ts).
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const extraScripts = [...html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)].map((m) => m[1]).filter((f) => f !== manifest[entryKey].file);

const kb = (n) => (n / 1024).toFixed(1).padStart(7);
let failed = false;
for (const route of ROUTES) {
  if (!manifest[route.page]) {
    console.error(`bundle-budget: ${route.page} is not a chunk of the build (route ${route.url})`);
    failed = true;
    continue;
  }
  const base = closure(entryKey);
  closure(route.page, base);
  const perLang = LANGS.map((lang) => {
    const keys = new Set(base);
    for (const ns of [...BOOT_NAMESPACES, ...route.namespaces]) closure(`src/i18n/locales/${lang}/${ns}.json`, keys);
    const files = [...new Set([...[...keys].map((k) => manifest[k].file), ...extraScripts])].filter((f) => f.endsWith('.js'));
    const total = files.reduce((acc, f) => ({ raw: acc.raw + size(f).raw, gz: acc.gz + size(f).gz }), { raw: 0, gz: 0 });
    return { lang, files, total };
  });
  const worst = perLang.reduce((a, b) => (b.total.gz > a.total.gz ? b : a));
  const over = worst.total.gz > budgetKb * 1024;
  failed ||= over;
  console.log(`\n${route.name} (${route.url}), language ${worst.lang}: ${worst.files.length} JS files`);
  console.log(`${'raw KB'.padStart(7)} ${'gzip KB'.padStart(7)}  file`);
  for (const f of [...worst.files].sort((a, b) => size(b).gz - size(a).gz)) {
    console.log(`${kb(size(f).raw)} ${kb(size(f).gz)}  ${f}`);
  }
  console.log(`${kb(worst.total.raw)} ${kb(worst.total.gz)}  total  (budget ${budgetKb} KB gzipped: ${over ? 'OVER' : 'ok'})`);
  for (const other of perLang.filter((p) => p !== worst)) {
    console.log(`${kb(other.total.raw)} ${kb(other.total.gz)}  total in ${other.lang}`);
  }
}
if (failed) console.log('\nWhich modules a chunk holds: npx vite build --config scripts/chunk-modules.config.ts (.vite/chunk-modules.txt)');
process.exit(failed ? 1 : 0);
