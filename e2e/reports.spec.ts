import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { reportsApi } from '@seguridad/contracts/http/reports';
import { callTexts, reportConsoleTexts, reportTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { connectCall, openCallPanel, test } from './call-journeys';
import { DEV_ADMIN, expect, expectNoHorizontalScroll, expectNoSeriousAxeViolations } from './fixtures';
import { latestMatch, PASSWORD, tokenThroughApi, uniqueEmail } from './support/accounts';

/*
 * The Reportes tab against the real built server: a supervisor reads today's report, a citizen's
 * call is answered and another citizen gives up waiting, and the report and its CSV count both; an
 * operator has no such tab and the API refuses them.
 */

const screenshots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-results', 'reports');

/** A new member of the seeded company with this role, through the invitation the admin sends. */
async function newMember(request: APIRequestContext, role: 'supervisor' | 'operator'): Promise<string> {
  const adminToken = await tokenThroughApi(request, DEV_ADMIN.email, DEV_ADMIN.password);
  const email = uniqueEmail(role);
  const invited = await request.post('/api/v1/operator/team/invitations', {
    headers: { authorization: `Bearer ${adminToken}` },
    data: { email, role },
  });
  expect(invited.ok()).toBe(true);
  const link = await latestMatch(request, email, /(https?:\/\/\S+\/equipo\/invitacion\?code=[\w-]+)/);
  const code = new URL(link).searchParams.get('code')!;
  const registered = await request.post('/api/v1/staff/invitations/register', {
    data: { code, name: 'Rita', lastname: role, password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(registered.status()).toBe(200);
  return ((await registered.json()) as { access_token: string }).access_token;
}

async function openReports(page: Page, token: string): Promise<Locator> {
  await page.addInitScript((stored) => window.localStorage.setItem('session-token', stored), token);
  await page.goto(`${webPaths.operator}?vista=reportes`);
  await expect(page.getByRole('tab', { name: reportTexts.reportsTab })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const panel = page.getByRole('tabpanel', { name: reportTexts.reportsTab });
  await panel.getByLabel(reportConsoleTexts.period, { exact: true }).selectOption({ label: 'Hoy' });
  await expect(panel.getByText(/^Día \d{2}-\d{2}-\d{4}$/)).toBeVisible();
  return panel;
}

type Totals = { offered: number; answered: number; abandoned: number };

/** The Total row of the calls table: offered, answered and abandoned. */
async function totals(panel: Locator): Promise<Totals> {
  const table = panel.getByRole('region', {
    name: reportConsoleTexts.tableOf(reportConsoleTexts.callsTitle),
  });
  if ((await table.count()) === 0) {
    await expect(panel.getByText(reportConsoleTexts.noCalls)).toBeVisible();
    return { offered: 0, answered: 0, abandoned: 0 };
  }
  const cells = await table
    .getByRole('row', { name: /^Total/ })
    .getByRole('cell')
    .allTextContents();
  const number = (text: string | undefined) => Number((text ?? '').replace(/\./g, ''));
  return { offered: number(cells[0]), answered: number(cells[1]), abandoned: number(cells[2]) };
}

async function refreshed(panel: Locator, expected: Totals): Promise<void> {
  await expect
    .poll(
      async () => {
        await panel.getByRole('button', { name: reportConsoleTexts.apply }).click();
        await expect(panel.getByRole('button', { name: reportConsoleTexts.apply })).toBeEnabled();
        return totals(panel);
      },
      { timeout: 15_000 },
    )
    .toEqual(expected);
}

test.describe('reports (decision 048)', () => {
  test.setTimeout(150_000);
  test('a supervisor’s report and its CSV agree with the calls made; an operator has neither', async ({
    operator,
    page: citizen,
    browser,
    request,
    server,
  }) => {
    const supervisorToken = await newMember(request, 'supervisor');
    const supervisorContext = await browser.newContext({ baseURL: server.baseURL, acceptDownloads: true });
    try {
      const supervisor = await supervisorContext.newPage();
      await supervisor.setViewportSize({ width: 1280, height: 800 });
      const panel = await openReports(supervisor, supervisorToken);
      const before = await totals(panel);

      // One call answered and ended…
      await openCallPanel(citizen);
      const { callView, consoleCall } = await connectCall(citizen, operator);
      await callView.getByRole('button', { name: 'Terminar Llamada' }).click();
      await expect(consoleCall.getByText(callTexts.ended)).toBeVisible();

      // …and one citizen who hangs up while waiting in the queue.
      const waiting = await browser.newContext({ baseURL: server.baseURL });
      try {
        const second = await waiting.newPage();
        const secondPanel = await openCallPanel(second);
        await secondPanel.getByRole('button', { name: 'Llamar' }).click();
        const secondView = second.getByRole('region', { name: 'Videollamada en curso' });
        await expect(secondView.getByText(callTexts.queuePosition(1))).toBeVisible();
        await secondView.getByRole('button', { name: 'Terminar Llamada' }).click();
        await expect(secondView).toBeHidden();
      } finally {
        await waiting.close();
      }

      const after = {
        offered: before.offered + 2,
        answered: before.answered + 1,
        abandoned: before.abandoned + 1,
      };
      await refreshed(panel, after);
      const summary = panel.getByRole('list', { name: reportConsoleTexts.serviceLevelHeading });
      await expect(summary).toContainText('15 s:');
      await expect(summary).toContainText('(meta 90 %)');
      await expect(summary).toContainText(/cumple la meta/);

      // The calls table as CSV: a real download named after the range, with the same figures.
      const [download] = await Promise.all([
        supervisor.waitForEvent('download'),
        panel
          .getByRole('button', { name: reportConsoleTexts.downloadCsvOf(reportConsoleTexts.callsTitle) })
          .click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^reporte-llamadas-(\d{4}-\d{2}-\d{2})-a-\1\.csv$/);
      const csv = (await (await download.createReadStream()).toArray()).join('');
      const totalLine = csv.split(/\r?\n/).find((line) => /^"?Total"?[;,]/.test(line));
      expect(totalLine, csv).toBeDefined();
      const fields = totalLine!.split(/[;,]/).map((field) => field.replace(/"/g, ''));
      expect(fields.slice(1, 4).map(Number)).toEqual([after.offered, after.answered, after.abandoned]);

      // The charts are drawn in the browser, with their tables beside them.
      await expect(panel.locator('canvas').first()).toBeVisible();
      await expectNoSeriousAxeViolations(supervisor);
      mkdirSync(screenshots, { recursive: true });
      for (const viewport of [
        { width: 1920, height: 1080 },
        { width: 1280, height: 800 },
        { width: 360, height: 740 },
      ]) {
        await supervisor.setViewportSize(viewport);
        await expectNoHorizontalScroll(supervisor);
        await supervisor.evaluate(() => window.scrollTo(0, 0));
        await supervisor.screenshot({
          path: path.join(screenshots, `reportes-${viewport.width}.png`),
          fullPage: true,
        });
      }
    } finally {
      await supervisorContext.close();
    }

    // An operator: no Reportes tab, and the API says no.
    const operatorToken = await newMember(request, 'operator');
    const operatorContext = await browser.newContext({ baseURL: server.baseURL });
    try {
      const page = await operatorContext.newPage();
      await page.addInitScript(
        (stored) => window.localStorage.setItem('session-token', stored),
        operatorToken,
      );
      await page.goto(`${webPaths.operator}?vista=reportes`);
      await expect(page.getByRole('tab', { name: 'Llamadas' })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tab', { name: reportTexts.reportsTab })).toHaveCount(0);
    } finally {
      await operatorContext.close();
    }
    const refused = await request.get(reportsApi.report.path(), {
      headers: { authorization: `Bearer ${operatorToken}` },
      params: { from: '2026-11-01', to: '2026-11-27' },
    });
    expect(refused.status()).toBe(403);

    // The administrator sets the thresholds in the same tab: checked first, then saved and used.
    const admin = operator.page;
    await admin.goto(`${webPaths.operator}?vista=reportes`);
    const adminPanel = admin.getByRole('tabpanel', { name: reportTexts.reportsTab });
    const targets = adminPanel.getByRole('region', { name: reportConsoleTexts.serviceLevelTitle });
    const first = targets.getByRole('group', { name: reportConsoleTexts.firstThreshold });
    const firstSeconds = first.getByLabel(reportConsoleTexts.seconds);
    await expect(firstSeconds).toHaveValue('15');
    await firstSeconds.fill('30');
    await targets.getByRole('button', { name: reportConsoleTexts.save }).click();
    await expect(targets.getByText(reportTexts.thresholdsOrder)).toBeVisible();
    await firstSeconds.fill('10');
    await targets.getByRole('button', { name: reportConsoleTexts.save }).click();
    await expect(targets.getByText(reportTexts.serviceLevelSaved)).toBeVisible();
    await expect(adminPanel.getByRole('columnheader', { name: 'Dentro de 10 s (meta 90 %)' })).toBeVisible();
    // Back to NENA's, for the other journeys on this server.
    await firstSeconds.fill('15');
    await targets.getByRole('button', { name: reportConsoleTexts.save }).click();
    await expect(adminPanel.getByRole('columnheader', { name: 'Dentro de 15 s (meta 90 %)' })).toBeVisible();
  });
});
