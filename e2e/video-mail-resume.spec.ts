import { type Locator, type Page } from '@playwright/test';
import { widgetTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { checkedViewports, expect, expectNoHorizontalScroll, test, DEV_ADMIN } from './fixtures';
import { startCuttableProxy, type CuttableProxy } from './support/cuttable-proxy';
import { expectPlaysAndSeeks } from './support/media-checks';

/*
 * A citizen on a mobile network loses coverage in the middle of sending a video mail (decision
 * 028). The browser reaches the server through a proxy the test cuts and restores; the video mail
 * must arrive whole without the citizen doing anything, and play and seek in the console.
 */

async function recordSeconds(dialog: Locator, seconds: number): Promise<void> {
  await dialog.getByRole('button', { name: 'Grabar nuevo video' }).click();
  await dialog.getByRole('button', { name: 'Comenzar grabación' }).click();
  await expect(dialog.getByRole('timer')).toContainText(new RegExp(`^0:0[${seconds}-9]`), {
    timeout: (seconds + 10) * 1000,
  });
  await dialog.getByRole('button', { name: 'Detener grabación' }).click();
  await expect(dialog.getByLabel('Tu video grabado')).toBeVisible();
}

/** The bar's value now, or undefined when it has just been replaced by the result. */
async function progressValue(dialog: Locator): Promise<number | undefined> {
  const value = await dialog
    .getByRole('progressbar')
    .getAttribute('value', { timeout: 500 })
    .catch(() => null);
  return value === null ? undefined : Number(value);
}

async function openVideoMails(page: Page): Promise<void> {
  await page.goto(
    `${webPaths.login}?redirect_to=${encodeURIComponent(`${webPaths.operator}?vista=video-mails`)}`,
  );
  await page.getByLabel('Email').fill(DEV_ADMIN.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEV_ADMIN.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Consola de operadores' })).toBeVisible();
}

test.describe('a video mail over a network that drops', () => {
  let proxy: CuttableProxy;
  test.beforeEach(async ({ server }) => {
    proxy = await startCuttableProxy(server.port);
  });
  test.afterEach(async () => {
    await proxy.close();
  });
  test.setTimeout(120_000);

  test('goes on by itself when the network comes back, and arrives whole, playable and seekable', async ({
    browser,
    page,
  }) => {
    const citizen = await browser.newPage({ baseURL: proxy.url });
    try {
      await citizen.goto('/');
      await citizen.getByRole('button', { name: 'Contáctanos' }).click();
      await citizen.getByRole('dialog').getByRole('button', { name: 'Video Mail' }).click();
      const dialog = citizen.getByRole('dialog', { name: 'Video Mail' });
      await recordSeconds(dialog, 5);
      const sender = `Cobertura ${Math.random().toString(36).slice(2, 8)}`;
      await dialog.getByRole('textbox', { name: 'Correo electrónico' }).fill('vecina@example.com');
      await dialog.getByRole('textbox', { name: 'Nombre' }).fill(sender);
      await dialog.getByRole('textbox', { name: 'Teléfono' }).fill('912345678');
      await dialog.getByRole('textbox', { name: 'Mensaje' }).fill('Se cortó la señal mientras enviaba.');

      // A slow mobile uplink, so that the cut falls in the middle of the video.
      proxy.throttle(20 * 1024);
      let before: number | undefined;
      citizen.on('request', (request) => {
        if (request.method() === 'PATCH' && before === undefined) before = proxy.bytesUp();
      });
      await dialog.getByRole('button', { name: 'Enviar video' }).click();
      await expect(dialog.getByRole('progressbar')).toBeVisible();
      await expect
        .poll(() => (before === undefined ? 0 : proxy.bytesUp() - before), { timeout: 30_000 })
        .toBeGreaterThan(40 * 1024);
      // The cut falls here: the server holds part of the video, the rest is not through yet.
      proxy.cut();
      const sentBeforeCut = proxy.bytesUp() - before!;
      await expect(dialog.getByText(widgetTexts.uploadWaitingForNetwork)).toBeVisible({ timeout: 20_000 });
      // The form stays as it was: nothing to press, nothing lost.
      await expect(dialog.getByRole('textbox', { name: 'Nombre' })).toHaveValue(sender);
      await expect(dialog.getByText(widgetTexts.uploadFailed)).toHaveCount(0);
      await expect(dialog.getByRole('progressbar')).toBeVisible();
      for (const viewport of checkedViewports) {
        await citizen.setViewportSize(viewport);
        await expectNoHorizontalScroll(citizen);
        await dialog.screenshot({ path: `test-results/video-mail-waiting-${viewport.width}.png` });
      }

      proxy.restore();
      const afterRestore = proxy.bytesUp();
      // The bar goes on from where the server's bytes end; it never starts over from zero.
      const shown: number[] = [];
      const success = citizen.getByText(widgetTexts.videoMailSent);
      while (!(await success.isVisible())) {
        const value = await progressValue(dialog);
        if (value !== undefined) shown.push(value);
        await citizen.waitForTimeout(50);
      }
      expect(shown.length).toBeGreaterThan(0);
      expect(Math.min(...shown)).toBeGreaterThan(0);
      const sentAfterRestore = proxy.bytesUp() - afterRestore;

      await openVideoMails(page);
      const card = page.getByRole('article', { name: sender });
      await expect(card).toBeVisible();
      await expect(card).toContainText(/Duración 0:0[3-9]/);
      await expectPlaysAndSeeks(page, card.locator('video'));
      // Resumed, not sent again: after the network came back, less than the whole video went up.
      const videoBytes = Number(
        await card.locator('video').evaluate(async (element: HTMLVideoElement) => {
          const response = await fetch(element.src, { method: 'HEAD' });
          return response.headers.get('content-length');
        }),
      );
      expect(sentBeforeCut).toBeLessThan(videoBytes);
      expect(sentAfterRestore).toBeLessThan(videoBytes);
    } finally {
      await citizen.close();
    }
  });
});
