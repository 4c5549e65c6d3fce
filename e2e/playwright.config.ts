import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/** Debian's Chromium with a fake camera and microphone; loopback ICE for WebRTC between contexts. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--allow-loopback-in-peer-connection',
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The deployment journeys (nginx, coturn, network namespaces; root only) run on their own:
  // `npm run test:deploy`.
  testIgnore: 'deploy/**',
  fullyParallel: true,
  // A call journey runs two browsers with live camera video and a server of its own: one such worker
  // per two cores. Two of them on two cores starve each other's video and time out; one at a time
  // is both steadier and, on such a machine, no slower overall.
  workers: Number(process.env.E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2))),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.E2E_JSON_REPORT
    ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]]
    : [['list']],
  outputDir: 'test-results',
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
