import { chromium, type Page } from 'playwright-core';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { startProductServer } from './lib/server-process';

export type CallLatencyFigures = {
  calls: number;
  medianMs: number;
  p95Ms: number;
  minMs: number;
  maxMs: number;
};

const OPERATOR = { email: 'operador@example.com', password: 'operador-bench-2026' };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Presses "Aceptar" on every call that appears in the console's queue, as soon as it appears.
 * A string, not a function: the TypeScript runner would wrap a function with helpers the page lacks.
 */
const AUTO_ACCEPT = `
  const pressAccept = () => {
    for (const button of document.querySelectorAll('button')) {
      const name = (button.getAttribute('aria-label') || button.textContent || '').trim();
      if (/^Aceptar/.test(name) && !button.disabled) button.click();
    }
  };
  new MutationObserver(pressAccept).observe(document.body, { childList: true, subtree: true });
  pressAccept();
`;

async function operatorConsole(page: Page, url: string) {
  await page.goto(`${url}/operador?vista=llamadas`);
  await page.getByRole('status').filter({ hasText: 'En vivo' }).waitFor();
  await page.evaluate(AUTO_ACCEPT);
}

/**
 * Llamar → first remote video frame, in real Chromium with fake camera and microphone on loopback:
 * the citizen presses Llamar on the site's drawer, an operator console that accepts at once answers,
 * and the time runs until the citizen's page draws the operator's first video frame (the product's
 * own User Timing marks `call:llamar` and `call:first-remote-frame`).
 */
export async function measureCallLatency(calls = 20): Promise<CallLatencyFigures> {
  const server = await startProductServer({
    DEMO_MODE: '1',
    // The site's drawer is built with the demo company's key.
    SEED_COMPANY_KEY: DEMO_COMPANY_KEY,
    SEED_OPERATOR_PASSWORD: OPERATOR.password,
    VIDEO_CALLS_MAX: '1000000',
    RATE_LIMIT_MAX: '1000000000',
  });
  const url = server.url.replace('127.0.0.1', 'localhost');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--allow-loopback-in-peer-connection',
    ],
  });
  const samples: number[] = [];
  try {
    const login = await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OPERATOR),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const operatorContext = await browser.newContext();
    await operatorContext.addInitScript((value) => localStorage.setItem('session-token', value), token);
    const operator = await operatorContext.newPage();
    const citizen = await (await browser.newContext()).newPage();

    // One warm-up call (caches, codecs), then the measured ones.
    for (let index = 0; index <= calls; index += 1) {
      await operatorConsole(operator, url);
      await citizen.goto(`${url}/`);
      await citizen.getByRole('button', { name: 'Contáctanos' }).click();
      await citizen.getByRole('dialog').getByRole('button', { name: 'Videollamada' }).click();
      const llamar = citizen
        .getByRole('dialog', { name: 'Videollamada' })
        .getByRole('button', { name: 'Llamar' });
      await llamar.waitFor();
      await llamar.click();
      const elapsed = await citizen.waitForFunction(
        () => {
          const [start] = performance.getEntriesByName('call:llamar');
          const [frame] = performance.getEntriesByName('call:first-remote-frame');
          return start && frame ? frame.startTime - start.startTime : false;
        },
        undefined,
        { timeout: 20_000, polling: 50 },
      );
      const value = (await elapsed.jsonValue()) as number;
      if (index > 0) samples.push(value);
      await citizen.getByRole('button', { name: 'Terminar Llamada' }).click();
    }
  } finally {
    await browser.close();
    await server.stop();
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
