import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { BrowserContext, FrameLocator, Page } from '@playwright/test';
import { availabilityTexts } from '@seguridad/contracts/messages/availability';
import { accountTexts, auditTexts, callTexts, teamTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { expectPlaying } from './call-journeys';
import { expect, freePort, startServer, test } from './fixtures';
import { PASSWORD, randomMobilePhone, uniqueEmail } from './support/accounts';
import { startHostSite } from './support/host-site';
import { startSmtpStandIn } from './support/smtp-stand-in';
import { joinTeam } from './support/staff';
import { startTwilioVerifyStandIn } from './support/twilio-verify-stand-in';

/*
 * Staffing a real call centre (decisions 033 and 043), the way a region does it: NODE_ENV=production
 * on a fresh data directory, mail through a real SMTP server and codes through Twilio Verify's API
 * (both local stand-ins), no demo account. The operations command creates the company and invites
 * its first administrator; everyone else comes in through the console, with two-step sign-in, which
 * production requires of staff.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `npm run admin -- …`, as operations run it beside the server (or before it exists). Not the
 * synchronous form: the SMTP stand-in it mails through lives in this process.
 */
async function admin(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(repoRoot, 'apps/server/scripts/admin.mjs'), ...args],
    { cwd: repoRoot, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 },
  );
  return stdout;
}

test.describe('a production call centre, staffed from nothing', () => {
  test.describe.configure({ timeout: 240_000 });

  test('the command creates the company and its administrator, who builds the team; the team answers, the supervisor sees, a deactivation cuts at once, all in the trail', async ({
    browser,
  }) => {
    const smtp = await startSmtpStandIn();
    const twilio = await startTwilioVerifyStandIn();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'seguridad-produccion-'));
    const port = await freePort();
    const baseURL = `http://localhost:${port}`;
    const env = {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Central Regional <no-responder@region.example>',
      PUBLIC_BASE_URL: baseURL,
      DATABASE_URL: '',
      REDIS_URL: '',
      ...twilio.env,
    };
    const contexts: BrowserContext[] = [];
    let server: Awaited<ReturnType<typeof startServer>> | undefined;
    let closeHost = () => {};
    try {
      // The region's own site, which embeds the widget with one script tag.
      const hostPort = await freePort();
      const hostOrigin = `http://127.0.0.1:${hostPort}`;
      // Before the server ever started: the command writes the database and the company.
      const created = await admin(
        ['company:create', '--name', 'Central Regional del Maule', '--origin', hostOrigin],
        env,
      );
      const companyKey = /company-key: (pk_\S+)/.exec(created)?.[1];
      expect(companyKey).toBeDefined();
      server = await startServer({ ...env, PORT: String(port) });
      expect(server.output()).not.toContain('operador@example.com');

      // With the server running, the command reaches it and mails the first administrator.
      const bossEmail = uniqueEmail('jefa');
      const printed = await admin(
        ['staff:invite', '--company-key', companyKey!, '--email', bossEmail, '--role', 'admin'],
        env,
      );
      const bossLink = await smtp.latest(bossEmail, /(https?:\/\/\S+\/equipo\/invitacion\?code=[\w-]+)/);
      expect(printed).toContain(bossLink);

      const boss = await joinTeam(browser, contexts, baseURL, bossLink, 'Jimena', 'Jefa');
      await setUpTwoStep(boss.page, twilio);
      await boss.page.goto(`${webPaths.operator}?vista=equipo`);
      await expect(boss.page.getByText('Central Regional del Maule · Administrador')).toBeVisible();

      // The administrator invites an operator and a supervisor from Equipo.
      const operatorEmail = uniqueEmail('operadora');
      const supervisorEmail = uniqueEmail('supervisor');
      for (const [email, role] of [
        [operatorEmail, 'Operador'],
        [supervisorEmail, 'Supervisor'],
      ] as const) {
        await boss.page.getByRole('textbox', { name: teamTexts.email }).fill(email);
        await boss.page.getByRole('combobox', { name: teamTexts.role }).selectOption({ label: role });
        await boss.page.getByRole('button', { name: teamTexts.invite }).click();
        await expect(boss.page.getByText(teamTexts.invited(email))).toBeVisible();
      }

      const operator = await joinTeam(
        browser,
        contexts,
        baseURL,
        await smtp.latest(operatorEmail, /(https?:\/\/\S+\/equipo\/invitacion\?code=[\w-]+)/),
        'Olga',
        'Operadora',
      );
      await setUpTwoStep(operator.page, twilio);
      const supervisor = await joinTeam(
        browser,
        contexts,
        baseURL,
        await smtp.latest(supervisorEmail, /(https?:\/\/\S+\/equipo\/invitacion\?code=[\w-]+)/),
        'Sergio',
        'Supervisor',
      );
      await setUpTwoStep(supervisor.page, twilio);

      // Everyone at the console; the administrator and the supervisor are on other work, so the
      // operator, back from training, is the one who answers.
      for (const [member, state] of [
        [boss, 'En pausa · Administrativo'],
        [supervisor, 'En pausa · Administrativo'],
        [operator, 'En pausa · Capacitación'],
      ] as const) {
        await member.page.goto(`${webPaths.operator}?vista=llamadas`);
        await expect(member.page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
        await chooseState(member.page, state);
      }
      await chooseState(operator.page, 'Disponible');
      await expect(operator.page.getByRole('status').filter({ hasText: /^Disponible$/ })).toBeVisible();

      const host = await startHostSite(baseURL, companyKey!, '', hostPort);
      closeHost = () => host.server.close();
      const citizenContext = await browser.newContext();
      contexts.push(citizenContext);
      const citizen = await citizenContext.newPage();
      await citizen.goto(host.origin);
      const widget = citizen.frameLocator('iframe[title^="Contacto"]');
      const callView = await callAndAnswer(citizen, widget, operator.page);
      await expectPlaying(callView.getByLabel('Video de la operadora'));
      await expect(operator.page.getByRole('status').filter({ hasText: /^En llamada$/ })).toBeVisible();

      // The supervisor sees the company's call in progress.
      await supervisor.page.reload();
      const supervised = supervisor.page.getByRole('region', { name: 'Últimas llamadas' });
      await expect(supervised.getByText('En curso')).toBeVisible();
      await callView.getByRole('button', { name: 'Terminar Llamada' }).click();

      // A second call; while the operator holds it, the administrator deactivates them.
      await expect(operator.page.getByText(callTexts.ended)).toBeVisible();
      await operator.page.getByRole('button', { name: 'Volver a la fila' }).click();
      const secondCall = await callAndAnswer(citizen, widget, operator.page);
      await expect(secondCall).toBeVisible();
      await boss.page.goto(`${webPaths.operator}?vista=equipo`);
      const row = boss.page.getByRole('listitem', { name: 'Olga Operadora' });
      await row.getByRole('button', { name: /^Desactivar/ }).click();
      await boss.page
        .getByRole('dialog', { name: teamTexts.deactivateTitle('Olga Operadora') })
        .getByRole('button', { name: teamTexts.deactivateConfirm })
        .click();
      await expect(row).toContainText(teamTexts.inactive);
      // Cut at once: the console's socket is closed and the next request signs it out.
      await expect(operator.page).toHaveURL(/\/login\?redirect_to=%2Foperador/, { timeout: 10_000 });

      // The trail lists each step.
      await boss.page.getByRole('tab', { name: auditTexts.tab }).click();
      const trail = boss.page.getByRole('region', { name: auditTexts.title });
      for (const action of [
        'company.create',
        'staff.invite',
        'staff.invitation_accept',
        'staff.deactivate',
      ]) {
        await expect(
          trail
            .getByRole('row')
            .filter({ hasText: auditTexts.actionLabel(action) })
            .first(),
        ).toBeVisible();
      }
      await expect(
        trail.getByRole('row').filter({ hasText: auditTexts.actionLabel('staff.invite') }),
      ).toHaveCount(3);
    } finally {
      for (const context of contexts) await context.close();
      closeHost();
      await server?.stop();
      await smtp.close();
      await twilio.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

/** Production requires two steps of staff: the console sends them to confirm a phone first. */
async function setUpTwoStep(page: Page, twilio: Awaited<ReturnType<typeof startTwilioVerifyStandIn>>) {
  await page.getByRole('link', { name: 'Configurar la verificación en dos pasos' }).click();
  const phone = randomMobilePhone();
  await page.getByRole('textbox', { name: /^Teléfono/ }).fill(phone);
  await page.getByRole('radio', { name: 'SMS' }).check();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const proof = page.getByRole('dialog', { name: 'Confirma que eres tú' });
  await proof.getByLabel('Contraseña actual').fill(PASSWORD);
  await proof.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('textbox', { name: /^Código de verificación/ }).fill(await twilio.codeFor(phone));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText(accountTexts.phoneVerified)).toBeVisible();
}

async function chooseState(page: Page, label: string) {
  await page.getByRole('combobox', { name: availabilityTexts.choose }).selectOption({ label });
  await expect(page.getByRole('status').filter({ hasText: label })).toBeVisible();
}

/** The citizen calls from the widget on the region's site; the call is offered to the operator, who takes it. */
async function callAndAnswer(citizen: Page, widget: FrameLocator, operator: Page) {
  await citizen.evaluate(() =>
    (window as unknown as { SeguridadWidget: { openVideoCall(): void } }).SeguridadWidget.openVideoCall(),
  );
  await widget.getByRole('button', { name: 'Llamar' }).click();
  const callView = widget.getByRole('region', { name: 'Videollamada en curso' });
  await expect(callView).toBeVisible();
  const offered = operator.getByRole('listitem').filter({ hasText: availabilityTexts.offeredToYou });
  await offered.getByRole('button', { name: /Aceptar/ }).click();
  await expect(operator.getByRole('region', { name: /^Llamada ·/ })).toBeVisible();
  return callView;
}
