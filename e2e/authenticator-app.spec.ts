import { type Page } from '@playwright/test';
import { AUTHENTICATOR } from '@seguridad/contracts/constants';
import { twoStepTexts } from '@seguridad/contracts/messages/two-step';
import { settingsSectionPaths, webPaths } from '@seguridad/contracts/web-paths';
import { expect, expectNoHorizontalScroll, expectNoSeriousAxeViolations, test } from './fixtures';
import {
  fillLogin,
  PASSWORD,
  SESSION_TOKEN_STORAGE_KEY,
  signUpThroughApi,
  tokenThroughApi,
  uniqueEmail,
  verifyEmailThroughOutbox,
} from './support/accounts';
import { appCode } from './support/staff';

/*
 * Two-step sign-in with an authenticator app (decision 054), as a person does it: enrol in
 * Settings reading the key the page shows, then sign in with the app's code and, once, with a
 * recovery code. The codes are computed here with the same library a phone's app implements.
 */

async function signOut(page: Page) {
  await page.getByRole('banner').getByRole('button', { name: 'Mi cuenta' }).click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: 'Salir' }).click()]);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Ingresar' })).toBeVisible();
}

test('enrols an authenticator app in settings, then signs in with its code and with a recovery code', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('autenticador');
  await signUpThroughApi(request, { email });
  await verifyEmailThroughOutbox(request, email);
  const token = await tokenThroughApi(request, email);
  await page.goto(webPaths.home);
  await page.evaluate(
    ([key, value]) => window.localStorage.setItem(key!, value!),
    [SESSION_TOKEN_STORAGE_KEY, token],
  );

  await page.goto(settingsSectionPaths.twoFactor);
  const panel = page.getByRole('region', { name: twoStepTexts.appTitle });
  await panel.getByRole('button', { name: twoStepTexts.enable }).click();
  // Every two-step change asks the current password again.
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Contraseña actual').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Continuar' }).click();

  await expect(panel.getByRole('img', { name: twoStepTexts.qrAlt })).toBeVisible();
  const secret = (await panel.getByLabel(twoStepTexts.secretLabel).innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expectNoSeriousAxeViolations(page);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`enrolment-${width}.png`), fullPage: true });
  }

  await panel.getByLabel(twoStepTexts.codeLabel).fill(appCode(secret));
  await panel.getByRole('button', { name: twoStepTexts.activate }).click();
  const codes = panel.getByRole('list', { name: twoStepTexts.recoveryCodesLabel }).getByRole('listitem');
  await expect(codes).toHaveCount(AUTHENTICATOR.recoveryCodeCount);
  const [recoveryCode] = await codes.allInnerTexts();
  await panel.getByRole('button', { name: twoStepTexts.recoverySaved }).click();
  await expect(panel.getByText(twoStepTexts.appOn)).toBeVisible();

  // The enrolment took the current step's code: the next step's is within the window and unused.
  await signOut(page);
  await page.goto(webPaths.login);
  await fillLogin(page, email);
  await expect(page).toHaveURL(new RegExp(`${webPaths.login2fa}`));
  await expect(page.getByText(twoStepTexts.loginLeadApp)).toBeVisible();
  await page.getByLabel(twoStepTexts.codeLabel, { exact: true }).fill(appCode(secret, 1));
  await page.getByRole('button', { name: twoStepTexts.signIn }).click();
  await expect(page).toHaveURL(/\/$/);

  await signOut(page);
  await page.goto(webPaths.login);
  await fillLogin(page, email);
  await page.getByRole('button', { name: twoStepTexts.methodRecovery }).click();
  await page.getByLabel(twoStepTexts.recoveryLabel, { exact: true }).fill(recoveryCode!);
  await page.getByRole('button', { name: twoStepTexts.signIn }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Mi cuenta' })).toBeVisible();
});
