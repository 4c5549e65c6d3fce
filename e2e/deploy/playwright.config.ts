import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumExecutable } from '../playwright.config';

/**
 * The deployment journeys (`npm run test:deploy`, as root): Debian's nginx, coturn and Prometheus
 * in front of and beside the built server, browsers in network namespaces. One at a time: each
 * drives two browsers with live video, and they share the machine's network set-up.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.DEPLOY_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.DEPLOY_JSON_REPORT }]]
    : [['list']],
  outputDir: '../test-results/deploy',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromiumExecutable,
      args: chromiumArgs,
    },
    // The journeys' certificate is self-signed, made by the journey itself.
    ignoreHTTPSErrors: true,
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
