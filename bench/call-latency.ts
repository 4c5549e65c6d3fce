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
export async function measureCallLatency(calls = 20): Promise<CallLatencyFigures> {
  const { url, operatorContext, browser, close } = await openCallBench();
  const samples: number[] = [];
  try {
    const operator = await operatorContext.newPage();
    const citizen = await (await browser.newContext()).newPage();

    // One warm-up call (caches, codecs), then the measured ones.
    for (let index = 0; index <= calls; index += 1) {
      await openAcceptingConsole(operator, url);
      await pressLlamar(citizen, url);
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
