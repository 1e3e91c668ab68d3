import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// During `vite` / `vite preview` the API calls go to the platform on :8080.
const backend = process.env.API_URL || 'http://localhost:8080';
const proxied = ['/api', '/my-account', '/admin-settings', '/site/logo', '/api-docs'];
const proxy = Object.fromEntries(proxied.map((p) => [p, { target: backend, changeOrigin: false }]));

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { proxy },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
  },
});
