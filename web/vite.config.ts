import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { chunkGroups, muiDirectImports, muiWithoutCssVars, precompress, routePreload } from './scripts/vite-plugins';

const testFiles = readdirSync(`${import.meta.dirname}/src`, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file}`);
const mocks = (file: string) => readFileSync(`${import.meta.dirname}/${file}`, 'utf8').includes('vi.mock(');
const mocked = () => testFiles.filter(mocks);
const unmocked = () => testFiles.filter((file) => !mocks(file));

// During `vite` / `vite preview` the API calls go to the platform on :8080.
const backend = process.env.API_URL || 'http://localhost:8080';
const proxied = ['/api', '/my-account', '/admin-settings', '/site/logo', '/api-docs', '/learner-course', '/assessment-front', '/course/batch/completed_lesson', '/file-manager', '/event/', '/calendar/entries', '/calendar/feed', '/course/training/', '/course/training-facility/', '/course/training-resource/',
  // The classrooms' API (docs/api-classrooms.md); /classroom and /classroom/details/... are pages.
  '/classroom/class/', '/classroom/batch/', '/classroom/people/', '/classroom/schedule/', '/classroom/attendance/', '/classroom/evaluation/', '/classroom/timeline/', '/classroom/update-publish-feature', '/classroom/api_configure/', '/convay/',
  // The reports' API (docs/api-reports.md); /reports/... are pages.
  '/course/reports/',
  // Bulk messages' API (docs/api-accounts.md); /bulknotify/email and the like are pages.
  '/bulknotify/audience', '/bulknotify/messages',
  // Mail templates' API; /template/mail is the page.
  '/mail-template/'];
const proxy = Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: false }]));

// The landing pages (lazy routes whose first download scripts/bundle-budget.mjs keeps under budget;
// src/app/bootstrap.ts loads the same namespaces with them).
const landingPages = {
  home: 'src/features/home/components/home-page.tsx',
  course: 'src/features/learn/components/course-details-page.tsx',
};
const landingRoutes = [
  { path: '^/$', page: landingPages.home, namespaces: ['home'] },
  { path: '^/(?:course/details|course-details|exam/details|webinar/details)/[^/]+/?$', page: landingPages.course, namespaces: ['learn'] },
];

export default defineConfig({
  plugins: [react(), muiDirectImports(import.meta.dirname), muiWithoutCssVars(), routePreload(import.meta.dirname, landingRoutes), precompress()],
  build: {
    // scripts/bundle-budget.mjs reads the manifest to count each landing page's initial JavaScript.
    manifest: true,
    // The browsers the app supports preload modules natively: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups(import.meta.dirname, 'src/main.tsx', landingPages) } } },
  },
  server: { proxy },
  preview: { proxy },
  test: {
    environment: 'node',
    // Importing MUI and the app's modules afresh for every file was two thirds of the suite's time,
    // so files share one module cache per worker. A file that replaces a module with vi.mock would
    // leak its mock into the files after it (or meet a module another file already imported), so
    // those run isolated, each with its own modules.
    projects: [
      { extends: true, test: { name: 'shared', include: unmocked(), isolate: false } },
      { extends: true, test: { name: 'isolated', include: mocked() } },
    ],
  },
});
