import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// During `vite` / `vite preview` the API calls go to the platform on :8080.
const backend = process.env.API_URL || 'http://localhost:8080';
const proxied = ['/api', '/my-account', '/admin-settings', '/site/logo', '/api-docs', '/learner-course', '/assessment-front', '/course/batch/completed_lesson'];
const proxy = Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: false }]));

// Vendor code in a few long-lived chunks so that no chunk passes 500 kB (and an app change does
// not invalidate the cached libraries). Higher priority wins when a module matches several groups.
// MUI only takes what the first page needs ($initial); components used by lazy pages alone (text
// fields, steppers, ...) stay in the chunks of those pages.
const vendorGroups = [
  { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 50 },
  { name: 'router', test: /[\\/]node_modules[\\/](react-router|cookie|set-cookie-parser)[\\/]/, priority: 40 },
  { name: 'i18n', test: /[\\/]node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements)[\\/]/, priority: 30 },
  { name: 'query', test: /[\\/]node_modules[\\/]@tanstack[\\/]/, priority: 30 },
  { name: 'mui', test: /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|@babel[\\/]runtime|stylis|hoist-non-react-statics|react-is|react-transition-group|clsx|prop-types|dom-helpers)[\\/]/, priority: 20, tags: ['$initial' as const] },
];

export default defineConfig({
  plugins: [react()],
  build: {
    rolldownOptions: { output: { codeSplitting: { groups: vendorGroups } } },
  },
  server: { proxy },
  preview: { proxy },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
