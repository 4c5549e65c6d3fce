import { type APIRequestContext, type Page } from '@playwright/test';
import { accountTexts, checkoutTexts, paymentTexts, validationMessages } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import {
  checkedViewports,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  test,
} from './fixtures';
import {
  confirmPhoneThroughApi,
  fillRegisterForm,
  outbox,
  PASSWORD,
  randomMobilePhone,
  signUpThroughApi,
  tokenThroughApi,
  uniqueEmail,
} from './support/accounts';

/*
 * The checkout against the real built server and its Flow simulator: accounts are new (unique
 * e-mail), payments go through the simulator's page, the receipt comes from the dev outbox.
 */

const CHECKOUT = `${webPaths.checkout}?plan=1`;

/** A new account with a session stored in the browser, as if the buyer had signed in before. */
async function signedInThroughApi(page: Page, request: APIRequestContext, email: string) {
  await signUpThroughApi(request, { email, name: 'Paula', lastname: 'Compradora' });
  const token = await tokenThroughApi(request, email);
  await page.addInitScript((value) => window.localStorage.setItem('session-token', value), token);
}

async function fillShipping(page: Page) {
  await page.getByLabel('Teléfono').fill('+56912345678');
  await page.getByLabel('Dirección').fill('Av. Libertador Bernardo O’Higgins 1234');
  await page.getByLabel('Región').selectOption({ label: 'Región Metropolitana de Santiago' });
  await page.getByLabel('Comuna').selectOption({ label: 'Santiago' });
}

test('buys the plan end to end: register, login, shipping, Flow, and the payment result', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('compra');
  await page.goto(CHECKOUT);
  const plan = page.getByRole('complementary', { name: 'Plan Básico' });
  await expect(plan).toContainText('$149.990');
  await expect(plan).toContainText('Electrocardiograma con interpretación por inteligencia artificial');
  await expect(page.getByRole('heading', { name: checkoutTexts.loginTitle })).toBeVisible();

  await page.getByRole('button', { name: 'Registrarse' }).click();
  await fillRegisterForm(page, { email, name: 'Paula', lastname: 'Compradora' });
  await expect(page.getByRole('status').filter({ hasText: checkoutTexts.registerSuccess })).toBeVisible();

  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();

  await expect(page.getByRole('heading', { name: checkoutTexts.shippingTitle })).toBeVisible();
  await expect(page.getByLabel('Nombre')).toHaveValue('Paula');
  await expect(page.getByLabel('Apellido')).toHaveValue('Compradora');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await fillShipping(page);
  await page.getByRole('button', { name: checkoutTexts.buy }).click();

  await expect(page).toHaveURL(/\/dev\/flow\/pay\?token=[0-9A-F]{40}$/);
  await expect(page.getByText('$149.990 CLP')).toBeVisible();
  await page.getByRole('button', { name: 'Pagar' }).click();

  await expect(page).toHaveURL(/\/\?token=[0-9A-F]{40}$/);
  const dialog = page.getByRole('dialog', { name: paymentTexts.successTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(paymentTexts.successBody);
  await expect(dialog).toContainText('$149.990');
  await expect(dialog).toContainText('Webpay');
  await expect(dialog).toContainText(paymentTexts.paymentId);
  await expectNoSeriousAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('payment-success-1280.png') });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: test.info().outputPath('payment-success-360.png') });
  await dialog.getByRole('button', { name: paymentTexts.accept }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);

  const receipts = (await outbox(request, email)).filter((m) => m.subject.includes('comprobante'));
  expect(receipts).toHaveLength(1);
  expect(receipts[0]!.text).toContain('$149.990');

  await page.goto(webPaths.myPurchases);
  await expect(page.getByRole('heading', { level: 1, name: checkoutTexts.myPurchasesTitle })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Plan Básico — 1 año' })).toContainText(
    checkoutTexts.orderStates.paid,
  );
});

test('a rejected payment shows the failure dialog', async ({ page, request }) => {
  await signedInThroughApi(page, request, uniqueEmail('rechazo'));
  await page.goto(CHECKOUT);
  await expect(page.getByLabel('Nombre')).toHaveValue('Paula');
  await fillShipping(page);
  await page.getByRole('button', { name: checkoutTexts.buy }).click();
  await page.getByRole('button', { name: 'Rechazar' }).click();

  const dialog = page.getByRole('dialog', { name: paymentTexts.failureTitle });
  await expect(dialog).toBeVisible();
  for (const line of paymentTexts.failureLines) await expect(dialog).toContainText(line);
  await dialog.getByRole('button', { name: paymentTexts.accept }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an account with two-step sign-in confirms its code inside the checkout, then pays', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('compra-dos-pasos');
  const phone = randomMobilePhone();
  await signUpThroughApi(request, { email, name: 'Paula', lastname: 'Compradora' });
  await confirmPhoneThroughApi(request, await tokenThroughApi(request, email), phone);

  await page.goto(CHECKOUT);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();

  const twoStep = page.getByRole('region', { name: 'Verificación en dos pasos' });
  await expect(
    twoStep.getByRole('radio', { name: `Teléfono terminado en ${phone.slice(-3)}` }),
  ).toBeChecked();
  await twoStep.getByRole('radio', { name: 'SMS' }).check();
  await twoStep.getByRole('button', { name: 'Siguiente' }).click();
  await expect(twoStep.getByRole('status').filter({ hasText: accountTexts.codeSent })).toBeVisible();
  const codeInput = twoStep.getByLabel('Código de verificación');
  await expect(codeInput).toBeFocused();
  // The phone's second message (the first confirmed it), newest first in the outbox.
  await expect.poll(async () => (await outbox(request, phone)).length).toBe(2);
  const loginCode = /\b\d{6}\b/.exec((await outbox(request, phone))[0]!.text)![0];

  const wrongCode = loginCode.replace(/^./, (digit) => String((Number(digit) + 1) % 10));
  await codeInput.fill(wrongCode);
  await twoStep.getByRole('button', { name: 'Guardar' }).click();
  await expect(twoStep.getByRole('alert').filter({ hasText: accountTexts.codeInvalid })).toBeVisible();
  // Still no session: the shipping form waits for the right code.
  await expect(page.getByRole('heading', { name: checkoutTexts.shippingTitle })).toHaveCount(0);

  await codeInput.fill(loginCode);
  await twoStep.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { name: checkoutTexts.shippingTitle })).toBeVisible();
  await expect(page.getByLabel('Nombre')).toHaveValue('Paula');
  await fillShipping(page);
  await page.getByRole('button', { name: checkoutTexts.buy }).click();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByRole('dialog', { name: paymentTexts.successTitle })).toBeVisible();
});

test('an unknown plan, or none, sends the visitor home', async ({ page }) => {
  await page.goto(`${webPaths.checkout}?plan=99`);
  await expect(page).toHaveURL(/\/$/);
  await page.goto(webPaths.checkout);
  await expect(page).toHaveURL(/\/$/);
});

test('the checkout does not need a session: it opens on its login form', async ({ page }) => {
  const response = await page.goto(CHECKOUT);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveURL(new RegExp(`${webPaths.checkout}\\?plan=1$`));
  await expect(page.getByRole('heading', { name: checkoutTexts.loginTitle })).toBeVisible();
});

test('says every validation message of the login and the shipping form', async ({ page, request }) => {
  const email = uniqueEmail('validaciones');
  await page.goto(CHECKOUT);
  const password = page.getByLabel('Contraseña', { exact: true });
  await password.focus();
  await password.blur();
  await expect(page.getByText(validationMessages.checkoutPasswordRequired)).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await password.fill('no-es-la-clave');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: accountTexts.checkoutLoginFailed })).toBeVisible();

  await signedInThroughApi(page, request, email);
  await page.goto(CHECKOUT);
  await expect(page.getByLabel('Nombre')).toHaveValue('Paula');
  await expect(page.getByText(validationMessages.communeNeedsRegion)).toBeVisible();
  for (const label of ['Nombre', 'Apellido']) await page.getByLabel(label).fill('');
  for (const label of ['Nombre', 'Apellido', 'Teléfono', 'Dirección', 'Región', 'Comuna']) {
    await page.getByLabel(label).focus();
    await page.getByLabel(label).blur();
  }
  for (const message of [
    validationMessages.checkoutNameRequired,
    validationMessages.checkoutLastNameRequired,
    validationMessages.checkoutPhoneRequired,
    validationMessages.checkoutAddressRequired,
    validationMessages.checkoutRegionRequired,
    validationMessages.checkoutCommuneRequired,
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByRole('button', { name: checkoutTexts.buy })).toBeDisabled();
});

test('reloads the communes when the region changes', async ({ page, request }) => {
  await signedInThroughApi(page, request, uniqueEmail('comunas'));
  await page.goto(CHECKOUT);
  const commune = page.getByLabel('Comuna');
  await expect(commune.locator('option')).toHaveCount(1);
  await page.getByLabel('Región').selectOption({ label: 'Región de Arica y Parinacota' });
  await expect(commune.locator('option')).toHaveText([
    'Selecciona una comuna',
    'Arica',
    'Camarones',
    'General Lagos',
    'Putre',
  ]);
  await commune.selectOption({ label: 'Putre' });
  await page.getByLabel('Región').selectOption({ label: 'Región Metropolitana de Santiago' });
  await expect(commune.locator('option', { hasText: 'Santiago' }).first()).toBeAttached();
  await expect(commune.locator('option', { hasText: 'Putre' })).toHaveCount(0);
  await expect(commune).toHaveValue('');
  await expect(page.getByText(validationMessages.communeNeedsRegion)).toHaveCount(0);
});

for (const viewport of checkedViewports) {
  test(`the checkout fits and is accessible at ${viewport.name}`, async ({ page, request }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(CHECKOUT);
    await expect(page.getByRole('heading', { name: checkoutTexts.loginTitle })).toBeVisible();
    await expectNoHorizontalScroll(page);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({
      path: testInfo.outputPath(`checkout-login-${viewport.width}.png`),
      fullPage: true,
    });

    await signedInThroughApi(page, request, uniqueEmail(`vista-${viewport.width}`));
    await page.goto(CHECKOUT);
    await expect(page.getByLabel('Nombre')).toHaveValue('Paula');
    await page.getByLabel('Región').selectOption({ label: 'Región Metropolitana de Santiago' });
    await expectNoHorizontalScroll(page);
    await expectNoSeriousAxeViolations(page);
    await page.screenshot({
      path: testInfo.outputPath(`checkout-shipping-${viewport.width}.png`),
      fullPage: true,
    });
  });
}
