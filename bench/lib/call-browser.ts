import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { BENCH_OPERATOR, CALL_BENCH_ENV } from './call-clients';
import { startProductServer, type ServerHandle } from './server-process';

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

export type CallBench = {
  server: ServerHandle;
  /** The site's address (localhost, a secure context for the camera). */
  url: string;
  browser: Browser;
  /** A context signed in as the demo operator, and that operator's bearer token. */
  operatorContext: BrowserContext;
  operatorToken: string;
  close(): Promise<void>;
};

/**
 * The product (demo seed, the site's drawer built with the demo company's key, no limits in the
 * way) and Chromium with fake camera and microphone on loopback, with a signed-in operator context.
 */
export async function openCallBench(): Promise<CallBench> {
  const server = await startProductServer({ ...CALL_BENCH_ENV, SEED_COMPANY_KEY: DEMO_COMPANY_KEY });
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
  const close = async () => {
    await browser.close();
    await server.stop();
  };
  try {
    const login = await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(BENCH_OPERATOR),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const operatorContext = await browser.newContext();
    await operatorContext.addInitScript((value) => localStorage.setItem('session-token', value), token);
    return { server, url, browser, operatorContext, operatorToken: token, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The operator's console on its calls view, accepting every call that comes in. */
export async function openAcceptingConsole(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/operador?vista=llamadas`);
  await page.getByRole('status').filter({ hasText: 'En vivo' }).waitFor();
  await page.evaluate(AUTO_ACCEPT);
}

/** The citizen opens the site's drawer, chooses Videollamada and presses Llamar. */
export async function pressLlamar(citizen: Page, url: string): Promise<void> {
  await citizen.goto(`${url}/`);
  await citizen.getByRole('button', { name: 'Contáctanos' }).click();
  await citizen.getByRole('dialog').getByRole('button', { name: 'Videollamada' }).click();
  const llamar = citizen
    .getByRole('dialog', { name: 'Videollamada' })
    .getByRole('button', { name: 'Llamar' });
  await llamar.waitFor();
  await llamar.click();
}
