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

type BenchCitizen = {
  pressLlamar(): Promise<void>;
  llamarToFirstFrame(): Promise<number>;
  hangUp(): Promise<void>;
};

function chromiumCitizen(page: Page, url: string): BenchCitizen {
  return {
    pressLlamar: () => pressLlamar(page, url),
    // A function, not a string: a string is evaluated with eval, which the product's CSP refuses.
    llamarToFirstFrame: async () =>
      (await (
        await page.waitForFunction(llamarToFirstFrameInPage, undefined, { timeout: 20_000, polling: 50 })
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

/** Clicks the enabled button whose name starts with `name` (a drawer entry adds its description) once it is there (inside the dialog named `dialog`). */
const clickByNameSource = (name: string, dialog?: string) => `(() => {
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
    (element) => label(element).startsWith(${JSON.stringify(name)}) && !element.disabled && element.getClientRects().length > 0,
  );
  if (!button) return false;
  button.click();
  return true;
})()`;

/** Measured in the citizen's page with the product's own User Timing marks. A string: Firefox's citizen evaluates it as is (a bundled function would carry the bundler's helpers). */
const ELAPSED = `(() => {
  const [start] = performance.getEntriesByName('call:llamar');
  const [frame] = performance.getEntriesByName('call:first-remote-frame');
  return start && frame ? frame.startTime - start.startTime : false;
})()`;

/** The product's User Timing marks: Llamar to the first remote frame, in ms, once both exist. */
function llamarToFirstFrameInPage(): number | false {
  const [start] = performance.getEntriesByName('call:llamar');
  const [frame] = performance.getEntriesByName('call:first-remote-frame');
  return start && frame ? frame.startTime - start.startTime : false;
}

function firefoxCitizen(
  page: Awaited<ReturnType<Awaited<ReturnType<typeof launchFirefox>>['newPage']>>,
  url: string,
): BenchCitizen {
  // Polled with page.evaluate of a string: puppeteer's waitForFunction builds its predicate with
  // `new Function` in the page, which the product's CSP refuses.
  const until = async <Result>(what: string, poll: () => Promise<Result | false>): Promise<Result> => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const result = await poll();
      if (result !== false) return result;
      if (Date.now() > deadline) throw new Error(`Firefox citizen: timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const click = (name: string, dialog?: string) =>
    until(name, () => page.evaluate(clickByNameSource(name, dialog)) as Promise<boolean>);
  return {
    async pressLlamar() {
      await page.goto(`${url}/`);
      await click('Contáctanos');
      await click('Videollamada', 'Contáctanos');
      await click('Llamar', 'Videollamada');
    },
    llamarToFirstFrame: () =>
      until('the first remote frame', () => page.evaluate(ELAPSED) as Promise<number | false>),
    hangUp: async () => void (await click('Terminar Llamada')),
  };
}
