import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    // PGlite holds one connection per instance; files run in parallel, each on its own database.
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
