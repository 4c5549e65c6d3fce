import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/testing/global-setup.ts'],
    // PGlite holds one connection per instance; files run in parallel, each on its own database.
    pool: 'forks',
    // Three files at a time on two cores: a file waits on timers, sockets and the database as
    // often as it computes. Each worker process runs file after file without reloading the app's
    // modules (about 1 s a file): every file builds its own app on its own database, and no
    // module keeps state between apps (docs/testing.md).
    maxWorkers: 3,
    isolate: false,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
