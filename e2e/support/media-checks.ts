import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The player has a finite timeline and jumps to its middle; the address answers a byte range with
 * just those bytes (what lets the player seek without downloading what comes before), and the whole
 * file downloads from it.
 */
export async function expectPlaysAndSeeks(page: Page, video: Locator): Promise<void> {
  const duration = await video.evaluate(
    (element: HTMLVideoElement) =>
      new Promise<number>((resolve, reject) => {
        element.addEventListener('error', () => reject(new Error(`media error ${element.error?.code}`)));
        if (element.readyState >= HTMLMediaElement.HAVE_METADATA) resolve(element.duration);
        else element.addEventListener('loadedmetadata', () => resolve(element.duration), { once: true });
        element.preload = 'auto';
        element.load();
      }),
  );
  expect(Number.isFinite(duration)).toBe(true);
  expect(duration).toBeGreaterThan(1);
  const landed = await video.evaluate(
    (element: HTMLVideoElement, target: number) =>
      new Promise<number>((resolve) => {
        element.addEventListener('seeked', () => resolve(element.currentTime), { once: true });
        element.currentTime = target;
      }),
    duration / 2,
  );
  expect(Math.abs(landed - duration / 2)).toBeLessThan(1);

  const src =
    (await video.getAttribute('src')) ?? (await video.locator('source').first().getAttribute('src'));
  const whole = await page.request.get(src!);
  expect(whole.status()).toBe(200);
  const body = await whole.body();
  expect([...body.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  const part = await page.request.get(src!, { headers: { range: 'bytes=100-199' } });
  expect(part.status()).toBe(206);
  expect((await part.body()).equals(body.subarray(100, 200))).toBe(true);
}
