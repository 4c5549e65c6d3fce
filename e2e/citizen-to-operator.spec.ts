import type { Browser, BrowserContext, Page } from '@playwright/test';
import { widgetTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { expect, test, DEV_ADMIN } from './fixtures';

const ADMIN = DEV_ADMIN;

/** The operator, in a browser of their own, with the console open and live. */
async function operatorConsole(
  browser: Browser,
  baseURL: string,
  query = '',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(`${webPaths.login}?redirect_to=${encodeURIComponent(`${webPaths.operator}${query}`)}`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Consola de operadores' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
  return { context, page };
}

test('a video mail recorded in the drawer reaches the open console and plays with a timeline', async ({
  browser,
  page: citizen,
  server,
}) => {
  const operator = await operatorConsole(browser, server.baseURL, '?vista=video-mails');
  try {
    const name = `Vecina ${Date.now()}`;
    await citizen.goto('/');
    await citizen.getByRole('button', { name: 'Contáctanos' }).click();
    await citizen.getByRole('dialog').getByRole('button', { name: 'Video Mail' }).click();
    const panel = citizen.getByRole('dialog', { name: 'Video Mail' });
    await panel.getByRole('button', { name: 'Grabar nuevo video' }).click();
    await panel.getByRole('button', { name: 'Comenzar grabación' }).click();
    await expect(panel.getByRole('timer', { name: 'Tiempo de grabación' })).toContainText(/^0:0[2-9]/);
    await panel.getByRole('button', { name: 'Detener grabación' }).click();
    await expect(panel.getByLabel('Tu video grabado')).toBeVisible();
    await panel.getByRole('textbox', { name: 'Correo electrónico' }).fill('vecina@example.com');
    await panel.getByRole('textbox', { name: 'Nombre' }).fill(name);
    await panel.getByRole('textbox', { name: 'Teléfono' }).fill('912345678');
    await panel.getByRole('textbox', { name: 'Mensaje' }).fill('Grabé lo que pasó frente a mi casa.');
    await panel.getByRole('button', { name: 'Enviar video' }).click();
    await expect(citizen.getByText(widgetTexts.videoMailSent)).toBeVisible();

    // The operator did not reload: the item arrives over the socket.
    const card = operator.page.getByRole('article', { name });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Grabé lo que pasó frente a mi casa.');
    const video = card.locator('video');
    const duration = await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<number>((resolve) => {
          if (element.readyState >= HTMLMediaElement.HAVE_METADATA) resolve(element.duration);
          else element.addEventListener('loadedmetadata', () => resolve(element.duration), { once: true });
          // The console fetches nothing before play (each opening is audited): start loading.
          element.preload = 'metadata';
          element.load();
        }),
    );
    expect(Number.isFinite(duration)).toBe(true);
    expect(duration).toBeGreaterThan(1);
    await video.evaluate((element: HTMLVideoElement) => element.play());
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0);
  } finally {
    await operator.context.close();
  }
});

test('the Video Mail entry follows the switch in the console', async ({ browser, page: citizen, server }) => {
  const operator = await operatorConsole(browser, server.baseURL, '?vista=configuracion');
  const videoMail = operator.page.getByRole('switch', { name: 'Video Mail' });
  try {
    await videoMail.uncheck();
    await expect(operator.page.getByText('Video Mail desactivado.')).toBeVisible();
    await citizen.goto('/');
    await citizen.getByRole('button', { name: 'Contáctanos' }).click();
    const entries = citizen.getByRole('dialog');
    await expect(entries.getByRole('button', { name: 'Contacto' })).toBeVisible();
    await expect(entries.getByRole('button', { name: 'Video Mail' })).toHaveCount(0);

    await videoMail.check();
    await expect(operator.page.getByText('Video Mail activado.')).toBeVisible();
    await citizen.reload();
    await citizen.getByRole('button', { name: 'Contáctanos' }).click();
    await expect(citizen.getByRole('dialog').getByRole('button', { name: 'Video Mail' })).toBeVisible();
  } finally {
    if (!(await videoMail.isChecked())) await videoMail.check();
    await operator.context.close();
  }
});
