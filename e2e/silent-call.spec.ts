import type { Browser, Page } from '@playwright/test';
import { quickExitTexts, silentCallTexts } from '@seguridad/contracts/messages/silent-call';
import { expect } from './fixtures';
import { test } from './call-journeys';
import { DEV_ADMIN } from './fixtures';
import { silentCallSettingsTexts } from '@seguridad/contracts/messages/console-ui';
import { staffToken } from './support/accounts';

/** The neutral page a test company sends Salida rápida to; the browser gets it from the test. */
const NEUTRAL_URL = 'https://clima.example.cl/hoy';
const NEUTRAL_PAGE =
  '<!doctype html><html lang="es"><title>Clima</title><h1>Pronóstico del tiempo</h1></html>';

/** The company's Salida rápida address, set through the API (Configuración has its own check). */
async function setQuickExitUrl(baseURL: string, url: string | null) {
  const token = await staffToken(baseURL, DEV_ADMIN);
  const response = await fetch(`${baseURL}/api/v1/operator/company`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ quick_exit_url: url }),
  });
  expect(response.status).toBe(200);
}

/**
 * A phone-sized citizen whose browser counts every request for camera, microphone or screen, and
 * serves the neutral page from the test.
 */
async function citizenOnPhone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 740 },
    hasTouch: true,
  });
  await context.route('https://clima.example.cl/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: NEUTRAL_PAGE }),
  );
  await context.addInitScript(() => {
    const asked: string[] = [];
    (window as unknown as { mediaAsked: string[] }).mediaAsked = asked;
    const devices = navigator.mediaDevices;
    if (!devices) return;
    const getUserMedia = devices.getUserMedia.bind(devices);
    devices.getUserMedia = (constraints) => {
      asked.push(JSON.stringify(constraints));
      return getUserMedia(constraints);
    };
    const getDisplayMedia = devices.getDisplayMedia?.bind(devices);
    if (getDisplayMedia)
      devices.getDisplayMedia = (options) => {
        asked.push('screen');
        return getDisplayMedia(options);
      };
  });
  return { context, page: await context.newPage() };
}

async function openSilentPanel(citizen: Page) {
  await citizen.goto('/');
  await citizen.getByRole('button', { name: 'Contáctanos' }).click();
  await citizen
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(`^${silentCallTexts.entry.replace(/[()]/g, '\\$&')}`) })
    .click();
  return citizen.getByRole('dialog', { name: silentCallTexts.consoleTitle });
}

test.describe('silent call', () => {
  test.setTimeout(90_000);

  test('at 360 px, without camera or microphone: quick questions, real-time text, then Salida rápida', async ({
    browser,
    operator,
    server,
  }) => {
    // The administrator sets where Salida rápida goes, in Configuración.
    await operator.page.goto('/operador?vista=configuracion');
    const settings = operator.page.getByRole('region', { name: silentCallSettingsTexts.title });
    await settings.getByRole('textbox', { name: silentCallSettingsTexts.exitUrl }).fill(NEUTRAL_URL);
    await settings.getByRole('button', { name: silentCallSettingsTexts.save }).click();
    await expect(operator.page.getByText(silentCallSettingsTexts.saved)).toBeVisible();
    await operator.page.goto('/operador?vista=llamadas');
    await expect(operator.page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();

    const citizen = await citizenOnPhone(browser, server.baseURL);
    try {
      const page = citizen.page;
      const panel = await openSilentPanel(page);
      await expect(panel.getByText(silentCallTexts.intro)).toBeVisible();
      await panel.getByRole('button', { name: silentCallTexts.start }).click();
      await expect(panel.getByRole('status').filter({ hasText: silentCallTexts.waiting })).toBeVisible();

      // The operator sees it flagged before accepting, and answers with no camera either.
      const queued = operator.page.getByRole('listitem').filter({ hasText: silentCallTexts.flag });
      await queued.getByRole('button', { name: /Aceptar llamada silenciosa/ }).click();
      const consoleCall = operator.page.getByRole('region', {
        name: new RegExp(silentCallTexts.consoleTitle),
      });
      await expect(consoleCall.getByText(silentCallTexts.consoleHint)).toBeVisible();
      await expect(consoleCall.locator('video')).toHaveCount(0);
      await expect(panel.getByRole('status').filter({ hasText: silentCallTexts.connected })).toBeVisible();

      // One tap asks; one tap answers.
      await consoleCall.getByRole('button', { name: '¿Estás en peligro ahora?' }).click();
      const question = panel.getByRole('group', { name: '¿Estás en peligro ahora?' });
      await question.getByRole('button', { name: silentCallTexts.yes }).click();
      await expect(consoleCall.getByText(silentCallTexts.answered('Sí'))).toBeVisible();
      await expect(panel.getByText(silentCallTexts.answered('Sí'))).toBeVisible();

      // What the citizen types reaches the operator before it is sent.
      await panel
        .getByRole('textbox', { name: 'Mensaje', exact: true })
        .pressSequentially('Estoy en el baño');
      await expect(consoleCall.getByTestId('peer-typing')).toHaveText('Estoy en el baño');
      await page.screenshot({ path: 'test-results/silent-call-360.png' });
      await operator.page.screenshot({ path: 'test-results/silent-call-console.png' });

      // Nothing asked the browser for a camera, a microphone or a screen.
      expect(await page.evaluate(() => (window as unknown as { mediaAsked: string[] }).mediaAsked)).toEqual(
        [],
      );

      // Salida rápida: the neutral page in this tab, the same history length, the operator told.
      const historyLength = await page.evaluate(() => history.length);
      await panel.getByRole('button', { name: quickExitTexts.button }).click();
      await page.waitForURL(NEUTRAL_URL);
      await expect(page.getByRole('heading', { name: 'Pronóstico del tiempo' })).toBeVisible();
      expect(await page.evaluate(() => history.length)).toBe(historyLength);
      expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
      await expect(consoleCall.getByText(silentCallTexts.quickExitByCitizen)).toBeVisible();
    } finally {
      await citizen.context.close();
      await setQuickExitUrl(server.baseURL, null);
    }
  });

  test('Esc pressed twice while the widget is open leaves at once, and Back does not return', async ({
    browser,
    server,
  }) => {
    await setQuickExitUrl(server.baseURL, NEUTRAL_URL);
    const citizen = await citizenOnPhone(browser, server.baseURL);
    try {
      const page = citizen.page;
      await page.goto('/preguntas-frecuentes');
      await page.goto('/');
      await page.getByRole('button', { name: 'Contáctanos' }).click();
      await expect(
        page.getByRole('dialog').getByRole('button', { name: quickExitTexts.button }),
      ).toBeVisible();
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await page.waitForURL(NEUTRAL_URL);
      await page.goBack();
      await expect(page).toHaveURL(/\/preguntas-frecuentes$/);
    } finally {
      await citizen.context.close();
      await setQuickExitUrl(server.baseURL, null);
    }
  });
});
