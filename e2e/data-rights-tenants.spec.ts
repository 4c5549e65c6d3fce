import type { APIRequestContext } from '@playwright/test';
import { DEMO_COMPANY_KEY, DELETE_ACCOUNT_PHRASE } from '@seguridad/contracts/constants';
import { dataRequestKindLabels } from '@seguridad/contracts/http/data-requests';
import { accountTexts } from '@seguridad/contracts/messages';
import { dataRequestConsoleTexts } from '@seguridad/contracts/messages/data-rights-console';
import { webPaths } from '@seguridad/contracts/web-paths';
import { DEV_ADMIN, expect, test } from './fixtures';
import { adminCommand as admin } from './support/admin-command';
import {
  fillLogin,
  latestMatch,
  PASSWORD,
  signedInState,
  signUpThroughApi,
  tokenThroughApi,
  uniqueEmail,
  verifyEmailThroughOutbox,
} from './support/accounts';

/*
 * What one person's account may reach of others' data (decisions 034 and 052): a stranger who
 * registers a victim's e-mail and deletes that account erases nothing the victim sent, and one
 * company's administrator never sees a rights request whose data only another company holds.
 */

async function inboxMessages(request: APIRequestContext): Promise<string[]> {
  const token = await tokenThroughApi(request, DEV_ADMIN.email, DEV_ADMIN.password);
  const inbox = await request.get('/api/v1/operator/inbox', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(inbox.status()).toBe(200);
  return ((await inbox.json()) as { contacts: { message: string }[] }).contacts.map((row) => row.message);
}

test("a stranger who registers a victim's e-mail and deletes the account erases nothing the victim sent", async ({
  page,
  request,
}) => {
  const victim = uniqueEmail('victima');
  const message = `Mi expareja me sigue hasta la casa ${Date.now()}`;
  // The victim writes to the centre (the contact form's own journey proves the form).
  const sent = await request.post('/api/attention/contact', {
    headers: { 'company-key': DEMO_COMPANY_KEY },
    data: { name: 'Ana', email: victim, phone_number: '+56911112222', message },
  });
  expect(sent.status()).toBe(200);

  // The abuser signs up with that address, never opening the mailed link, and deletes the account.
  await signUpThroughApi(request, { email: victim });
  await page.goto(webPaths.deleteAccount);
  await fillLogin(page, victim);
  await expect(page).toHaveURL(/\/delete-account$/);
  await page.getByLabel('Frase de confirmación').fill(DELETE_ACCOUNT_PHRASE);
  await page.getByLabel('Contraseña actual').fill(PASSWORD);
  await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
  await expect(page.getByRole('dialog', { name: accountTexts.accountDeleted })).toBeVisible();

  expect(await inboxMessages(request)).toContain(message);
});

test("another company's administrator never sees a request whose data it does not hold; each company answers its own", async ({
  browser,
  request,
  server,
}) => {
  // A municipality's centre, created as a region does it, with its first administrator.
  const created = await admin(server.dataDir, ['company:create', '--name', 'Municipalidad de Curicó']);
  const companyKey = /company-key: (pk_\S+)/.exec(created)?.[1];
  expect(companyKey).toBeDefined();
  const municipalAdmin = uniqueEmail('admin-curico');
  await admin(server.dataDir, [
    'staff:invite',
    '--company-key',
    companyKey!,
    '--email',
    municipalAdmin,
    '--role',
    'admin',
  ]);
  const code = await latestMatch(request, municipalAdmin, /[?&]code=([\w-]+)/);
  const registered = await request.post('/api/v1/staff/invitations/register', {
    data: { code, name: 'Marta', lastname: 'Curicó', password: PASSWORD, password_confirmation: PASSWORD },
  });
  expect(registered.status()).toBe(200);

  // One citizen wrote only to the region's centre, another also to the municipality's.
  const onlyRegion = uniqueEmail('solo-region');
  const both = uniqueEmail('dos-centrales');
  for (const email of [onlyRegion, both]) {
    await signUpThroughApi(request, { email });
    await verifyEmailThroughOutbox(request, email);
  }
  const wrote = await request.post('/api/attention/contact', {
    headers: { 'company-key': companyKey! },
    data: { name: 'Luis', email: both, phone_number: '+56933334444', message: 'Consulta municipal' },
  });
  expect(wrote.status()).toBe(200);
  for (const [email, detail] of [
    [onlyRegion, 'Corrijan mi apellido, por favor.'],
    [both, 'Borren lo que envié a la municipalidad.'],
  ] as const) {
    const token = await tokenThroughApi(request, email);
    const filed = await request.post('/api/v1/user/data-requests', {
      headers: { authorization: `Bearer ${token}` },
      data: { kind: email === both ? 'suppression' : 'rectification', detail },
    });
    expect(filed.status()).toBe(200);
  }

  // The municipality's administrator sees and answers only the request its data is part of.
  const municipalToken = await tokenThroughApi(request, municipalAdmin);
  const context = await browser.newContext({ storageState: signedInState(server.baseURL, municipalToken) });
  try {
    const page = await context.newPage();
    await page.goto(`${server.baseURL}${webPaths.operator}?vista=solicitudes-de-datos`);
    const mine = page.getByRole('listitem', { name: `${dataRequestKindLabels.suppression} · ${both}` });
    await expect(mine).toBeVisible();
    await expect(page.getByText(onlyRegion)).toHaveCount(0);
    await mine.getByRole('button', { name: dataRequestConsoleTexts.answer }).click();
    await mine
      .getByRole('textbox', { name: dataRequestConsoleTexts.answerLabel })
      .fill('Borramos el mensaje que enviaste a la municipalidad.');
    await mine.getByRole('button', { name: dataRequestConsoleTexts.sendAnswer }).click();
    await expect(mine).toContainText(dataRequestConsoleTexts.status.answered);
  } finally {
    await context.close();
  }

  // The citizen sees each centre's part: the municipality's answered, the region's still open.
  const citizenToken = await tokenThroughApi(request, both);
  const parts = (
    (await (
      await request.get('/api/v1/user/data-requests', {
        headers: { authorization: `Bearer ${citizenToken}` },
      })
    ).json()) as { requests: { company: string; status: string }[] }
  ).requests;
  expect(parts).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ company: 'Municipalidad de Curicó', status: 'answered' }),
      expect.objectContaining({ status: 'open' }),
    ]),
  );
  expect(parts).toHaveLength(2);
});
