import { type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import { accountTexts, settingsTexts, validationMessages } from '@seguridad/contracts/messages';
import { settingsSectionPaths, webPaths } from '@seguridad/contracts/web-paths';
import {
  checkedViewports,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  test,
} from './fixtures';
import {
  fillLogin,
  latestMatch,
  PASSWORD,
  randomMobilePhone,
  signUpThroughApi,
  uniqueEmail,
} from './support/accounts';
import { pngImage } from './support/images';

/*
 * The settings page against the real built server: every account is new, codes and mails come
 * from the dev outbox, and a second browser context plays the citizen's other device.
 */

/** The person every settings journey signs up as. */
const signUp = (request: APIRequestContext, email: string) =>
  signUpThroughApi(request, { email, name: 'Rosa', lastname: 'Pérez' });

/** Signs in through the login page, which comes back to `path` (and registers this browser). */
async function openSignedIn(page: Page, email: string, path: string = webPaths.settings) {
  await page.goto(`${webPaths.login}?redirect_to=${encodeURIComponent(path)}`);
  await fillLogin(page, email);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** The citizen's other device: a second browser with its own storage, signed in to the same account. */
async function otherDevice(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL, locale: 'es-CL', timezoneId: 'America/Santiago' });
  const page = await context.newPage();
  await openSignedIn(page, email);
  return { context, page };
}

/**
 * Clicks a switch and reads it in the same task, before any answer or timer can run: what the
 * person sees the moment they click. A switch that waits for its save to show the new position
 * reads as unchanged here.
 */
const clickAndRead = (toggle: Locator) =>
  toggle.evaluate((input: HTMLInputElement) => {
    input.click();
    return input.checked;
  });

const menu = (page: Page) => page.getByRole('navigation', { name: 'Secciones de la configuración' });
const sectionHeading = (page: Page, title: string) => page.getByRole('heading', { level: 2, name: title });
const banner = (page: Page) => page.getByRole('link', { name: settingsTexts.twoFactorBanner });

test.describe('settings page', () => {
  test('a visitor is sent to log in first, and lands back on the settings page', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('config-visita');
    await signUp(request, email);
    await page.goto(webPaths.settings);
    await expect
      .poll(() => {
        const url = new URL(page.url());
        return { path: url.pathname, returnTo: url.searchParams.get('redirect_to') };
      })
      .toEqual({ path: webPaths.login, returnTo: webPaths.settings });
    await fillLogin(page, email);
    await expect(page).toHaveURL(/\/configuracion$/);
    await expect(sectionHeading(page, settingsTexts.accountTitle)).toBeVisible();
    for (const label of ['Cuenta', 'Dispositivos', 'Redes de Seguridad', 'Privacidad y Seguridad']) {
      await expect(menu(page).getByRole('link', { name: label })).toBeVisible();
    }
    await menu(page).getByRole('link', { name: 'Redes de Seguridad' }).click();
    await expect(page).toHaveURL(/\/configuracion\/redes$/);
    await expect(sectionHeading(page, settingsTexts.networksTitle)).toBeVisible();
    await menu(page).getByRole('button', { name: 'Salir' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Ingresar' })).toBeVisible();
  });

  test('edits the profile with a RUT, uploads an avatar, and both are there after a reload', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('config-perfil');
    await signUp(request, email);
    await openSignedIn(page, email, settingsSectionPaths.account);
    await expect(page.getByText(email)).toBeVisible();

    const rut = page.getByRole('textbox', { name: /^Rut/ });
    await expect(rut).not.toBeEditable();
    await page.getByRole('switch', { name: 'Editar' }).check();
    await expect(rut).toBeEditable();

    await rut.fill('123456789');
    await expect(rut).toHaveValue('12.345.678-9');
    await expect(page.getByText(validationMessages.rutInvalid)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Guardar' })).toBeDisabled();

    await rut.fill('');
    await rut.pressSequentially('123456785');
    await expect(rut).toHaveValue('12.345.678-5');
    await page.getByRole('textbox', { name: /^Teléfono/ }).fill('56912345678');
    await page.getByRole('textbox', { name: /^Dirección/ }).fill('Av. Libertador 1234, Santiago');
    await page
      .getByLabel('Elegir foto')
      .setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: pngImage() });
    await expect(page.getByRole('img', { name: 'Tu foto de perfil' })).toHaveAttribute('src', /^blob:/);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByText(settingsTexts.profileSaved)).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: /^Rut/ })).toHaveValue('12.345.678-5');
    await expect(page.getByRole('textbox', { name: /^Teléfono/ })).toHaveValue('56912345678');
    await expect(page.getByRole('textbox', { name: /^Dirección/ })).toHaveValue(
      'Av. Libertador 1234, Santiago',
    );
    const avatar = page.getByRole('img', { name: 'Tu foto de perfil' });
    await expect(avatar).toHaveAttribute('src', /^\/api\/v1\/user\/avatar\/[A-Za-z0-9_-]{22}$/);
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(8);
  });

  test('devices: this browser is marked, the switch persists, and removing the other device signs it out', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail('config-equipos');
    await signUp(request, email);
    await openSignedIn(page, email, settingsSectionPaths.devices);
    const other = await otherDevice(browser, baseURL, email);
    try {
      await page.reload();
      const cards = page.getByRole('listitem').filter({ has: page.getByRole('switch') });
      await expect(cards).toHaveCount(2);
      const mine = cards.filter({ hasText: 'Este dispositivo' });
      await expect(mine).toHaveCount(1);
      await expect(mine).toContainText('Sistema');
      await expect(mine).toContainText('Linux');

      const panelSwitch = mine.getByRole('switch', { name: settingsTexts.fixedToPanel });
      await expect(panelSwitch).not.toBeChecked();
      expect(await clickAndRead(panelSwitch)).toBe(true);
      await expect(panelSwitch).not.toHaveAttribute('aria-busy');
      await expect(panelSwitch).toBeChecked();
      await page.reload();
      await expect(
        cards
          .filter({ hasText: 'Este dispositivo' })
          .getByRole('switch', { name: settingsTexts.fixedToPanel }),
      ).toBeChecked();

      const theirs = cards.filter({ hasNotText: 'Este dispositivo' });
      await theirs.getByRole('button', { name: /Eliminar dispositivo/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
      await expect(page.getByText(settingsTexts.deviceRemoved)).toBeVisible();
      await expect(cards).toHaveCount(1);

      // The removed device's next call answers 401: it is sent to log in again.
      await menu(other.page).getByRole('link', { name: 'Dispositivos' }).click();
      await expect(other.page).toHaveURL(/\/login\?redirect_to=%2Fconfiguracion%2Fdispositivos$/);
    } finally {
      await other.context.close();
    }
  });

  test('sessions: both are listed, and Cerrar on the other one ends it', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail('config-sesiones');
    await signUp(request, email);
    const other = await otherDevice(browser, baseURL, email);
    try {
      await openSignedIn(page, email, settingsSectionPaths.security);
      const sessions = page.getByRole('region', { name: 'Sesiones activas' });
      await expect(sessions.getByRole('listitem')).toHaveCount(2);
      await expect(sessions.getByText('Esta sesión')).toHaveCount(1);
      await sessions.getByRole('button', { name: /^Cerrar la sesión de/ }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
      await expect(
        page.getByRole('status').getByText(settingsTexts.sessionRevoked, { exact: true }),
      ).toBeVisible();
      await expect(sessions.getByRole('listitem')).toHaveCount(1);
      await expect(page.getByRole('region', { name: 'Actividad de seguridad' })).toContainText(
        'Sesión cerrada',
      );

      await menu(other.page).getByRole('link', { name: 'Privacidad y Seguridad' }).click();
      await expect(other.page).toHaveURL(/\/login\?redirect_to=%2Fconfiguracion%2Fseguridad$/);
    } finally {
      await other.context.close();
    }
  });

  test('two-step setup with the password and a code from the outbox; the banner goes away', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('config-2fa');
    const phone = randomMobilePhone();
    await signUp(request, email);
    await openSignedIn(page, email);
    await banner(page).click();
    await expect(page).toHaveURL(/\/configuracion\/dos-pasos$/);
    await expect(sectionHeading(page, settingsTexts.twoFactorTitle)).toBeVisible();

    const phoneField = page.getByRole('textbox', { name: /^Teléfono/ });
    await phoneField.fill('569123');
    await phoneField.blur();
    await expect(page.getByText(validationMessages.phoneElevenDigits)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    await phoneField.fill(phone);
    await page.getByRole('radio', { name: 'Whatsapp' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    // Every two-step phone change asks for the current password, even right after signing in.
    const proof = page.getByRole('dialog', { name: 'Confirma que eres tú' });
    await proof.getByLabel('Contraseña actual').fill(PASSWORD);
    await proof.getByRole('button', { name: 'Continuar' }).click();

    const code = await latestMatch(request, phone, /\b(\d{6})\b/);
    const codeField = page.getByRole('textbox', { name: /^Código de verificación/ });
    await codeField.fill('12');
    await expect(page.getByText(validationMessages.codeSixDigits)).toBeVisible();
    await codeField.fill(code);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect(page.getByText(accountTexts.phoneVerified)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ir al Inicio', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Teléfonos confirmados' })).toContainText(phone.slice(-3));

    await menu(page).getByRole('link', { name: 'Cuenta' }).click();
    await expect(sectionHeading(page, settingsTexts.accountTitle)).toBeVisible();
    await expect(banner(page)).toHaveCount(0);
  });

  test('cameras: shared with nobody at first; each switch moves at once and keeps its position', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('config-camaras');
    await signUp(request, email);
    await openSignedIn(page, email, settingsSectionPaths.security);
    const cameras = page.getByRole('region', { name: 'Cámaras' });
    const withNetwork = cameras.getByRole('switch', {
      name: 'Compartir mis cámaras con mi red de seguridad',
    });
    const withOperators = cameras.getByRole('switch', {
      name: 'Compartir mis cámaras con los operadores de la central',
    });
    await expect(withNetwork).not.toBeChecked();
    await expect(withOperators).not.toBeChecked();

    expect(await clickAndRead(withOperators)).toBe(true);
    await expect(withOperators).not.toHaveAttribute('aria-busy');
    await expect(withOperators).toBeChecked();
    await expect(withNetwork).not.toBeChecked();

    await page.reload();
    await expect(withOperators).toBeChecked();
    await expect(withNetwork).not.toBeChecked();
    expect(await clickAndRead(withOperators)).toBe(false);
    await expect(withOperators).not.toHaveAttribute('aria-busy');
    await page.reload();
    await expect(withOperators).not.toBeChecked();
  });

  test('change password sends the mail; closing every session goes to login after 3 s', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('config-seguridad');
    await signUp(request, email);
    await openSignedIn(page, email, settingsSectionPaths.security);

    await page.getByRole('button', { name: 'Enviar correo' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText(accountTexts.confirmationMailSent)).toBeVisible();
    await latestMatch(request, email, /\/reset-pass\?token=\S+/);

    await page.getByRole('button', { name: 'Cerrar sesiones' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirmar' }).click();
    await expect(page.getByText(accountTexts.sessionsRevoked)).toBeVisible();
    const revokedAt = Date.now();
    await expect(page).toHaveURL(/\/login$/, { timeout: 6_000 });
    expect(Date.now() - revokedAt).toBeGreaterThan(2_000);
    expect(await page.evaluate(() => window.localStorage.getItem('session-token'))).toBeNull();
  });

  for (const viewport of checkedViewports) {
    test(`every section has no serious accessibility violation and fits at ${viewport.name}`, async ({
      page,
      request,
    }, testInfo) => {
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      const email = uniqueEmail('config-a11y');
      await signUp(request, email);
      await openSignedIn(page, email, settingsSectionPaths.account);
      for (const [path, title] of [
        [settingsSectionPaths.account, settingsTexts.accountTitle],
        [settingsSectionPaths.devices, settingsTexts.devicesTitle],
        [settingsSectionPaths.networks, settingsTexts.networksTitle],
        [settingsSectionPaths.security, settingsTexts.securityTitle],
        [settingsSectionPaths.twoFactor, settingsTexts.twoFactorTitle],
      ] as const) {
        await page.goto(path);
        await expect(sectionHeading(page, title)).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await expectNoSeriousAxeViolations(page);
        await expectNoHorizontalScroll(page);
        await page.screenshot({
          path: testInfo.outputPath(`${path.split('/').pop()}-${viewport.width}.png`),
          fullPage: true,
        });
      }
    });
  }
});
