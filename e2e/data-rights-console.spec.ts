import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { APIRequestContext, Page } from '@playwright/test';
import { dataRequestKindLabels } from '@seguridad/contracts/http/data-requests';
import { operatorApi } from '@seguridad/contracts/http/operator';
import { RETENTION_RULES } from '@seguridad/contracts/http/retention';
import { auditTexts, widgetTexts } from '@seguridad/contracts/messages';
import {
  dataRequestConsoleTexts,
  holdConsoleTexts,
  retentionConsoleTexts,
} from '@seguridad/contracts/messages/data-rights-console';
import { webPaths } from '@seguridad/contracts/web-paths';
import {
  DEV_ADMIN,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  startServer,
  test,
} from './fixtures';
import { signUpThroughApi, tokenThroughApi, uniqueEmail, verifyEmailThroughOutbox } from './support/accounts';

/*
 * The console's data-rights screens against the real built server (decisions 034, 041): a citizen's
 * request answered in «Solicitudes» before its deadline, and a retention run with the clock moved
 * that deletes an expired video mail, row and file, but not the one an administrator held.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DAY_MS = 24 * 60 * 60 * 1000;

async function openConsole(page: Page, request: APIRequestContext, vista: string): Promise<string> {
  const token = await tokenThroughApi(request, DEV_ADMIN.email, DEV_ADMIN.password);
  await page.addInitScript((stored) => window.localStorage.setItem('session-token', stored), token);
  await page.goto(`${webPaths.operator}?vista=${vista}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Consola de operadores' })).toBeVisible();
  return token;
}

test('a citizen files a request; the administrator extends it once and answers it before its deadline, all in the trail', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('derechos');
  await signUpThroughApi(request, { email });
  await verifyEmailThroughOutbox(request, email);
  const citizen = { authorization: `Bearer ${await tokenThroughApi(request, email)}` };
  const detail = `Quiero que dejen de usar mis datos para el sorteo ${Date.now()}`;
  const filed = await request.post('/api/v1/user/data-requests', {
    headers: citizen,
    data: { kind: 'opposition', detail },
  });
  expect(filed.status()).toBe(200);
  const { due_at: dueAt } = ((await filed.json()) as { request: { due_at: string } }).request;
  expect(Date.parse(dueAt) - Date.now()).toBeGreaterThan(29 * DAY_MS);

  await openConsole(page, request, 'solicitudes-de-datos');
  await expect(page.getByRole('tab', { name: dataRequestConsoleTexts.tab, exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  const item = page.getByRole('listitem', { name: `${dataRequestKindLabels.opposition} · ${email}` });
  await expect(item).toContainText(detail);
  await expect(item).toContainText(dataRequestConsoleTexts.status.open);
  await expect(item.locator(`time[datetime="${dueAt}"]`)).toContainText('Responder a más tardar');

  // The form refuses what the server would, in the contract's Spanish, before sending.
  await item.getByRole('button', { name: dataRequestConsoleTexts.extend }).click();
  await item.getByRole('button', { name: dataRequestConsoleTexts.confirmExtend }).click();
  await expect(item).toContainText('Indica el motivo de la prórroga.');
  await item
    .getByRole('textbox', { name: dataRequestConsoleTexts.extendLabel })
    .fill('Debemos revisar los registros de tres sistemas.');
  await item.getByRole('button', { name: dataRequestConsoleTexts.confirmExtend }).click();
  await expect(item).toContainText(dataRequestConsoleTexts.extendedBadge);
  await expect(item.getByRole('button', { name: dataRequestConsoleTexts.extend })).toHaveCount(0);

  await item.getByRole('button', { name: dataRequestConsoleTexts.answer }).click();
  await item
    .getByRole('textbox', { name: dataRequestConsoleTexts.answerLabel })
    .fill('Dejamos de usar tus datos para el sorteo desde hoy.');
  await item.getByRole('button', { name: dataRequestConsoleTexts.sendAnswer }).click();
  await expect(item).toContainText(dataRequestConsoleTexts.status.answered);
  await expect(item).toContainText('Dejamos de usar tus datos para el sorteo desde hoy.');

  const mine = await request.get('/api/v1/user/data-requests', { headers: citizen });
  const [answered] = (
    (await mine.json()) as { requests: { status: string; answered_at: string; due_at: string }[] }
  ).requests;
  expect(answered?.status).toBe('answered');
  expect(Date.parse(answered!.answered_at)).toBeLessThan(Date.parse(answered!.due_at));

  await expectNoSeriousAxeViolations(page);

  // The retention table scrolls inside its own region on a phone; the page does not.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('tab', { name: retentionConsoleTexts.tab }).click();
  await expect(page.getByRole('row', { name: /Video mails y sus miniaturas/ })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectNoSeriousAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole('tab', { name: auditTexts.tab }).click();
  await expect(page.getByRole('cell', { name: /Respondió una solicitud de datos/ }).first()).toBeVisible();
  await expect(
    page.getByRole('cell', { name: /Extendió el plazo de una solicitud de datos/ }).first(),
  ).toBeVisible();
});

/** SHA-256 of every file under `dir`, by path. */
function filesByHash(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    found.set(createHash('sha256').update(readFileSync(file)).digest('hex'), file);
  }
  return found;
}

async function sendVideoMail(page: Page, name: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Contáctanos' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Video Mail' }).click();
  const panel = page.getByRole('dialog', { name: 'Video Mail' });
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
  await expect(page.getByText(widgetTexts.videoMailSent)).toBeVisible({ timeout: 20_000 });
}

test('a retention run with the clock moved deletes the expired video mail, row and file, but not the held one', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A server of its own: the run deletes everything past its period as of that date.
  const server = await startServer();
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const citizen = await context.newPage();
    const stamp = Date.now();
    const kept = `Vecina retenida ${stamp}`;
    const gone = `Vecina sin retención ${stamp}`;
    await sendVideoMail(citizen, kept);
    await sendVideoMail(citizen, gone);

    const desk = await context.newPage();
    const token = await openConsole(desk, context.request, 'video-mails');
    const heldCard = desk.getByRole('article', { name: kept });
    await heldCard
      .getByRole('button', { name: `${holdConsoleTexts.hold} ${holdConsoleTexts.subjects.video_mail}` })
      .click();
    await heldCard
      .getByRole('textbox', { name: holdConsoleTexts.reasonLabel })
      .fill('Denuncia en la fiscalía');
    await heldCard.getByRole('button', { name: holdConsoleTexts.confirm, exact: true }).click();
    await expect(heldCard).toContainText(holdConsoleTexts.heldBecause('Denuncia en la fiscalía'));
    await expect(desk.getByRole('article', { name: gone })).not.toContainText(holdConsoleTexts.held);

    // Each mail's stored video, found on disk by its bytes.
    const inbox = async () =>
      (
        (await (
          await context.request.get(operatorApi.inbox.path(), {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { video_mails: { id: number; name: string; video_url: string }[] }
      ).video_mails;
    const onDisk = filesByHash(path.join(server.dataDir, 'uploads'));
    const fileOf = async (name: string) => {
      const mail = (await inbox()).find((item) => item.name === name)!;
      const bytes = await (await context.request.get(mail.video_url)).body();
      const file = onDisk.get(createHash('sha256').update(bytes).digest('hex'));
      expect(file, `the stored video of ${name}`).toBeDefined();
      return file!;
    };
    const heldFile = await fileOf(kept);
    const goneFile = await fileOf(gone);

    const at = new Date(Date.now() + (RETENTION_RULES.video_mails.defaultDays + 1) * DAY_MS).toISOString();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [path.join(repoRoot, 'apps/server/scripts/admin.mjs'), 'retention:run', '--at', at],
      {
        cwd: repoRoot,
        env: { ...process.env, NODE_ENV: 'test', DATA_DIR: server.dataDir, DATABASE_URL: '' },
      },
    );
    expect(stdout).toContain(`Retención al / Retention as of ${at}:`);
    expect(stdout).toMatch(/video_mails\t\d+\tVideo mails/);

    const names = (await inbox()).map((mail) => mail.name);
    expect(names).toContain(kept);
    expect(names).not.toContain(gone);
    expect(existsSync(goneFile)).toBe(false);
    expect(existsSync(heldFile)).toBe(true);
    await desk.reload();
    await expect(desk.getByRole('article', { name: kept })).toContainText(holdConsoleTexts.held);
    await expect(desk.getByRole('article', { name: gone })).toHaveCount(0);
  } finally {
    await context.close();
    await server.stop();
  }
});
