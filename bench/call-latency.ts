import type { Page } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { openAcceptingConsole, openCallBench, pressLlamar } from './lib/call-browser';

export type CallLatencyFigures = {
  calls: number;
  medianMs: number;
  p95Ms: number;
  minMs: number;
  maxMs: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Llamar → first remote video frame, in real Chromium with fake camera and microphone on loopback:
 * the citizen presses Llamar on the site's drawer, an operator console that accepts at once answers,
 * and the time runs until the citizen's page draws the operator's first video frame (the product's
 * own User Timing marks `call:llamar` and `call:first-remote-frame`).
 */
export async function measureCallLatency(
  calls = 20,
  citizenBrowser: 'chromium' | 'firefox' = 'chromium',
): Promise<CallLatencyFigures> {
  const { url, operatorContext, browser, close } = await openCallBench();
  const samples: number[] = [];
  let firefox: Awaited<ReturnType<typeof puppeteer.launch>> | undefined;
  try {
    const operator = await operatorContext.newPage();
    const citizen =
      citizenBrowser === 'chromium'
        ? chromiumCitizen(await (await browser.newContext()).newPage(), url)
        : firefoxCitizen(await (firefox = await launchFirefox()).newPage(), url);

    // One warm-up call (caches, codecs), then the measured ones.
    for (let index = 0; index <= calls; index += 1) {
      await openAcceptingConsole(operator, url);
      await citizen.pressLlamar();
      const value = await citizen.llamarToFirstFrame();
      if (index > 0) samples.push(value);
      await citizen.hangUp();
    }
  } finally {
    await firefox?.close();
    await close();
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value);
  return {
    calls: samples.length,
    medianMs: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    minMs: round(sorted[0]!),
    maxMs: round(sorted[sorted.length - 1]!),
  };
}

/** Measured in the citizen's page with the product's own User Timing marks. A string: see AUTO_ACCEPT. */
const ELAPSED = `(() => {
  const [start] = performance.getEntriesByName('call:llamar');
  const [frame] = performance.getEntriesByName('call:first-remote-frame');
  return start && frame ? frame.startTime - start.startTime : false;
})()`;

type BenchCitizen = {
  pressLlamar(): Promise<void>;
  llamarToFirstFrame(): Promise<number>;
  hangUp(): Promise<void>;
};

function chromiumCitizen(page: Page, url: string): BenchCitizen {
  return {
    pressLlamar: () => pressLlamar(page, url),
    llamarToFirstFrame: async () =>
      (await (
        await page.waitForFunction(ELAPSED, undefined, { timeout: 20_000, polling: 50 })
      ).jsonValue()) as number,
    hangUp: () => page.getByRole('button', { name: 'Terminar Llamada' }).click(),
  };
}

/** Debian's Firefox ESR over WebDriver BiDi, fake camera and microphone by prefs (decision 037). */
function launchFirefox() {
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr',
    headless: true,
    extraPrefsFirefox: {
      'media.navigator.streams.fake': true,
      'media.navigator.permission.disabled': true,
      'media.autoplay.default': 0,
      'media.autoplay.blocking_policy': 0,
    },
  });
}

/** Clicks the enabled button named `name` once it is there (inside the dialog named `dialog`). */
const clickByName = (name: string, dialog?: string) => `(() => {
  const label = (element) => (element.getAttribute('aria-label') || element.textContent || '').trim();
  let root = document;
  ${
    dialog
      ? `root = [...document.querySelectorAll('[role="dialog"]')].find((element) => {
          const title = element.getAttribute('aria-labelledby');
          return title && (document.getElementById(title)?.textContent || '').trim() === ${JSON.stringify(dialog)};
        });
        if (!root) return false;`
      : ''
  }
  const button = [...root.querySelectorAll('button')].find(
    (element) => label(element) === ${JSON.stringify(name)} && !element.disabled && element.getClientRects().length > 0,
  );
  if (!button) return false;
  button.click();
  return true;
})()`;

function firefoxCitizen(
  page: Awaited<ReturnType<Awaited<ReturnType<typeof launchFirefox>>['newPage']>>,
  url: string,
): BenchCitizen {
  const click = (name: string, dialog?: string) =>
    page.waitForFunction(clickByName(name, dialog), { timeout: 20_000, polling: 50 });
  return {
    async pressLlamar() {
      await page.goto(`${url}/`);
      await click('Contáctanos');
      await click('Videollamada', 'Contáctanos');
      await click('Llamar', 'Videollamada');
    },
    llamarToFirstFrame: async () =>
      (await (await page.waitForFunction(ELAPSED, { timeout: 20_000, polling: 50 })).jsonValue()) as number,
    hangUp: async () => void (await click('Terminar Llamada')),
  };
}
