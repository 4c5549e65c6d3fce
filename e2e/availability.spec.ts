import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { availabilityTexts } from '@seguridad/contracts/messages/availability';
import { callTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { expectPlaying, openCallPanel, operatorOnCalls, test } from './call-journeys';
import { checkedViewports, DEV_ADMIN, expect, expectNoHorizontalScroll } from './fixtures';
import { latestMatch, PASSWORD, tokenThroughApi, uniqueEmail } from './support/accounts';

/*
 * Availability and routing (decision 043) against the real built server: the seeded administrator
 * and an invited operator who serves Orientación Legal, each at a console. A pause closes the
 * centre to the specialities nobody else serves; a call is offered first to the operator who has
 * waited longest, with a countdown the other sees; letting it pass hands it to everyone.
 */

const screenshots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-results', 'availability');

/** An operator of the demo company serving only `speciality`, invited and registered through the API. */
async function invitedOperator(request: APIRequestContext, speciality: string): Promise<string> {
  const admin = await tokenThroughApi(request, DEV_ADMIN.email, DEV_ADMIN.password);
  const auth = { authorization: `Bearer ${admin}` };
  const specialities = (await (await request.get('/api/v1/operator/company', { headers: auth })).json()) as {
    company: { specialities: { id: number; name: string }[] };
  };
  const served = specialities.company.specialities.find((candidate) => candidate.name === speciality);
  expect(served).toBeDefined();
  const email = uniqueEmail('disponible');
  const invited = await request.post('/api/v1/operator/team/invitations', {
    headers: auth,
    data: { email, role: 'operator', speciality_ids: [served!.id] },
  });
  expect(invited.status()).toBe(200);
  const code = await latestMatch(request, email, /\/equipo\/invitacion\?code=([\w-]+)/);
  const registered = await request.post('/api/v1/staff/invitations/register', {
    data: { code, name: 'Olga', lastname: 'Legal', password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(registered.status()).toBe(200);
  return tokenThroughApi(request, email);
}

async function chooseState(page: Page, label: string) {
  await page.getByRole('combobox', { name: availabilityTexts.choose }).selectOption({ label });
}

test('a pause closes the centre to what nobody else serves; a call is offered to the longest idle first', async ({
  browser,
  server,
  page: citizen,
  request,
}) => {
  test.setTimeout(90_000);
  const olgaToken = await invitedOperator(request, 'Orientación Legal');
  const admin = await operatorOnCalls(browser, server.baseURL);
  const olgaContext = await browser.newContext({ baseURL: server.baseURL });
  try {
    const olga = await olgaContext.newPage();
    await olga.addInitScript((stored) => window.localStorage.setItem('session-token', stored), olgaToken);
    await olga.goto(`${webPaths.operator}?vista=llamadas`);
    await expect(olga.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
    await expect(olga.getByRole('status').filter({ hasText: 'Disponible' })).toBeVisible();

    // The administrator pauses for lunch: nobody left serves Seguridad Ciudadana.
    await chooseState(admin.page, 'En pausa · Colación');
    await expect(admin.page.getByRole('status').filter({ hasText: 'En pausa · Colación' })).toBeVisible();
    await expect(admin.page.getByText(availabilityTexts.pausedNotice)).toBeVisible();
    const panel = await openCallPanel(citizen);
    await panel.getByLabel('Especialidad').selectOption({ label: 'Seguridad Ciudadana' });
    await panel.getByRole('button', { name: 'Llamar' }).click();
    await expect(citizen.getByText(callTexts.noOperators)).toBeVisible();

    // Back from lunch, the administrator is the one who just became free: Olga has waited longest.
    await chooseState(admin.page, 'Disponible');
    await expect(admin.page.getByRole('status').filter({ hasText: /^Disponible$/ })).toBeVisible();
    const legalPanel = await openCallPanel(citizen);
    await legalPanel.getByLabel('Especialidad').selectOption({ label: 'Orientación Legal' });
    await legalPanel.getByRole('button', { name: 'Llamar' }).click();
    const callView = citizen.getByRole('region', { name: 'Videollamada en curso' });
    await expect(callView).toBeVisible();

    const offered = olga.getByRole('listitem').filter({ hasText: 'Orientación Legal' });
    await expect(offered.getByText(availabilityTexts.offeredToYou)).toBeVisible();
    await expect(offered.getByText(/Tienes \d+ s para aceptarla/)).toBeVisible();
    const atAdmin = admin.page.getByRole('listitem').filter({ hasText: 'Orientación Legal' });
    await expect(atAdmin.getByText(/Ofrecida a Olga Legal · para todos en \d+ s/)).toBeVisible();
    await expect(atAdmin.getByRole('button', { name: /Aceptar/ })).toBeDisabled();

    mkdirSync(screenshots, { recursive: true });
    for (const viewport of [...checkedViewports].reverse()) {
      await olga.setViewportSize({ width: viewport.width, height: viewport.height });
      await expectNoHorizontalScroll(olga);
      await olga.screenshot({ path: path.join(screenshots, `oferta-${viewport.width}.png`), fullPage: true });
    }

    // Olga lets it pass: the administrator may take it at once, and is then En llamada.
    await offered.getByRole('button', { name: availabilityTexts.decline }).click();
    await expect(offered.getByText(availabilityTexts.offeredToYou)).toHaveCount(0);
    await atAdmin.getByRole('button', { name: /Aceptar/ }).click();
    const consoleCall = admin.page.getByRole('region', { name: /^Llamada ·/ });
    await expect(consoleCall).toBeVisible();
    await expect(admin.page.getByRole('status').filter({ hasText: /^En llamada$/ })).toBeVisible();
    await expectPlaying(callView.getByLabel('Video de la operadora'));
    await expect(olga.getByRole('listitem').filter({ hasText: 'Orientación Legal' })).toHaveCount(0);
    // Hung up, not left to the reconnection grace: the next journey finds the administrator free.
    await consoleCall.getByRole('button', { name: 'Terminar llamada' }).click();
    await expect(consoleCall.getByRole('button', { name: 'Volver a la fila' })).toBeVisible();
  } finally {
    await olgaContext.close();
    await admin.context.close();
  }
});

test('an offer is seen from any view, with its countdown and the tab title, and is taken from there; the badge follows the call', async ({
  browser,
  server,
  page: citizen,
}) => {
  test.setTimeout(60_000);
  const admin = await operatorOnCalls(browser, server.baseURL);
  try {
    await chooseState(admin.page, 'Disponible');
    await expect(admin.page.getByRole('status').filter({ hasText: /^Disponible$/ })).toBeVisible();
    await admin.page.getByRole('tab', { name: /^Video mails/ }).click();

    const panel = await openCallPanel(citizen);
    await panel.getByRole('button', { name: 'Llamar' }).click();
    const callView = citizen.getByRole('region', { name: 'Videollamada en curso' });
    await expect(callView).toBeVisible();

    const bar = admin.page.getByRole('region', { name: availabilityTexts.offeredToYou });
    await expect(bar).toBeVisible();
    await expect(bar.getByText(/Tienes \d+ s para aceptarla/)).toBeVisible();
    await expect(bar.getByText(/Esperando hace/)).toBeVisible();
    await expect.poll(() => admin.page.title()).toMatch(/^● Llamada para ti/);
    await bar.getByRole('button', { name: 'Aceptar' }).click();

    const consoleCall = admin.page.getByRole('region', { name: /^Llamada ·/ });
    await expect(consoleCall).toBeVisible();
    await expect(bar).toHaveCount(0);
    await expect.poll(() => admin.page.title()).not.toMatch(/Llamada para ti/);
    await expect(admin.page.getByRole('status').filter({ hasText: /^En llamada$/ })).toBeVisible();
    await expectPlaying(callView.getByLabel('Video de la operadora'));

    // Over, the badge no longer says En llamada, even before the operator goes back to the queue.
    await consoleCall.getByRole('button', { name: 'Terminar llamada' }).click();
    await expect(consoleCall.getByRole('button', { name: 'Volver a la fila' })).toBeVisible();
    await expect(admin.page.getByRole('status').filter({ hasText: /^Disponible$/ })).toBeVisible();
  } finally {
    // The administrator stays Disponible, as the journey before leaves them: a pause would close
    // the centre to the journeys after these (an explicit pause takes no calls at all).
    await admin.context.close();
  }
});
