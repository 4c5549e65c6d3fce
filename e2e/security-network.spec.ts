import { type APIRequestContext, type Page } from '@playwright/test';
import { SECURITY_NETWORK_MAX_PEOPLE } from '@seguridad/contracts/constants';
import { accountTexts, networkTexts, settingsTexts, validationMessages } from '@seguridad/contracts/messages';
import { settingsSectionPaths, webPaths } from '@seguridad/contracts/web-paths';
import {
  checkedViewports,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  test,
} from './fixtures';
import {
  collectConsoleErrors,
  fillLogin,
  fillRegisterForm,
  signUpThroughApi,
  tokenThroughApi,
  uniqueEmail,
  verifyEmailThroughOutbox,
} from './support/accounts';

/*
 * The security network against the real built server: an owner invites from /configuracion/redes,
 * the invitee follows the e-mailed link (read from the dev mailbox) in another browser context.
 * Every account is new; screenshots land in test-results/ for a person to look at.
 */

type Person = { email: string; name: string; lastname: string };

function person(tag: string, name: string, lastname: string): Person {
  return { email: uniqueEmail(tag), name, lastname };
}

async function inviteThroughApi(request: APIRequestContext, token: string, guestEmail: string) {
  const response = await request.post('/api/v1/networks/addUserToNetwork', {
    headers: { authorization: `Bearer ${token}` },
    data: { guest_email: guestEmail },
  });
  expect(response.status()).toBe(200);
}

async function myNetworkThroughApi(request: APIRequestContext, token: string) {
  const response = await request.get('/api/v1/networks/getMyNetwork', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    my_network: { status: number; guest: { email: string } }[];
    external_networks: { status: number }[];
  };
}

/** Signs in through the login page and lands on the networks section. */
async function openNetworksSection(page: Page, email: string) {
  await page.goto(`${webPaths.login}?redirect_to=${encodeURIComponent(settingsSectionPaths.networks)}`);
  await fillLogin(page, email);
  await expect(page).toHaveURL(new RegExp(`${settingsSectionPaths.networks}$`));
  await expect(page.getByRole('heading', { level: 2, name: settingsTexts.networksTitle })).toBeVisible();
}

/** Opens the dev mailbox for `to` and follows the newest invitation link in it. */
async function followInvitationFromMailbox(page: Page, to: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  const link = page
    .locator('article')
    .first()
    .getByRole('link', { name: /\/network_invite\?code=/ });
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  await link.click();
  return new URL(href!);
}

function row(page: Page, text: string) {
  return page.getByRole('row').filter({ hasText: text });
}

function snackbar(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text });
}

/** The refused calls these journeys provoke on purpose, which the console may report. */
const REFUSED_STATUSES = [401, 403, 404, 409];

async function screenshotAtBothWidths(page: Page, name: string) {
  for (const viewport of checkedViewports) {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await expectNoHorizontalScroll(page);
    await page.screenshot({
      path: test.info().outputPath(`${name}-${viewport.width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('security network', () => {
  test('the owner invites, the invitee accepts by the e-mailed link, both see it, and the invitee leaves', async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(90_000);
    const owner = person('duena', 'Olga', 'Dueña');
    const invitee = person('invitado', 'Iván', 'Invitado');
    await Promise.all([signUpThroughApi(request, owner), signUpThroughApi(request, invitee)]);
    await verifyEmailThroughOutbox(request, invitee.email);

    const ownerContext = await browser.newContext({ baseURL });
    const inviteeContext = await browser.newContext({ baseURL });
    const ownerPage = await ownerContext.newPage();
    const inviteePage = await inviteeContext.newPage();
    const ownerErrors = collectConsoleErrors(ownerPage, REFUSED_STATUSES);
    const inviteeErrors = collectConsoleErrors(inviteePage, REFUSED_STATUSES);

    // The owner invites from /configuracion/redes.
    await openNetworksSection(ownerPage, owner.email);
    await expect(ownerPage.getByText(networkTexts.myNetworkEmpty)).toBeVisible();
    await ownerPage.getByRole('button', { name: networkTexts.add }).click();
    const dialog = ownerPage.getByRole('dialog', { name: networkTexts.inviteDialogTitle });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel(networkTexts.inviteEmailLabel).fill(invitee.email);
    await expectNoSeriousAxeViolations(ownerPage);
    await dialog.getByRole('button', { name: networkTexts.send }).click();
    await expect(snackbar(ownerPage, networkTexts.invitationSent)).toBeVisible();
    await expect(dialog).toBeHidden();
    const pendingRow = row(ownerPage, invitee.email);
    // Pending: the address alone; whether it has an account, and whose, shows only once accepted.
    await expect(pendingRow).not.toContainText('Iván Invitado');
    await expect(pendingRow).toContainText(networkTexts.statusLabels[1]);
    await expect(ownerPage.getByText(networkTexts.placesUsed(1, SECURITY_NETWORK_MAX_PEOPLE))).toBeVisible();

    // The invitee reads the e-mail and opens the link without a session: login first, with the banner.
    const link = await followInvitationFromMailbox(inviteePage, invitee.email);
    expect(link.origin).toBe(baseURL);
    await expect(inviteePage).toHaveURL(/\/login\?redirect_to=/);
    await expect(snackbar(inviteePage, accountTexts.networkInviteBanner)).toBeVisible();
    await fillLogin(inviteePage, invitee.email);
    await expect(inviteePage).toHaveURL(`${baseURL}${link.pathname}${link.search}`);
    await expect(inviteePage.getByText(networkTexts.invitedBy('Olga Dueña'))).toBeVisible();
    await expectNoSeriousAxeViolations(inviteePage);
    await screenshotAtBothWidths(inviteePage, 'invitation-page');

    await inviteePage.getByRole('button', { name: networkTexts.accept }).click();
    await expect(inviteePage.getByText(networkTexts.invitationConfirmed)).toBeVisible();
    await expect(inviteePage.getByText(networkTexts.acceptedBody('Olga Dueña'))).toBeVisible();
    await expect(inviteePage.getByRole('link', { name: networkTexts.backToStart })).toHaveAttribute(
      'href',
      webPaths.home,
    );
    await expectNoSeriousAxeViolations(inviteePage);
    await screenshotAtBothWidths(inviteePage, 'invitation-accepted');

    // The owner's open Mi Red shows the member confirmed, without a reload (realtime).
    await expect(row(ownerPage, invitee.email)).toContainText(networkTexts.statusLabels[2]);
    await expect(row(ownerPage, invitee.email)).toContainText('Iván Invitado');
    await expectNoSeriousAxeViolations(ownerPage);
    await screenshotAtBothWidths(ownerPage, 'mi-red');

    // The invitee's Redes Externas shows the owner.
    await inviteePage.goto(settingsSectionPaths.networks);
    await inviteePage.getByRole('tab', { name: networkTexts.externalNetworks }).click();
    const externalRow = row(inviteePage, owner.email);
    await expect(externalRow).toContainText('Olga Dueña');
    await expect(externalRow).toContainText(networkTexts.statusLabels[2]);
    await expectNoSeriousAxeViolations(inviteePage);
    await screenshotAtBothWidths(inviteePage, 'redes-externas');

    // Leaving the network: confirmed in 'Salir de Red de Seguridad', then gone on both sides.
    await externalRow.getByRole('button', { name: networkTexts.leaveNetworkLabel('Olga Dueña') }).click();
    const leave = inviteePage.getByRole('dialog', { name: networkTexts.leaveDialogTitle });
    await expect(leave).toContainText(networkTexts.leaveExternalNetwork('Olga Dueña'));
    await expectNoSeriousAxeViolations(inviteePage);
    await leave.getByRole('button', { name: networkTexts.leaveConfirm }).click();
    await expect(snackbar(inviteePage, networkTexts.invitationRemoved)).toBeVisible();
    await expect(inviteePage.getByText(networkTexts.externalNetworksEmpty)).toBeVisible();
    await expect(ownerPage.getByText(networkTexts.myNetworkEmpty)).toBeVisible();
    await ownerPage.reload();
    await expect(ownerPage.getByText(networkTexts.myNetworkEmpty)).toBeVisible();

    expect(ownerErrors).toEqual([]);
    expect(inviteeErrors).toEqual([]);
    await ownerContext.close();
    await inviteeContext.close();
  });

  test('a new user registers from the link, proves the address by the mailed link, and accepts', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const owner = person('duena-registro', 'Marta', 'Rivas');
    await signUpThroughApi(request, owner);
    const ownerToken = await tokenThroughApi(request, owner.email);
    const guestEmail = uniqueEmail('nueva');
    await inviteThroughApi(request, ownerToken, guestEmail);

    const link = await followInvitationFromMailbox(page, guestEmail);
    await expect(snackbar(page, accountTexts.networkInviteBanner)).toBeVisible();
    await page.getByRole('link', { name: 'Registrarse' }).click();
    await expect(page).toHaveURL(/\/register\?redirect_to=/);
    await fillRegisterForm(page, { email: guestEmail, name: 'Nora', lastname: 'Nueva' });
    await expect(snackbar(page, accountTexts.registerSuccess)).toBeVisible();

    await expect(page).toHaveURL(`${baseURL}${link.pathname}${link.search}`, { timeout: 10_000 });
    await expect(page.getByText(networkTexts.invitedBy('Marta Rivas'))).toBeVisible();
    // Registering the address proves nothing yet: accepting asks for the mailed link, and offers a new one.
    await page.getByRole('button', { name: networkTexts.accept }).click();
    await expect(page.getByText(accountTexts.emailUnverified)).toBeVisible();
    await page.getByRole('button', { name: accountTexts.resendVerificationLink }).click();
    await expect(page.getByText(accountTexts.verificationLinkSent)).toBeVisible();
    expect((await myNetworkThroughApi(request, ownerToken)).my_network[0]?.status).toBe(1);

    // The newest mail's link, opened in the same browser: the page confirms and says so.
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(guestEmail)}`);
    const verifyLink = page
      .locator('article')
      .first()
      .getByRole('link', { name: /\/verificar-correo\?code=/ });
    await verifyLink.click();
    await expect(page.getByText(accountTexts.emailVerified)).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.goto(`${link.pathname}${link.search}`);
    await page.getByRole('button', { name: networkTexts.accept }).click();
    await expect(page.getByText(networkTexts.acceptedBody('Marta Rivas'))).toBeVisible();
    const network = await myNetworkThroughApi(request, ownerToken);
    expect(network.my_network).toEqual([expect.objectContaining({ status: 2, guest: expect.anything() })]);
  });

  test('a made-up code and someone else’s invitation each show a clear page, never a crash', async ({
    page,
    request,
  }) => {
    const owner = person('duena-ajena', 'Rosa', 'Pérez');
    const stranger = person('extrana', 'Elsa', 'Extraña');
    await Promise.all([signUpThroughApi(request, owner), signUpThroughApi(request, stranger)]);
    const ownerToken = await tokenThroughApi(request, owner.email);
    const errors = collectConsoleErrors(page, REFUSED_STATUSES);

    await page.goto(`${webPaths.login}?redirect_to=${encodeURIComponent(webPaths.home)}`);
    await fillLogin(page, stranger.email);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Mi cuenta' })).toBeVisible();

    await page.goto(`${webPaths.networkInvite}?code=${'x'.repeat(43)}&cmp=1`);
    await expect(page.getByRole('alert')).toContainText(networkTexts.invitationInvalid);
    await page.getByRole('link', { name: networkTexts.backToStart }).click();
    await expect(page).toHaveURL(/\/$/);

    // An invitation sent to another address: the page says so and offers the right account.
    const addressee = uniqueEmail('destinataria');
    await inviteThroughApi(request, ownerToken, addressee);
    const mailbox = await request.get(`/api/dev/outbox?to=${encodeURIComponent(addressee)}`);
    const mails = ((await mailbox.json()) as { data: { text: string }[] }).data;
    const foreignLink = /https?:\/\/\S+\/network_invite\?\S+/.exec(mails[0]?.text ?? '')?.[0];
    expect(foreignLink).toBeDefined();
    const foreign = new URL(foreignLink!);
    await page.goto(`${foreign.pathname}${foreign.search}`);
    await expect(page.getByText(networkTexts.invitedBy('Rosa Pérez'))).toBeVisible();
    await page.getByRole('button', { name: networkTexts.accept }).click();
    await expect(page.getByRole('alert')).toContainText(networkTexts.invitationNotForYou);
    await expect(page.getByRole('link', { name: networkTexts.signInAnotherAccount })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test('a bad e-mail reads "Formato incorrecto", and a sixth person is refused with the server’s sentence', async ({
    page,
    request,
  }) => {
    const owner = person('duena-llena', 'Lía', 'Llena');
    await signUpThroughApi(request, owner);
    const ownerToken = await tokenThroughApi(request, owner.email);
    for (let index = 0; index < SECURITY_NETWORK_MAX_PEOPLE; index += 1) {
      await inviteThroughApi(request, ownerToken, uniqueEmail(`lugar-${index}`));
    }
    await openNetworksSection(page, owner.email);
    await expect(page.getByText(networkTexts.placesUsed(5, SECURITY_NETWORK_MAX_PEOPLE))).toBeVisible();

    await page.getByRole('button', { name: networkTexts.add }).click();
    const dialog = page.getByRole('dialog', { name: networkTexts.inviteDialogTitle });
    const field = dialog.getByLabel(networkTexts.inviteEmailLabel);
    const send = dialog.getByRole('button', { name: networkTexts.send });
    await field.fill('persona@dominio');
    await field.blur();
    await expect(dialog.getByText(validationMessages.invitationEmailInvalid)).toBeVisible();
    await expect(send).toBeDisabled();
    await screenshotAtBothWidths(page, 'invite-dialog-invalid');

    await field.fill(uniqueEmail('sexta'));
    await expect(dialog.getByText(validationMessages.invitationEmailInvalid)).toBeHidden();
    await send.click();
    await expect(page.getByRole('alert').filter({ hasText: networkTexts.networkFull })).toBeVisible();
    const network = await myNetworkThroughApi(request, ownerToken);
    expect(network.my_network).toHaveLength(SECURITY_NETWORK_MAX_PEOPLE);
  });
});
