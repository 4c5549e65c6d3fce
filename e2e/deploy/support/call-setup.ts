import { appendFileSync } from 'node:fs';
import { test, type Page } from '@playwright/test';

/**
 * The citizen's Llamar → first remote video frame of the call just connected, from the product's
 * own User Timing marks (what `npm run bench:calls` measures on loopback). Noted on the test, and
 * appended to DEPLOY_CALL_SETUP_FILE when set: `npm run bench:relay` collects them from there.
 */
export async function recordCallSetup(citizen: Page, path: string): Promise<number> {
  const elapsed = await citizen.waitForFunction(() => {
    const [start] = performance.getEntriesByName('call:llamar');
    const [frame] = performance.getEntriesByName('call:first-remote-frame');
    return start && frame ? frame.startTime - start.startTime : false;
  });
  const ms = Math.round((await elapsed.jsonValue()) as number);
  test.info().annotations.push({ type: 'call set-up', description: `${path}: ${ms} ms` });
  const file = process.env.DEPLOY_CALL_SETUP_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ path, ms })}\n`);
  return ms;
}
