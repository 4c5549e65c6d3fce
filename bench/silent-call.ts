import type { Page } from 'playwright-core';
import { openAcceptingConsole, openCallBench } from './lib/call-browser';
import { percentile } from './lib/call-clients';

/** The targets (decision 060). */
export const SILENT_CALL_TARGETS = { realTimeTextP95Ms: 500, quickExitP95Ms: 300 } as const;

export type SilentCallFigures = {
  realTimeText: { characters: number; p50Ms: number; p95Ms: number; maxMs: number };
  quickExit: { exits: number; p50Ms: number; p95Ms: number; maxMs: number };
};

/** The neutral page Salida rápida goes to, served by the bench: it notes when its document is parsed. */
const NEUTRAL_URL = 'https://clima.example.cl/';
const NEUTRAL_PAGE =
  '<!doctype html><html lang="es"><title>Clima</title><h1>Pronóstico</h1>' +
  '<script>window.parsedAt = performance.timeOrigin + performance.now();</script></html>';

const round = (value: number) => Math.round(value);
function summary(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    maxMs: round(sorted[sorted.length - 1]!),
  };
}

/** The citizen opens the site's drawer, chooses the silent call and starts it. */
async function startSilentCall(citizen: Page, url: string) {
  await citizen.goto(`${url}/`);
  await citizen.getByRole('button', { name: 'Contáctanos' }).click();
  await citizen
    .getByRole('dialog')
    .getByRole('button', { name: /^Llamada silenciosa/ })
    .click();
  await citizen.getByRole('button', { name: 'Iniciar llamada silenciosa' }).click();
  await citizen.getByText('Una operadora te está leyendo.').waitFor({ timeout: 20_000 });
}

/**
 * Real-time text and Salida rápida in real Chromium on loopback (decision 060), with an operator
 * console that accepts every call:
 * - each character the citizen types, from its input event on the citizen's page to the operator's
 *   page showing the draft that contains it (both clocks are the same browser's);
 * - Salida rápida, from the press to the neutral page's document being parsed.
 */
export async function measureSilentCall(characters = 60, exits = 20): Promise<SilentCallFigures> {
  const { url, operatorContext, operatorToken: token, browser, close } = await openCallBench();
  try {
    const operator = await operatorContext.newPage();
    const citizenContext = await browser.newContext();
    await citizenContext.route(`${NEUTRAL_URL}**`, (route) =>
      route.fulfill({ contentType: 'text/html; charset=utf-8', body: NEUTRAL_PAGE }),
    );
    await setQuickExitUrl(url, token, NEUTRAL_URL);

    // Real-time text: one call, a person's typing pace.
    await openAcceptingConsole(operator, url);
    const citizen = await citizenContext.newPage();
    await startSilentCall(citizen, url);
    await operator.getByTestId('peer-typing').waitFor();
    await operator.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { seen: number[] }).seen = seen;
      const element = document.querySelector('[data-testid="peer-typing"]')!;
      new MutationObserver(() => {
        const length = (element.textContent ?? '').length;
        const at = performance.timeOrigin + performance.now();
        // The placeholder sentence is not a draft.
        if (element.querySelector('span')) return;
        while (seen.length < length) seen.push(at);
      }).observe(element, { childList: true, subtree: true, characterData: true });
    });
    const input = citizen.getByRole('textbox', { name: 'Mensaje', exact: true });
    await input.evaluate((element) => {
      const typed: number[] = [];
      (window as unknown as { typed: number[] }).typed = typed;
      element.addEventListener('input', () => typed.push(performance.timeOrigin + performance.now()));
    });
    const text = 'Estoy escondida en el baño y él está en la cocina con un cuchillo'.slice(0, characters);
    await input.pressSequentially(text, { delay: 120 });
    await operator.waitForFunction(
      (length) => (window as unknown as { seen: number[] }).seen.length >= length,
      text.length,
    );
    const typed = await citizen.evaluate(() => (window as unknown as { typed: number[] }).typed);
    const seen = await operator.evaluate(() => (window as unknown as { seen: number[] }).seen);
    const textLatencies = typed.map((at, index) => seen[index]! - at);
    await citizen.close();

    // Salida rápida: a new silent call each time, answered, then the press.
    const exitLatencies: number[] = [];
    for (let index = 0; index <= exits; index += 1) {
      await openAcceptingConsole(operator, url);
      const page = await citizenContext.newPage();
      await startSilentCall(page, url);
      const pressedAt = await page.evaluate(() => {
        const button = Array.from(document.querySelectorAll('button')).find((element) =>
          (element.textContent ?? '').includes('Salida rápida'),
        )!;
        const at = performance.timeOrigin + performance.now();
        setTimeout(() => button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0 })));
        return at;
      });
      await page.waitForURL(NEUTRAL_URL);
      await page.waitForFunction(() => (window as unknown as { parsedAt?: number }).parsedAt !== undefined);
      const parsedAt = await page.evaluate(() => (window as unknown as { parsedAt: number }).parsedAt);
      // The first one warms the caches.
      if (index > 0) exitLatencies.push(parsedAt - pressedAt);
      await page.close();
    }
    await setQuickExitUrl(url, token, null);
    return {
      realTimeText: { characters: textLatencies.length, ...summary(textLatencies) },
      quickExit: { exits: exitLatencies.length, ...summary(exitLatencies) },
    };
  } finally {
    await close();
  }
}

async function setQuickExitUrl(url: string, token: string, exitUrl: string | null): Promise<void> {
  const response = await fetch(`${url}/api/v1/operator/company`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ quick_exit_url: exitUrl }),
  });
  if (!response.ok) throw new Error(`quick exit address not set: ${response.status}`);
}
