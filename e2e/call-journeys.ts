import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { callTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { chromiumArgs } from './playwright.config';
import { expect, test as base, DEV_ADMIN } from './fixtures';
import { signedInState, staffToken } from './support/accounts';

/**
 * What the call journeys share: an operator on the console's calls view in a browser of its own,
 * the citizen's Videollamada panel, a call connected both ways, and playing-video checks.
 */

export type Operator = { context: BrowserContext; page: Page };

/**
 * Chromium's fake capture answers getDisplayMedia too (a synthetic screen) when told to pick the
 * whole screen without asking, as a person would in the picker.
 */
export const displayCaptureArgs = [...chromiumArgs, '--auto-select-desktop-capture-source=Entire screen'];

export async function operatorOnCalls(
  browser: Browser,
  baseURL: string,
  /** Cookies the operator's browser holds before the first page (a journey's proxy pins by one). */
  cookies: Parameters<BrowserContext['addCookies']>[0] = [],
): Promise<Operator> {
  // Signed in through the API: the console's sign-in form has journeys of its own
  // (operator-console.spec.ts, citizen-to-operator.spec.ts).
  const token = await staffToken(baseURL, DEV_ADMIN);
  const context = await browser.newContext({ baseURL, storageState: signedInState(baseURL, token) });
  await context.addCookies(cookies);
  const page = await context.newPage();
  await page.goto(`${webPaths.operator}?vista=llamadas`);
  await expect(page.getByRole('heading', { level: 1, name: 'Consola de operadores' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
  return { context, page };
}

/** An operator with the console open on the calls view, for the tests that ask for one. */
export const test = base.extend<{ operator: Operator }>({
  operator: async ({ browser, server }, use) => {
    const operator = await operatorOnCalls(browser, server.baseURL);
    await use(operator);
    await operator.context.close();
  },
});

/** The citizen opens the drawer's Videollamada panel on the site. */
export async function openCallPanel(citizen: Page, path = '/'): Promise<Locator> {
  await citizen.goto(path);
  await citizen.getByRole('button', { name: 'Contáctanos' }).click();
  await citizen.getByRole('dialog').getByRole('button', { name: 'Videollamada' }).click();
  const panel = citizen.getByRole('dialog', { name: 'Videollamada' });
  await expect(panel.getByRole('button', { name: 'Llamar' })).toBeEnabled();
  return panel;
}

/** A <video> that shows moving frames. */
export async function expectPlaying(video: Locator) {
  await expect
    .poll(
      () => video.evaluate((element: HTMLVideoElement) => element.readyState >= 2 && element.videoWidth > 0),
      { timeout: 15_000 },
    )
    .toBe(true);
  const before = await video.evaluate((element: HTMLVideoElement) => element.currentTime);
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(before);
}

/** The caller presses Llamar and the operator accepts the call from the live queue. */
export async function connectCall(citizen: Page, operator: Operator, speciality = 'General') {
  const panel = citizen.getByRole('dialog', { name: 'Videollamada' });
  await panel.getByRole('button', { name: 'Llamar' }).click();
  const callView = citizen.getByRole('region', { name: 'Videollamada en curso' });
  await expect(callView).toBeVisible();
  await expect(callView.getByText(callTexts.queuePosition(1))).toBeVisible();
  const queued = operator.page.getByRole('listitem').filter({ hasText: speciality }).first();
  await queued.getByRole('button', { name: /Aceptar/ }).click();
  const consoleCall = operator.page.getByRole('region', { name: /^(Llamada ·|Sala privada)/ });
  await expect(consoleCall).toBeVisible();
  await expectPlaying(callView.getByLabel('Video de la operadora'));
  await expectPlaying(consoleCall.getByLabel('Video del ciudadano'));
  return { callView, consoleCall };
}

/** Sends a chat message from one side of a call (the citizen's view or the console's call). */
export async function sendChat(scope: Locator, text: string) {
  const box = scope.getByRole('textbox', { name: 'Mensaje' });
  await box.fill(text);
  await box.press('Enter');
  await expect(box).toHaveValue('');
}

/** A message from the citizen reaches the operator, and the operator's answer the citizen. */
export async function chatBothWays(
  callView: Locator,
  consoleCall: Locator,
  messages: { fromCitizen: string; fromOperator: string },
  timeout?: number,
) {
  await sendChat(callView, messages.fromCitizen);
  await expect(consoleCall.getByText(messages.fromCitizen)).toBeVisible({ timeout });
  await sendChat(consoleCall, messages.fromOperator);
  await expect(callView.getByText(messages.fromOperator)).toBeVisible({ timeout });
}
