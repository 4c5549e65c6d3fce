/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';

const config = {
  plugins: [react()],
  resolve: {
    // zod without its eval probe, which our CSP reports (src/shared/validation/zod-jitless.ts).
    alias: [
      {
        find: /^zod$/,
        replacement: fileURLToPath(new URL('./src/shared/validation/zod-jitless.ts', import.meta.url)),
      },
    ],
  },
  build: {
    manifest: true,
    target: 'es2022',
    cssCodeSplit: true,
    assetsInlineLimit: 2048,
    // The site, and the widget's frame on other sites (an entry of its own: no router, no layout).
    rolldownOptions: { input: { index: 'index.html', widget: 'widget.html' } },
  },
  // The contracts package ships TypeScript; the prerender build must bundle it rather than import it.
  ssr: { noExternal: ['@seguridad/contracts'] },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
      '/dev': 'http://localhost:3000',
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup.ts'],
    // Vitest's default on two cores is one file at a time; a jsdom file spends as long setting up
    // its window as running its tests, so two go side by side.
    maxWorkers: 2,
    // A file's first test imports the pages it renders: 2 s alone, and more beside the lint and
    // typecheck that `npm test` runs at the same time. Vitest's default of 5 s was too close.
    testTimeout: 15_000,
  },
} satisfies UserConfig;

export default defineConfig(({ command }) => {
  // A build is always the production bundle, whatever NODE_ENV the shell has: with
  // NODE_ENV=development Vite and the React plugin would ship React's development runtime.
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
