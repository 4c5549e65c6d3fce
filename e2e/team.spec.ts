import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, type Page } from '@playwright/test';
import { auditTexts, sharedUiTexts, teamTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import {
  checkedViewports,
  DEV_ADMIN,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  test,
} from './fixtures';
import { latestMatch, PASSWORD, uniqueEmail } from './support/accounts';

/*
 * The console's Equipo tab against the real built server: the seeded administrator invites an
 * operator, the invitation link comes from the dev outbox, a second browser accepts it and opens
 * the console, and the administrator changes the new member's role and deactivates them.
 */

const screenshots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-results', 'team');

async function tokenFor(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

async function openTeamTab(page: Page, token: string): Promise<void> {
  await page.addInitScript((stored) => window.localStorage.setItem('session-token', stored), token);
  await page.goto(`${webPaths.operator}?vista=equipo`);
  await expect(page.getByRole('tab', { name: teamTexts.tab })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: teamTexts.membersTitle })).toBeVisible();
}

test('the administrator invites an operator who joins; a role change and a deactivation reach them', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('equipo');
  await openTeamTab(page, await tokenFor(request, DEV_ADMIN.email, DEV_ADMIN.password));

  await page.getByRole('textbox', { name: teamTexts.email }).fill(email);
  await page.getByRole('combobox', { name: teamTexts.role }).selectOption({ label: 'Operador' });
  await page.getByRole('checkbox', { name: 'Violencia Intrafamiliar' }).check();
  await page.getByRole('button', { name: teamTexts.invite }).click();
  await expect(page.getByText(teamTexts.invited(email))).toBeVisible();
  const pending = page.getByRole('listitem', { name: email });
  await expect(pending).toContainText('Operador · Violencia Intrafamiliar');

  // The person opens the mailed link in a browser of their own and sets a name and a password.
  const link = await latestMatch(request, email, /(https?:\/\/\S+\/equipo\/invitacion\?code=[\w-]+)/);
  const invitee = await browser.newContext({ baseURL });
  try {
    const member = await invitee.newPage();
    await member.goto(link);
    await member.getByRole('textbox', { name: 'Nombre' }).fill('Nora');
    await member.getByRole('textbox', { name: 'Apellido' }).fill('Nueva');
    await member.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await member.getByLabel('Confirmar contraseña').fill(PASSWORD);
    await member.getByRole('button', { name: 'Aceptar la invitación' }).click();
    await expect(member).toHaveURL(new RegExp(`${webPaths.operator}$`));
    await expect(member.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
    await expect(member.getByRole('tab', { name: teamTexts.tab })).toHaveCount(0);

    // The administrator sees the new member, makes them supervisor, then deactivates them.
    await page.reload();
    const row = page.getByRole('listitem', { name: 'Nora Nueva' });
    await expect(row).toContainText(email);
    await expect(row).toContainText('Violencia Intrafamiliar');
    await expect(row).toContainText(teamTexts.active);
    await expect(page.getByRole('listitem', { name: email })).toHaveCount(0);
    await row.getByRole('button', { name: new RegExp(`^${teamTexts.edit}`) }).click();
    await row.getByRole('combobox', { name: teamTexts.role }).selectOption({ label: 'Supervisor' });
    await row.getByRole('button', { name: teamTexts.save }).click();
    await expect(page.getByText(teamTexts.saved('Nora Nueva'))).toBeVisible();
    await expect(row.getByRole('definition').first()).toHaveText('Supervisor');

    // Deactivating asks first; cancelling leaves the member active.
    await row.getByRole('button', { name: /^Desactivar/ }).click();
    const confirm = page.getByRole('dialog', { name: teamTexts.deactivateTitle('Nora Nueva') });
    await expect(confirm).toContainText(teamTexts.deactivateDescription);
    await confirm.getByRole('button', { name: teamTexts.cancel }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row).toContainText(teamTexts.active);
    await row.getByRole('button', { name: /^Desactivar/ }).click();
    await confirm.getByRole('button', { name: teamTexts.deactivateConfirm }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row).toContainText(teamTexts.inactive);
    await expect(row.getByRole('button', { name: /^Reactivar/ })).toBeVisible();
    // The member's console is cut at once: its socket is closed and the next call signs it out.
    await expect(member).toHaveURL(/\/login\?redirect_to=%2Foperador/);

    // Another invitation, so the pictures show a pending one too.
    const pendingEmail = uniqueEmail('pendiente');
    await page.getByRole('textbox', { name: teamTexts.email }).fill(pendingEmail);
    await page.getByRole('button', { name: teamTexts.invite }).click();
    await expect(page.getByRole('listitem', { name: pendingEmail })).toContainText(teamTexts.resend);
    await page.getByRole('button', { name: sharedUiTexts.closeNotice }).click();
    await expect(page.getByText(teamTexts.invited(pendingEmail))).toHaveCount(0);
    await expectNoSeriousAxeViolations(page);
    mkdirSync(screenshots, { recursive: true });
    for (const viewport of [...checkedViewports].reverse()) {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await expectNoHorizontalScroll(page);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: path.join(screenshots, `equipo-${viewport.width}.png`), fullPage: true });
    }

    // The trail lists each step, in Chile's time, filtered by kind, and exports as CSV.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('tab', { name: auditTexts.tab }).click();
    const trail = page.getByRole('region', { name: auditTexts.title });
    for (const action of [
      'staff.invite',
      'staff.invitation_accept',
      'staff.role.change',
      'staff.deactivate',
    ]) {
      await expect(
        trail
          .getByRole('row')
          .filter({ hasText: auditTexts.actionLabel(action) })
          .first(),
      ).toBeVisible();
    }
    await expect(trail.getByRole('row').filter({ hasText: 'staff.deactivate' }).first()).toContainText(
      DEV_ADMIN.email,
    );
    await page
      .getByRole('combobox', { name: auditTexts.area })
      .selectOption({ label: auditTexts.areas.company });
    await page.getByRole('button', { name: auditTexts.apply }).click();
    await expect(trail.getByRole('row').filter({ hasText: 'staff.' })).toHaveCount(0);
    await page
      .getByRole('combobox', { name: auditTexts.area })
      .selectOption({ label: auditTexts.areas.staff });
    await page.getByRole('button', { name: auditTexts.apply }).click();
    await expect(trail.getByRole('row').filter({ hasText: 'staff.deactivate' }).first()).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: auditTexts.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^auditoria-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await (await download.createReadStream()).toArray()).join('');
    expect(csv.startsWith('\uFEFF"Fecha (hora de Chile)";"Persona";"Acción"')).toBe(true);
    expect(csv).toContain(`"${auditTexts.actionLabel('staff.deactivate')}";"staff.deactivate"`);
    expect(csv).not.toContain('"company.');
    // The export is itself in the trail.
    await page
      .getByRole('combobox', { name: auditTexts.area })
      .selectOption({ label: auditTexts.areas.audit });
    await page.getByRole('button', { name: auditTexts.apply }).click();
    await expect(trail.getByRole('row').filter({ hasText: 'audit.export' })).toHaveCount(1);
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: path.join(screenshots, 'auditoria-360.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.screenshot({ path: path.join(screenshots, 'auditoria-1280.png'), fullPage: true });
  } finally {
    await invitee.close();
  }
});
