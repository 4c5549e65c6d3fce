import { type Page } from '@playwright/test';
import type { PublicDrawResponse } from '@seguridad/contracts/http/promo';
import { pageTexts, promoTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { checkedViewports, expect, reactHasTakenOver, startServer, test } from './fixtures';
import { collectConsoleErrors } from './support/accounts';
import { eligibleRegistrant, publishDraw } from './support/promo';

test('the results page lists the first 20 winners with masked phones', async ({ page }) => {
  test.setTimeout(90_000);
  // A server of its own: the draw journeys that share this worker's server publish other winners.
  const server = await startServer();
  try {
    await page.goto(`${server.baseURL}/ganadores-camaras`);
    await expect(page).toHaveTitle(/Resultados Sorteo de Cámaras/);
    await expect(page.getByRole('heading', { level: 1, name: pageTexts.resultsTitle })).toBeVisible();

    const table = page.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Nombre' })).toBeVisible();
    await expect(table.getByRole('columnheader', { name: 'Teléfono' })).toBeVisible();
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(20);

    const phones = await rows.locator('td:nth-child(3)').allInnerTexts();
    for (const phone of phones) {
      expect(phone).toMatch(/^\+569 \*{4} \*\d{3}$/);
      expect(phone.replace(/\D/g, '').length).toBeLessThanOrEqual(6);
    }
    await expect(page.getByText(pageTexts.resultsContactNote)).toBeVisible();
  } finally {
    await server.stop();
  }
});

test('the results page says so when the list cannot be loaded', async ({ page }) => {
  await page.route('**/api/promo/winners', (route) => route.fulfill({ status: 503, body: '{}' }));
  await page.goto('/ganadores-camaras');
  await expect(page.getByRole('alert')).toContainText('No pudimos cargar la lista de ganadores');
});

/*
 * Decision 019: the results page hydrates on intent like the other pages that only read, and a
 * small module without React fills in the winners and the draw's proof at once. React, on the
 * first intent, renders the same page from the data the prefill hands it.
 */
test.describe('before the visitor shows intent', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let published: PublicDrawResponse;

  test.beforeAll(async ({ playwright }) => {
    test.setTimeout(120_000);
    // A server of its own: the draw journeys that share this worker's server publish their own draw.
    server = await startServer();
    const request = await playwright.request.newContext({ baseURL: server.baseURL });
    await eligibleRegistrant(request);
    await publishDraw(request, new Date(Date.now() + 7 * 24 * 3600 * 1000));
    published = (await (await request.get('/api/promo/draw')).json()) as PublicDrawResponse;
    await request.dispose();
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  for (const viewport of checkedViewports) {
    test.describe(`on ${viewport.name}`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      test('shows the winners and the proof without the app, and React takes over without a change', async ({
        page,
      }, testInfo) => {
        const errors = collectConsoleErrors(page, []);
        const requests = watchRequests(page);
        const app = await holdBackApp(page);
        await page.goto(`${server.baseURL}${webPaths.results}`);

        const article = page.getByRole('article');
        const table = page.getByRole('table', { name: promoTexts.winnersCaption });
        const proof = page.getByTestId('draw-proof');
        await expect(table.locator('tbody tr')).toHaveCount(20);
        await expect(proof).toBeVisible();
        await expect(page.getByTestId('proof-commitment')).toHaveText(published.draw!.commitment);
        await expect(proof).toContainText(promoTexts.seedHidden);
        await expect(proof.getByRole('link', { name: promoTexts.downloadList })).toHaveAttribute(
          'href',
          published.draw!.list_url,
        );
        // Not even requested: the app waits for an intent.
        expect(requests.scripts.filter(isApp)).toEqual([]);
        expect(await reactHasTakenOver(page)).toBe(false);

        const textBefore = await article.innerText();
        const tableBefore = await table.boundingBox();
        const proofBefore = await proof.boundingBox();
        await page.screenshot({
          path: testInfo.outputPath(`before-react-${viewport.width}.png`),
          fullPage: true,
        });
        await watchTakeover(page);

        // A tap on the text: the app loads and takes over.
        await page.getByRole('heading', { level: 1 }).click();
        app.release();
        await expect.poll(() => reactHasTakenOver(page)).toBe(true);
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))),
        );

        expect(requests.scripts.some(isApp)).toBe(true);
        expect(await article.innerText()).toBe(textBefore);
        expect(await table.boundingBox()).toEqual(tableBefore);
        expect(await proof.boundingBox()).toEqual(proofBefore);
        expect(await takeoverRecord(page)).toEqual({ sawLoadingRow: false, layoutShift: 0 });
        // React started from what the prefill had: neither list was asked for twice.
        expect([...requests.api].sort()).toEqual([drawPath, winnersPath]);
        expect(errors).toEqual([]);
        await page.screenshot({
          path: testInfo.outputPath(`after-react-${viewport.width}.png`),
          fullPage: true,
        });
      });
    });
  }

  test('React fetches what the prefill has not received yet, and the prefill then writes nothing', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page, []);
    const requests = watchRequests(page);
    let releaseWinners!: () => void;
    const winnersHeld = new Promise<void>((resolve) => (releaseWinners = resolve));
    await page.route(`**${winnersPath}`, async (route) => {
      await winnersHeld;
      await route.continue();
    });
    await page.goto(`${server.baseURL}${webPaths.results}`);
    await expect(page.getByTestId('draw-proof')).toBeVisible();
    const table = page.getByRole('table', { name: promoTexts.winnersCaption });
    await expect(table.getByText(promoTexts.winnersLoading)).toBeVisible();

    await page.getByRole('heading', { level: 1 }).click();
    await expect.poll(() => reactHasTakenOver(page)).toBe(true);
    await expect.poll(() => requests.api.filter((path) => path === winnersPath).length).toBe(2);
    releaseWinners();

    await expect(table.locator('tbody tr')).toHaveCount(20);
    await expect(table.getByText(promoTexts.winnersLoading)).toHaveCount(0);
    await expect(page.getByTestId('draw-proof')).toHaveCount(1);
    // The draw's proof came from the prefill: React did not ask for it again.
    expect(requests.api.filter((path) => path === drawPath)).toHaveLength(1);
    expect(errors).toEqual([]);
  });
});

const winnersPath = '/api/promo/winners';
const drawPath = '/api/promo/draw';

/** The React app's own chunk: its first request is the app loading. */
const isApp = (path: string) => /\/assets\/boot-[^/]+\.js$/.test(path);

/** The scripts and the draw's API reads the page requests, in order. */
function watchRequests(page: Page) {
  const scripts: string[] = [];
  const api: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.resourceType() === 'script') scripts.push(pathname);
    if (pathname === winnersPath || pathname === drawPath) api.push(pathname);
  });
  return { scripts, api };
}

/** Holds back the React app until `release()`, as on a slow phone while it downloads. */
async function holdBackApp(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/boot-[^/?]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

/** From now on, records whether the loading row comes back and how much the layout shifts. */
async function watchTakeover(page: Page): Promise<void> {
  await page.evaluate((loading) => {
    const record = { sawLoadingRow: false, layoutShift: 0 };
    (window as unknown as { takeoverRecord: typeof record }).takeoverRecord = record;
    const root = document.getElementById('root')!;
    new MutationObserver(() => {
      if (root.textContent?.includes(loading)) record.sawLoadingRow = true;
    }).observe(root, { childList: true, subtree: true, characterData: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        record.layoutShift += (entry as unknown as { value: number }).value;
    }).observe({ type: 'layout-shift' });
  }, promoTexts.winnersLoading);
}

function takeoverRecord(page: Page) {
  return page.evaluate(() => (window as unknown as { takeoverRecord: unknown }).takeoverRecord);
}
