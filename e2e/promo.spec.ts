import { createHash, createHmac } from 'node:crypto';
import { type Page } from '@playwright/test';
import { DRAW } from '@seguridad/contracts/constants';
import { accountTexts, promoTexts, validationMessages } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import {
  checkedViewports,
  DEV_ADMIN,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  test,
} from './fixtures';
import { latestMatch, verifyEmailThroughOutbox } from './support/accounts';
import { eightDigits, eligibleRegistrant, provePromoPhoneThroughApi } from './support/promo';

/*
 * The camera draw against the real built server: promo registration, the three invitations, the
 * admin's publication and draw from the console, and the results page's proof, recomputed here
 * from the published description only (docs/decisions/015).
 */

const PASSWORD = 'clave-del-sorteo-2026';

function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

async function fillPromoForm(page: Page, person: { email: string; phone: string }) {
  await page.getByLabel('Nombre', { exact: true }).fill('Valentina');
  await page.getByLabel('Apellido').fill('Reyes');
  await page.getByLabel('Correo', { exact: true }).fill(person.email);
  await page.getByLabel('Teléfono').fill(person.phone);
  await page.getByLabel(promoTexts.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(promoTexts.passwordConfirmation).fill(PASSWORD);
}

/** The draw recomputed from the results page's explanation, apart from the server's code. */
function recomputeWinners(ids: number[], seedHex: string): number[] {
  const key = Buffer.from(seedHex, 'hex');
  let counter = 0;
  const uniform = (k: number) => {
    const limit = 2 ** 32 - (2 ** 32 % k);
    for (;;) {
      const x = createHmac('sha256', key).update(String(counter++)).digest().readUInt32BE(0);
      if (x < limit) return x % k;
    }
  };
  const order = [...ids];
  for (let i = 0; i < order.length - 1; i += 1) {
    const j = i + uniform(order.length - i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

test.describe('promo page /registrate', () => {
  test('register, confirm the phone by its code, invite three contacts, count, then register another user', async ({
    page,
    request,
  }) => {
    await page.goto(webPaths.promo);
    await expect(page.getByRole('heading', { level: 1, name: promoTexts.heroTitle })).toBeVisible();
    await expect(page.getByTestId('places-left')).toContainText('cupos de 1000');
    const register = page.getByRole('button', { name: promoTexts.register });
    await expect(register).toBeDisabled();
    const email = uniqueEmail('promo');
    const phone = eightDigits();
    await fillPromoForm(page, { email, phone });
    await register.click();

    // The code step comes first (decision 039): the code arrives by SMS (the outbox here).
    await expect(page.getByRole('heading', { name: promoTexts.phoneStepTitle })).toBeVisible();
    await expect(page.getByText(promoTexts.notCountedYet)).toBeVisible();
    await page.getByRole('button', { name: promoTexts.sendPhoneCode }).click();
    await expect(page.getByText(promoTexts.phoneCodeSent)).toBeVisible();
    const code = await latestMatch(request, `569${phone}`, /\b\d{6}\b/);
    await page.getByLabel(promoTexts.phoneCodeLabel).fill(code);
    await page.getByRole('button', { name: promoTexts.confirmPhone }).click();

    const dialog = page.getByRole('dialog', { name: promoTexts.inviteDialogTitle });
    await expect(dialog).toBeVisible();
    const send = dialog.getByRole('button', { name: promoTexts.send });
    await expect(send).toBeDisabled();
    await dialog.getByLabel(promoTexts.guestEmailLabel(1)).fill(uniqueEmail('amiga'));
    await dialog.getByLabel(promoTexts.guestEmailLabel(2)).fill(uniqueEmail('vecino'));
    await expect(send).toBeDisabled();
    await dialog.getByLabel(promoTexts.guestEmailLabel(3)).fill(uniqueEmail('primo'));
    await expectNoSeriousAxeViolations(page);
    await send.click();

    const success = page.getByRole('dialog', { name: promoTexts.successTitle });
    await expect(success).toBeVisible();
    await expect(success).toContainText(promoTexts.successBody);
    await success.getByRole('button', { name: promoTexts.close, exact: true }).first().click();
    await expect(page.getByTestId('promo-progress')).toHaveText(promoTexts.progress(3, 3));
    await expect(page.getByText(promoTexts.winnersGetMail)).toBeVisible();
    // The phone is proven; the e-mail still asks for its link, and the entry does not count yet.
    await expect(page.getByRole('heading', { name: promoTexts.phoneStepTitle })).toHaveCount(0);
    await expect(page.getByText(promoTexts.emailStepLead)).toBeVisible();
    await expect(page.getByRole('button', { name: accountTexts.resendVerificationLink })).toBeVisible();
    await expect(page.getByText(promoTexts.eligibleNote)).toHaveCount(0);

    await verifyEmailThroughOutbox(request, email);
    await page.reload();
    await expect(page.getByTestId('promo-progress')).toHaveText(promoTexts.progress(3, 3));
    await expect(page.getByText(promoTexts.eligibleNote)).toBeVisible();
    await expect(page.getByText(promoTexts.notCountedYet)).toHaveCount(0);
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('button', { name: promoTexts.registerAnother }).click();
    await expect(page.getByRole('button', { name: promoTexts.register })).toBeDisabled();
    await expect(page.getByLabel('Correo', { exact: true })).toHaveValue('');
    expect(await page.evaluate(() => window.localStorage.getItem('session-token'))).toBeNull();
  });

  test('opens the invitations on load when a registrant comes back without them', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('vuelve');
    const phone = eightDigits();
    await request.post('/api/v1/auth/signup', {
      data: {
        name: 'Ana',
        lastname: 'Díaz',
        email,
        phone,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    });
    const token = (
      (await (await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } })).json()) as {
        access_token: string;
      }
    ).access_token;
    await provePromoPhoneThroughApi(request, token, phone);
    await page.addInitScript((stored) => window.localStorage.setItem('session-token', stored), token);
    await page.goto(webPaths.promo);
    const dialog = page.getByRole('dialog', { name: promoTexts.inviteDialogTitle });
    await expect(dialog).toBeVisible();
    // One's own address is refused with a sentence, and the failure is the spec's.
    await dialog.getByLabel(promoTexts.guestEmailLabel(1)).fill(email);
    await dialog.getByLabel(promoTexts.guestEmailLabel(2)).fill(uniqueEmail('b'));
    await dialog.getByLabel(promoTexts.guestEmailLabel(3)).fill(uniqueEmail('c'));
    await dialog.getByRole('button', { name: promoTexts.send }).click();
    await expect(dialog.getByText(promoTexts.inviteFailed)).toBeVisible();
    await expect(dialog.getByText(promoTexts.errorLine(promoTexts.ownAddress))).toBeVisible();
    await dialog.getByRole('button', { name: promoTexts.cancel }).click();
    await expect(page.getByTestId('promo-progress')).toHaveText(promoTexts.progress(2, 3));
  });

  test('refuses letters in the phone', async ({ page }) => {
    await page.goto(webPaths.promo);
    await page.getByLabel('Teléfono').fill('1234abcd');
    await page.getByLabel('Teléfono').blur();
    await expect(page.getByText(validationMessages.digitsOnly)).toBeVisible();
    await expect(page.getByRole('button', { name: promoTexts.register })).toBeDisabled();
  });

  test('a duplicate registration lists the server’s reasons as lines prefixed with *', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('repetida');
    const phone = eightDigits();
    const first = await request.post('/api/v1/auth/signup', {
      data: {
        name: 'Rosa',
        lastname: 'Paz',
        email,
        phone,
        password: PASSWORD,
        password_confirmation: PASSWORD,
      },
    });
    expect(first.status()).toBe(200);
    await page.goto(webPaths.promo);
    await fillPromoForm(page, { email, phone });
    await page.getByRole('button', { name: promoTexts.register }).click();
    await expect(page.getByText('* El correo ingresado ya está registrado.')).toBeVisible();
    await expect(page.getByText(`* ${promoTexts.phoneAlreadyEntered}`)).toBeVisible();
  });

  for (const viewport of checkedViewports) {
    test(`fits ${viewport.name} and passes axe`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(webPaths.promo);
      await expect(page.getByRole('button', { name: promoTexts.register })).toBeVisible();
      await expectNoHorizontalScroll(page);
      await expectNoSeriousAxeViolations(page);
      await page.screenshot({ path: testInfo.outputPath(`promo-${viewport.width}.png`), fullPage: true });
    });
  }
});

test('an admin publishes and runs the draw, and the results page proves it', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await eligibleRegistrant(request);
  await eligibleRegistrant(request);
  await eligibleRegistrant(request);

  await page.goto(`${webPaths.login}?redirect_to=${encodeURIComponent(`${webPaths.operator}?vista=sorteo`)}`);
  await page.getByLabel('Email').fill(DEV_ADMIN.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(DEV_ADMIN.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  await expect(page.getByRole('heading', { name: promoTexts.consoleTitle })).toBeVisible();

  await page.getByRole('button', { name: promoTexts.consolePublish }).click();
  const proof = page.getByTestId('console-draw-proof');
  await expect(proof).toContainText(promoTexts.consolePublished);
  await expect(proof).toContainText(promoTexts.seedHidden);

  // Before the draw the results page shows the commitment and the date, and no seed.
  const before = (await (await request.get('/api/promo/draw')).json()) as {
    draw: { commitment: string; seed: string | null };
  };
  expect(before.draw.seed).toBeNull();

  await page.getByRole('button', { name: promoTexts.consoleRun }).click();
  await expect(proof).toContainText(promoTexts.consoleDrawn);
  await expect(page.getByRole('table', { name: promoTexts.consoleWinnersTitle })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto(webPaths.results);
  await expect(page.getByTestId('proof-seed')).toBeVisible();
  const seed = (await page.getByTestId('proof-seed').textContent())!;
  const commitment = (await page.getByTestId('proof-commitment').textContent())!;
  const listHash = (await page.getByTestId('proof-list-hash').textContent())!;
  expect(commitment).toBe(before.draw.commitment);
  expect(sha256(Buffer.from(seed, 'hex'))).toBe(commitment);

  const listUrl = await page.getByRole('link', { name: promoTexts.downloadList }).getAttribute('href');
  const list = (await (await request.get(listUrl!)).json()) as {
    entries: { id: number; name: string; phone: string }[];
  };
  const ids = list.entries.map((entry) => entry.id);
  expect(ids.length).toBeGreaterThanOrEqual(3);
  expect(sha256(ids.join('\n'))).toBe(listHash);

  const expected = recomputeWinners(ids, seed).slice(0, Math.min(DRAW.publishedWinners, DRAW.cameras));
  const byId = new Map(list.entries.map((entry) => [entry.id, entry]));
  const rows = page.getByRole('table', { name: promoTexts.winnersCaption }).locator('tbody tr');
  await expect(rows).toHaveCount(Math.min(expected.length, DRAW.publishedWinners));
  for (const [index, id] of expected.entries()) {
    const cells = rows.nth(index).locator('td');
    await expect(cells.nth(1)).toHaveText(byId.get(id)!.name);
    await expect(cells.nth(2)).toHaveText(/^\+569 \*{4} \*\d{3}$/);
    await expect(cells.nth(2)).toHaveText(byId.get(id)!.phone);
  }
  await expectNoSeriousAxeViolations(page);
  for (const viewport of checkedViewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`results-${viewport.width}.png`), fullPage: true });
  }
});
