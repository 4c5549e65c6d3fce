import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { consentTexts } from '@seguridad/contracts/http/consents';
import { consentMessages } from '@seguridad/contracts/messages/consents';
import { promoTexts, recordingTexts, settingsTexts } from '@seguridad/contracts/messages';
import { settingsSectionPaths, webPaths } from '@seguridad/contracts/web-paths';
import { connectCall, openCallPanel, test as callTest } from './call-journeys';
import { checkedViewports, expect, expectNoHorizontalScroll, test } from './fixtures';
import { fillLogin, signUpThroughApi, uniqueEmail, verifyEmailThroughOutbox } from './support/accounts';

const screenshots = path.join(path.dirname(fileURLToPath(import.meta.url)), 'test-results', 'consent');

async function signIn(page: Page, email: string, to: string) {
  await page.goto(`${webPaths.login}?redirect_to=${encodeURIComponent(to)}`);
  await fillLogin(page, email);
  await expect(page).toHaveURL(new RegExp(`${to}$`));
}

const networkSwitch = (page: Page) =>
  page
    .getByRole('region', { name: 'Cámaras' })
    .getByRole('switch', { name: consentTexts.camera_sharing_network.text });

/*
 * Consent records (decision 049): a citizen shares their cameras with their network (a consent
 * given), finds it in «Mis datos» with its version and date, withdraws it there, and the sharing
 * is off in the Privacy section.
 */
test.describe('Consentimientos', () => {
  test('a citizen grants camera sharing, sees it in Mis datos, withdraws it, and the sharing stops', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('consentimientos');
    await signUpThroughApi(request, { email, name: 'Rosa', lastname: 'Consiente' });
    await verifyEmailThroughOutbox(request, email);
    await signIn(page, email, settingsSectionPaths.security);

    await expect(networkSwitch(page)).not.toBeChecked();
    await networkSwitch(page).click();
    await expect(networkSwitch(page)).not.toHaveAttribute('aria-busy');
    await expect(networkSwitch(page)).toBeChecked();

    await page.goto(settingsSectionPaths.myData);
    const section = page.getByRole('region', { name: settingsTexts.myDataTitle });
    const consents = section.getByRole('list', { name: consentMessages.title });
    const given = consents.getByRole('listitem', {
      name: new RegExp(consentTexts.camera_sharing_network.title),
    });
    await expect(given).toHaveCount(1);
    await expect(given.getByText(consentMessages.active, { exact: true })).toBeVisible();
    await expect(
      given.getByText(new RegExp(`Versión ${consentTexts.camera_sharing_network.version}`)),
    ).toBeVisible();
    await expect(given.getByText(/Aceptado el \d{2}-\d{2}-\d{4}/)).toBeVisible();

    mkdirSync(screenshots, { recursive: true });
    for (const viewport of checkedViewports) {
      await page.setViewportSize(viewport);
      await expectNoHorizontalScroll(page);
      await page
        .getByRole('region', { name: consentMessages.title })
        .screenshot({ path: path.join(screenshots, `consentimientos-${viewport.width}.png`) });
    }

    await given.getByRole('button', { name: consentMessages.withdraw }).click();
    await expect(page.getByText(consentMessages.withdrawnNotice)).toBeVisible();
    await expect(given.getByText(consentMessages.withdrawn, { exact: true })).toBeVisible();
    await expect(given.getByText(/Retirado el \d{2}-\d{2}-\d{4}/)).toBeVisible();
    await expect(given.getByRole('button', { name: consentMessages.withdraw })).toHaveCount(0);

    // What depended on it stopped: the switch is off, on the server as on the page.
    await page.goto(settingsSectionPaths.security);
    await expect(networkSwitch(page)).not.toBeChecked();
    await page.reload();
    await expect(networkSwitch(page)).not.toBeChecked();
  });

  test('the promo form shows the draw terms that signing up accepts', async ({ page }) => {
    await page.goto(webPaths.promo);
    const form = page.getByRole('form', { name: promoTexts.formTitle });
    await expect(form.getByText(consentTexts.promo_terms.text)).toBeVisible();
    for (const viewport of checkedViewports) {
      await page.setViewportSize(viewport);
      await form.screenshot({ path: path.join(screenshots, `sorteo-bases-${viewport.width}.png`) });
    }
  });
});

/*
 * The recording notice (decisions 017 and 049): a signed-in citizen's view shows it when the
 * operator records, the view reports it, and «Mis datos» lists it with its version, without «Retirar».
 */
callTest.describe('Consentimientos: aviso de grabación', () => {
  callTest.setTimeout(90_000);

  callTest(
    'the notice a signed-in caller saw is recorded against the call and listed',
    async ({ page, operator, request }) => {
      const email = uniqueEmail('aviso-grabacion');
      await signUpThroughApi(request, { email, name: 'Rosa', lastname: 'Llamante' });
      await verifyEmailThroughOutbox(request, email);
      await signIn(page, email, settingsSectionPaths.myData);

      await openCallPanel(page);
      const { callView, consoleCall } = await connectCall(page, operator);
      const reported = page.waitForResponse(
        (response) =>
          /\/recording-notice$/.test(new URL(response.url()).pathname) && response.status() === 200,
      );
      await consoleCall.getByRole('button', { name: recordingTexts.consoleStart }).click();
      await expect(callView.getByRole('status').filter({ hasText: recordingTexts.notice })).toBeVisible();
      await reported;
      await consoleCall.getByRole('button', { name: 'Terminar llamada' }).click();

      await page.goto(settingsSectionPaths.myData);
      const consents = page.getByRole('list', { name: consentMessages.title });
      const notice = consents.getByRole('listitem', {
        name: new RegExp(consentTexts.recording_notice.title),
      });
      await expect(notice).toHaveCount(1);
      await expect(notice.getByText(`«${recordingTexts.notice}»`)).toBeVisible();
      await expect(
        notice.getByText(new RegExp(`Versión ${consentTexts.recording_notice.version}`)),
      ).toBeVisible();
      await expect(notice.getByRole('button', { name: consentMessages.withdraw })).toHaveCount(0);
    },
  );
});
