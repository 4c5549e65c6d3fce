import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Browser, Locator } from '@playwright/test';
import { availabilityTexts } from '@seguridad/contracts/messages/availability';
import { supervisionTexts } from '@seguridad/contracts/messages/supervision';
import { callTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { openCallPanel, test } from './call-journeys';
import { DEV_ADMIN, expect, expectNoHorizontalScroll } from './fixtures';
import { latestMatch, PASSWORD, tokenThroughApi, uniqueEmail } from './support/accounts';

/*
 * The Supervisión tab (decision 046) against the real built server: a supervisor watches it while
 * a citizen calls and waits, an operator answers, and another citizen hangs up before an answer.
 * The view changes by itself; the operator has no such tab and the API refuses them.
 */

const screenshots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-results', 'supervision');

/** A member of the demo company, invited and registered through the API; returns a session token. */
async function invitedMember(
  request: APIRequestContext,
  role: 'operator' | 'supervisor',
  name: string,
  lastname: string,
): Promise<string> {
  const admin = await tokenThroughApi(request, DEV_ADMIN.email, DEV_ADMIN.password);
  const email = uniqueEmail(`supervision-${role}`);
  const invited = await request.post('/api/v1/operator/team/invitations', {
    headers: { authorization: `Bearer ${admin}` },
    data: { email, role, speciality_ids: [] },
  });
  expect(invited.status()).toBe(200);
  const code = await latestMatch(request, email, /\/equipo\/invitacion\?code=([\w-]+)/);
  const registered = await request.post('/api/v1/staff/invitations/register', {
    data: { code, name, lastname, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(registered.status()).toBe(200);
  return tokenThroughApi(request, email);
}

async function consoleOf(browser: Browser, baseURL: string, token: string, view: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.addInitScript((stored) => window.localStorage.setItem('session-token', stored), token);
  await page.goto(`${webPaths.operator}?vista=${view}`);
  await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
  return { context, page };
}

/** The value of one of the tab's figures, by its label. */
const figure = (scope: Locator, label: string) =>
  scope.locator('dt', { hasText: label }).first().locator('xpath=following-sibling::dd[1]');

const figureNumber = async (scope: Locator, label: string) => Number(await figure(scope, label).innerText());

test('a supervisor watches the centre live: a call waits, is answered, another is abandoned', async ({
  browser,
  server,
  page: citizen,
  request,
}) => {
  test.setTimeout(120_000);
  const runTag = Date.now().toString(36).slice(-4);
  const operatorLastname = `Atiende${runTag}`;
  const operatorToken = await invitedMember(request, 'operator', 'Olga', operatorLastname);
  const supervisorToken = await invitedMember(request, 'supervisor', 'Sara', `Mira${runTag}`);
  const watcher = await consoleOf(browser, server.baseURL, supervisorToken, 'supervision');
  const operator = await consoleOf(browser, server.baseURL, operatorToken, 'llamadas');
  const secondCitizenContext = await browser.newContext({ baseURL: server.baseURL });
  try {
    const supervisor = watcher.page;
    // The supervisor watches and does not answer: a supervisor takes no calls until they choose
    // Disponible (decision 057), and the console says so. Every call is offered to Olga.
    const myState = supervisor.getByRole('region', { name: availabilityTexts.title });
    await expect(myState.getByRole('status')).toHaveText(availabilityTexts.notTakingCalls);
    await expect(myState).toContainText(availabilityTexts.notTakingCallsNotice);
    const view = supervisor.getByRole('tabpanel');
    await expect(view.getByRole('heading', { name: supervisionTexts.title })).toBeVisible();
    const team = view.getByRole('list', { name: supervisionTexts.operators });
    await expect(team.getByRole('listitem').filter({ hasText: `Olga ${operatorLastname}` })).toContainText(
      'Disponible',
    );
    const abandonedBefore = await figureNumber(view, supervisionTexts.abandoned);
    const answeredBefore = await figureNumber(view, supervisionTexts.answered);

    // A citizen calls: the view shows the wait without a reload, and its clock runs.
    const panel = await openCallPanel(citizen);
    await panel.getByRole('button', { name: 'Llamar' }).click();
    const callView = citizen.getByRole('region', { name: 'Videollamada en curso' });
    await expect(callView).toBeVisible();
    await expect(figure(view, supervisionTexts.waitingNow)).not.toHaveText('0');
    const waiting = view.getByRole('list', { name: supervisionTexts.waitingCalls });
    await expect(waiting.getByRole('listitem').first()).toContainText('General');
    await expect(figure(view, supervisionTexts.longestWait)).toHaveText(/0:0[2-9]/);

    mkdirSync(screenshots, { recursive: true });
    for (const viewport of [
      { width: 1920, height: 1080 },
      { width: 1280, height: 800 },
      { width: 360, height: 800 },
    ]) {
      await supervisor.setViewportSize(viewport);
      await expectNoHorizontalScroll(supervisor);
      await supervisor.screenshot({
        path: path.join(screenshots, `supervision-${viewport.width}.png`),
        fullPage: true,
      });
    }
    // On the wall screen a typical centre's whole view fits without scrolling (the site's footer may not).
    await supervisor.setViewportSize({ width: 1920, height: 1080 });
    const box = await view.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(1080);

    // Olga answers: the call is in progress with her name, and she is En llamada.
    const offered = operator.page.getByRole('listitem').filter({ hasText: availabilityTexts.offeredToYou });
    await offered.getByRole('button', { name: /Aceptar/ }).click();
    await expect(operator.page.getByRole('region', { name: /^Llamada ·/ })).toBeVisible();
    const inProgress = view.getByRole('list', { name: supervisionTexts.inProgress });
    await expect(
      inProgress.getByRole('listitem').filter({ hasText: `Olga ${operatorLastname}` }),
    ).toBeVisible();
    await expect(team.getByRole('listitem').filter({ hasText: `Olga ${operatorLastname}` })).toContainText(
      'En llamada',
    );
    await expect(figure(view, supervisionTexts.answered)).toHaveText(String(answeredBefore + 1));

    // Another citizen calls while Olga is busy, waits, and hangs up before an answer.
    const second = await secondCitizenContext.newPage();
    const secondPanel = await openCallPanel(second);
    await secondPanel.getByRole('button', { name: 'Llamar' }).click();
    const secondView = second.getByRole('region', { name: 'Videollamada en curso' });
    await expect(secondView.getByText(callTexts.queuePosition(1))).toBeVisible();
    await expect(figure(view, supervisionTexts.waitingNow)).not.toHaveText('0');
    await secondView.getByRole('button', { name: 'Terminar Llamada' }).click();
    await expect(figure(view, supervisionTexts.abandoned)).toHaveText(String(abandonedBefore + 1));

    // The operator's console has no Supervisión tab, and the API refuses her.
    await expect(operator.page.getByRole('tab', { name: 'Supervisión' })).toHaveCount(0);
    await expect(supervisor.getByRole('tab', { name: 'Supervisión' })).toBeVisible();
    const refused = await request.get('/api/v1/operator/supervision', {
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    expect(refused.status()).toBe(403);
  } finally {
    await secondCitizenContext.close();
    await operator.context.close();
    await watcher.context.close();
  }
});
