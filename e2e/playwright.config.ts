import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { ensureFakeCamera } from './support/fake-camera';

/**
 * The journeys' Chromium: Debian's `chromium-headless-shell`, Chromium's own headless browser
 * (Blink, V8 and WebRTC as in the full browser, without the browser's interface), which is what
 * Playwright runs headless by default. On two cores it spent about a third less CPU per call
 * journey than the full browser in headless mode (docs/testing.md).
 */
export const chromiumExecutable =
  process.env.E2E_CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** Chromium with a fake camera and microphone; loopback ICE for WebRTC between contexts. */
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
  // The camera films a 640×480 clip instead of the fake device's 1280×720 (support/fake-camera.ts).
  `--use-file-for-fake-video-capture=${ensureFakeCamera()}`,
];

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The deployment journeys (nginx, coturn, network namespaces; root only) run on their own:
  // `npm run test:deploy`.
  testIgnore: 'deploy/**',
  globalSetup: './support/global-setup.ts',
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
      executablePath: chromiumExecutable,
      args: chromiumArgs,
    },
    locale: 'es-CL',
    timezoneId: 'America/Santiago',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
