import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { AUTHENTICATOR } from '@seguridad/contracts/constants';
import { authApi } from '@seguridad/contracts/http/auth';
import { authenticatorApi } from '@seguridad/contracts/http/authenticator';
import { availabilityTexts } from '@seguridad/contracts/messages/availability';
import { callTexts, ratingTexts, reportConsoleTexts, reportTexts } from '@seguridad/contracts/messages';
import { twoStepTexts } from '@seguridad/contracts/messages/two-step';
import { webPaths } from '@seguridad/contracts/web-paths';
import { expect, freePort, startServer, test } from './fixtures';
import { PASSWORD, signedInState, tokenThroughApi, uniqueEmail } from './support/accounts';
import { withFreshDatabase } from './support/fresh-database';
import { startHostSite } from './support/host-site';
import { startSmtpStandIn } from './support/smtp-stand-in';
import { appCode, enrolAuthenticatorThroughApi, joinTeam } from './support/staff';

/*
 * Day one of a region (decisions 054, 056, 057), on the production path: PostgreSQL, Redis, mail
 * through SMTP, no SMS provider at all, two processes started at once on an empty database. The
 * operations command creates the company and its administrator, who enrols an authenticator app
 * and invites a supervisor and an operator serving Violencia Intrafamiliar. A VIF call from the
 * municipality's site is offered to that operator first while the supervisor and the
 * administrator are online; the citizen rates it in the embedded widget and Reportes shows it.
 */

const databaseServer = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const invitationLink = /(https?:\/\/\S+\/equipo\/invitacion\?code=[\w-]+)/;

/** `npm run admin -- …` on the region's database, as operations run it beside the servers. */
async function admin(args: string[], env: Record<string, string>): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(repoRoot, 'apps/server/scripts/admin.mjs'), ...args],
    { cwd: repoRoot, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 },
  );
  return stdout;
}

test.describe('day one of a regional centre', () => {
  test.skip(
    !databaseServer || !redisUrl,
    'needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), as CI provides',
  );
  test.describe.configure({ timeout: 240_000 });

  test('two processes start at once on an empty database; the administrator enrols an app; a VIF call reaches the VIF operator first and its rating reaches Reportes', async ({
    browser,
    playwright,
  }) => {
    const smtp = await startSmtpStandIn();
    const contexts: BrowserContext[] = [];
    let closeHost = () => {};
    try {
      await withFreshDatabase(databaseServer!, async (database) => {
        const env = {
          NODE_ENV: 'production',
          DATABASE_URL: database,
          REDIS_URL: redisUrl!,
          SMTP_URL: smtp.url,
          MAIL_FROM: 'Central Regional <no-responder@region.example>',
          MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
          VOICE_TOKEN_SECRET: randomBytes(32).toString('hex'),
        };
        // Both at once on the empty database: neither crashes, and neither makes a company.
        const [first, second] = await Promise.all([startServer(env), startServer(env)]);
        try {
          for (const server of [first, second]) {
            expect(server.output()).not.toContain('company-key');
            expect(server.output()).not.toContain('operador@example.com');
          }
          const hostPort = await freePort();
          const created = await admin(
            [
              'company:create',
              '--name',
              'Central Regional del Ñuble',
              '--origin',
              `http://127.0.0.1:${hostPort}`,
            ],
            { ...env, PUBLIC_BASE_URL: first.baseURL },
          );
          const companyKey = /company-key: (pk_\S+)/.exec(created)?.[1];
          expect(companyKey).toBeDefined();
          const bossEmail = uniqueEmail('jefa-nuble');
          await admin(
            ['staff:invite', '--company-key', companyKey!, '--email', bossEmail, '--role', 'admin'],
            {
              ...env,
              PUBLIC_BASE_URL: first.baseURL,
            },
          );

          // The administrator joins, and the console asks for two-step first: no SMS provider, so
          // the authenticator app; the journey computes its codes from the secret the page shows.
          const boss = await joinTeam(
            browser,
            contexts,
            first.baseURL,
            await smtp.latest(bossEmail, invitationLink),
            'Jimena',
            'Jefa',
          );
          await boss.page.getByRole('link', { name: twoStepTexts.setUpApp }).click();
          const appPanel = boss.page.getByRole('region', { name: twoStepTexts.appTitle });
          await appPanel.getByRole('button', { name: twoStepTexts.enable }).click();
          const proof = boss.page.getByRole('dialog');
          await proof.getByLabel('Contraseña actual').fill(PASSWORD);
          await proof.getByRole('button', { name: 'Continuar' }).click();
          const secret = (await appPanel.getByLabel(twoStepTexts.secretLabel).innerText()).replace(/\s/g, '');
          await appPanel.getByLabel(twoStepTexts.codeLabel).fill(appCode(secret));
          await appPanel.getByRole('button', { name: twoStepTexts.activate }).click();
          await expect(
            appPanel.getByRole('list', { name: twoStepTexts.recoveryCodesLabel }).getByRole('listitem'),
          ).toHaveCount(AUTHENTICATOR.recoveryCodeCount);
          await appPanel.getByRole('button', { name: twoStepTexts.recoverySaved }).click();
          await expect(appPanel.getByText(twoStepTexts.appOn)).toBeVisible();

          // The administrator invites a supervisor and a VIF operator (Equipo's own journey proves
          // the screen); each joins and turns on an app of their own.
          const api = await playwright.request.newContext({ baseURL: second.baseURL });
          const bossToken = await tokenWithApp(api, bossEmail, secret);
          const auth = { authorization: `Bearer ${bossToken}` };
          const company = (await (await api.get('/api/v1/operator/company', { headers: auth })).json()) as {
            company: { specialities: { id: number; name: string }[] };
          };
          const vif = company.company.specialities.find((row) => row.name === 'Violencia Intrafamiliar');
          expect(vif).toBeDefined();
          const members: Record<'supervisor' | 'operator', string> = { supervisor: '', operator: '' };
          for (const role of ['supervisor', 'operator'] as const) {
            const email = uniqueEmail(`${role}-nuble`);
            const invited = await api.post('/api/v1/operator/team/invitations', {
              headers: auth,
              data: { email, role, speciality_ids: role === 'operator' ? [vif!.id] : [] },
            });
            expect(invited.status(), await invited.text()).toBe(200);
            const code = /code=([\w-]+)/.exec(await smtp.latest(email, invitationLink))![1];
            const registered = await api.post('/api/v1/staff/invitations/register', {
              data: {
                code,
                name: role === 'operator' ? 'Violeta' : 'Sergio',
                lastname: role === 'operator' ? 'Vif' : 'Supervisor',
                password: PASSWORD,
                password_confirmation: PASSWORD,
              },
            });
            expect(registered.status(), await registered.text()).toBe(200);
            const token = await tokenThroughApi(api, email);
            await enrolAuthenticatorThroughApi(api, token);
            members[role] = token;
          }
          await api.dispose();

          // Everyone at a console, on either process. The administrator and the supervisor never
          // chose a state: they are shown as not taking calls.
          await boss.page.goto(`${webPaths.operator}?vista=llamadas`);
          const consoles = [boss.page];
          for (const role of ['supervisor', 'operator'] as const) {
            const context = await browser.newContext({
              baseURL: second.baseURL,
              storageState: signedInState(second.baseURL, members[role]),
            });
            contexts.push(context);
            const page = await context.newPage();
            await page.goto(`${webPaths.operator}?vista=llamadas`);
            consoles.push(page);
          }
          const [bossConsole, supervisorConsole, operatorConsole] = consoles as [
            (typeof consoles)[0],
            (typeof consoles)[0],
            (typeof consoles)[0],
          ];
          for (const page of consoles) {
            await expect(page.getByRole('status').filter({ hasText: 'En vivo' })).toBeVisible();
          }
          for (const page of [bossConsole, supervisorConsole]) {
            await expect(
              page.getByRole('region', { name: availabilityTexts.title }).getByRole('status'),
            ).toHaveText(availabilityTexts.notTakingCalls);
          }

          // A citizen calls about domestic violence from the municipality's site.
          const host = await startHostSite(first.baseURL, companyKey!, '', hostPort);
          closeHost = () => host.server.close();
          const citizenContext = await browser.newContext();
          contexts.push(citizenContext);
          const citizen = await citizenContext.newPage();
          await citizen.goto(host.origin);
          await citizen.waitForFunction(() => 'SeguridadWidget' in window);
          await citizen.evaluate(() =>
            (
              window as unknown as { SeguridadWidget: { openVideoCall(): void } }
            ).SeguridadWidget.openVideoCall(),
          );
          const widget = citizen.frameLocator('iframe[title^="Contacto"]');
          await widget.getByLabel('Especialidad').selectOption({ label: 'Violencia Intrafamiliar' });
          await widget.getByRole('button', { name: 'Llamar' }).click();
          const callView = widget.getByRole('region', { name: 'Videollamada en curso' });
          await expect(callView).toBeVisible();

          // Offered to the VIF operator first; the others see it offered to her.
          const offered = operatorConsole
            .getByRole('listitem')
            .filter({ hasText: availabilityTexts.offeredToYou });
          await expect(offered).toBeVisible();
          for (const page of [bossConsole, supervisorConsole]) {
            await expect(
              page.getByRole('listitem').filter({ hasText: /Ofrecida a Violeta Vif/ }),
            ).toBeVisible();
          }
          await offered.getByRole('button', { name: /Aceptar/ }).click();
          await expect(callView.getByText(callTexts.connected)).toBeVisible({ timeout: 15_000 });
          await callView.getByRole('button', { name: callTexts.endCall }).click();
          await expect(callView).toBeHidden();

          // The citizen rates the call in the embedded widget, with the municipality's key.
          const prompt = widget.getByRole('region', { name: ratingTexts.question });
          await prompt.getByRole('radio', { name: '5 estrellas' }).check();
          await prompt.getByRole('button', { name: ratingTexts.send }).click();
          await expect(prompt.getByText(ratingTexts.thanks)).toBeVisible();

          // The administrator's Reportes counts it.
          await bossConsole.goto(`${webPaths.operator}?vista=reportes`);
          const reports = bossConsole.getByRole('tabpanel', { name: reportTexts.reportsTab });
          await reports.getByLabel(reportConsoleTexts.period, { exact: true }).selectOption({ label: 'Hoy' });
          const ratings = reports.getByRole('region', { name: reportConsoleTexts.ratingsTitle });
          await expect(ratings).toContainText(reportConsoleTexts.ratingsAverage('5,0', 1));
        } finally {
          for (const context of contexts.splice(0)) await context.close();
          await second.stop();
          await first.stop();
        }
      });
    } finally {
      for (const context of contexts) await context.close();
      closeHost();
      await smtp.close();
    }
  });
});

/** A staff member's session, signing in with the app's code as the second step. */
async function tokenWithApp(request: APIRequestContext, email: string, secret: string): Promise<string> {
  const login = await request.post(authApi.login.path(), { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const answer = (await login.json()) as { '2fa_authenticator'?: boolean; access_token?: string };
  expect(answer['2fa_authenticator']).toBe(true);
  // The enrolment used this step's code: the next step's is inside the window and unused.
  const confirmed = await request.post(authenticatorApi.confirmLogin.path(), {
    data: { email, password: PASSWORD, code: appCode(secret, 1) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return ((await confirmed.json()) as { access_token: string }).access_token;
}
