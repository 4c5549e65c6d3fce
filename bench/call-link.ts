import { openCallBench } from './lib/call-browser';
import { percentile } from './lib/call-clients';

/** The target (decision 061): from the tap on the link to the operator's live video. */
export const CALL_LINK_TARGET_P95_MS = 8_000;

export type CallLinkFigures = { calls: number; p50Ms: number; p95Ms: number; maxMs: number };

/**
 * Tap → live video of a call link, in real Chromium on loopback: the bench operator sends a link
 * (through the API, as the console does), enters the private room in the console, and a fresh
 * phone-sized page opens the link from the outbox. The time runs from that page's navigation start
 * (the tap) to the operator's first video frame drawn on it (the product's own User Timing mark).
 */
export async function measureCallLink(calls = 20): Promise<CallLinkFigures> {
  const { url, operatorContext, operatorToken, browser, close } = await openCallBench();
  const samples: number[] = [];
  try {
    const operator = await operatorContext.newPage();
    const citizenContext = await browser.newContext({
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    for (let index = 0; index <= calls; index += 1) {
      const phone = `+5699${String(10_000_000 + index).slice(1)}`;
      const sent = await fetch(`${url}/api/v1/operator/call-links`, {
        method: 'POST',
        headers: { authorization: `Bearer ${operatorToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ phone, channel: 'sms' }),
      });
      if (!sent.ok) throw new Error(`call link not sent: ${sent.status} ${await sent.text()}`);
      const outbox = await (await fetch(`${url}/api/dev/outbox?to=${encodeURIComponent(phone)}`)).text();
      const link = /https?:\/\/[^\s"]+\?privatevideo=[A-Za-z0-9_-]+/.exec(outbox)?.[0];
      if (!link) throw new Error('no link in the outbox');

      await operator.goto(`${url}/operador?vista=llamadas`);
      await operator.getByRole('status').filter({ hasText: 'En vivo' }).waitFor();
      await operator
        .getByRole('button', { name: /^Entrar a la sala privada/ })
        .first()
        .click();
      await operator
        .getByText('Esperando que el ciudadano entre a la sala…')
        .first()
        .waitFor({ timeout: 15_000 });

      const citizen = await citizenContext.newPage();
      await citizen.goto(link.replace('127.0.0.1', 'localhost'));
      const handle = await citizen.waitForFunction(
        () => {
          const [frame] = performance.getEntriesByName('call:first-remote-frame');
          return frame ? frame.startTime : false;
        },
        undefined,
        { timeout: 30_000, polling: 50 },
      );
      const elapsed = (await handle.jsonValue()) as number;
      if (index > 0) samples.push(elapsed);
      await operator.getByRole('button', { name: 'Terminar llamada' }).click();
      await citizen.close();
    }
  } finally {
    await close();
  }
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    calls: samples.length,
    p50Ms: Math.round(percentile(sorted, 50)),
    p95Ms: Math.round(percentile(sorted, 95)),
    maxMs: Math.round(sorted[sorted.length - 1]!),
  };
}
