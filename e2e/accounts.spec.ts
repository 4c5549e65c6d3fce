import { type APIRequestContext, type Page } from '@playwright/test';
import { DELETE_ACCOUNT_PHRASE } from '@seguridad/contracts/constants';
import { accountTexts, settingsTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import {
  checkedViewports,
  expect,
  expectNoHorizontalScroll,
  expectNoSeriousAxeViolations,
  reactHasTakenOver,
  test,
} from './fixtures';
import {
  collectConsoleErrors,
  confirmPhoneThroughApi,
  fillLogin,
  fillRegisterForm,
  latestMatch,
  outbox,
  PASSWORD,
  randomMobilePhone,
  signUpThroughApi,
  tokenThroughApi,
  uniqueEmail,
} from './support/accounts';

/*
 * The account pages against the real built server: every account is new (unique e-mail), codes and
 * links come from the dev outbox, and sessions are checked with the API the way the app uses them.
 */

/** The failed answers these journeys provoke on purpose, which the console may report. */
const PROVOKED_STATUSES = [401, 404, 422];

async function userInfoStatus(request: APIRequestContext, token: string): Promise<number> {
  const response = await request.get('/api/v1/user/info', { headers: { authorization: `Bearer ${token}` } });
  return response.status();
}

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('session-token'));
}

function userMenuButton(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: 'Mi cuenta' });
}

test.describe('register', () => {
  test('creates the account, signs in by itself and returns to redirect_to with the user menu', async ({
    page,
  }) => {
    const errors = collectConsoleErrors(page, PROVOKED_STATUSES);
    await page.goto(`${webPaths.register}?redirect_to=${encodeURIComponent(webPaths.results)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Registrar Cuenta' });
    await expect(submit).toBeDisabled();

    await page.getByLabel('Nombre').fill('Valentina');
    await page.getByLabel('Apellido').fill('Rojas');
    await page.getByLabel('Email').fill(uniqueEmail('registro'));
    await page.getByLabel('Contraseña', { exact: true }).fill('corta');
    await expect(page.getByText('La contraseña debe ser de 8 caracteres mínimo')).toBeVisible();
    await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirmar Contraseña').fill(`${PASSWORD}x`);
    await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
    await expect(submit).toBeDisabled();
    await page.getByLabel('Confirmar Contraseña').fill(PASSWORD);
    await expect(submit).toBeEnabled();

    await submit.click();
    await expect(page.getByRole('status').filter({ hasText: accountTexts.registerSuccess })).toBeVisible();
    await expect(page).toHaveURL(/\/ganadores-camaras$/, { timeout: 10_000 });
    await expect(userMenuButton(page)).toBeVisible();
    await expect.poll(() => storedToken(page)).toMatch(/\S{20,}/);
    expect(errors).toEqual([]);
  });

  test('shows the first message of the server when the e-mail is taken, and keeps the query for login', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('repetido');
    await signUpThroughApi(request, { email });
    await page.goto(`${webPaths.register}?code=ABC123&redirect_to=%2Fconfiguracion`);
    await fillRegisterForm(page, { email, name: 'Pedro', lastname: 'Soto' });
    await expect(page.getByRole('alert').filter({ hasText: accountTexts.emailTaken })).toBeVisible();
    await expect(page).toHaveURL(/\/register\?/);

    await page.getByRole('link', { name: 'Inicia sesión' }).click();
    await expect(page).toHaveURL(/\/login\?code=ABC123&redirect_to=%2Fconfiguracion$/);
  });
});

test.describe('login', () => {
  test('explains a network invitation, keeps the query for register and rejects a wrong password', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('login');
    await signUpThroughApi(request, { email });
    const redirectTo = `${webPaths.networkInvite}?code=abc&cmp=1`;
    await page.goto(`${webPaths.login}?redirect_to=${encodeURIComponent(redirectTo)}`);
    await expect(
      page.getByRole('status').filter({ hasText: accountTexts.networkInviteBanner }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Registrarse' })).toHaveAttribute(
      'href',
      `${webPaths.register}?redirect_to=${encodeURIComponent(redirectTo)}`,
    );
    await expect(page.getByRole('link', { name: '¿Olvidaste tu contraseña?' })).toHaveAttribute(
      'href',
      webPaths.resetPasswordRequest,
    );

    // Spec §5: the submit button waits for a valid form; a field left empty says why.
    await expect(page.getByRole('button', { name: 'Ingresar', exact: true })).toBeDisabled();
    await page.getByLabel('Email').focus();
    await page.getByLabel('Email').blur();
    await expect(page.getByText('Email es obligatorio')).toBeVisible();

    await fillLogin(page, email, 'no-es-la-clave');
    await expect(page.getByRole('alert').filter({ hasText: accountTexts.loginFailed })).toBeVisible();
    await expect(page).toHaveURL(/\/login\?/);
    expect(await storedToken(page)).toBeNull();
  });

  for (const target of ['https://evil.example.com', '//evil.example.com', '/\\evil.example.com']) {
    test(`ignores the open redirect ${target} and lands home`, async ({ page, request, baseURL }) => {
      const email = uniqueEmail('redirect');
      await signUpThroughApi(request, { email });
      await page.goto(`${webPaths.login}?redirect_to=${encodeURIComponent(target)}`);
      await fillLogin(page, email);
      await expect(page).toHaveURL(`${baseURL}/`);
      await expect(userMenuButton(page)).toBeVisible();
    });
  }
});

/**
 * Holds back every script of the website until `release()`: the page is its prerendered HTML alone,
 * as on a slow phone while the app downloads.
 */
async function holdBackScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  await page.route(/\/assets\/[^?]+\.js$/, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { release, held };
}

// Decision 019: React hydrates the prerendered page without a query, and renders it afresh (the
// build rendered it without one) with a query; either way what was typed before must count.
for (const query of ['', `?redirect_to=${encodeURIComponent(webPaths.results)}`]) {
  const landing = query ? /\/ganadores-camaras$/ : /\/$/;

  test.describe(`typing before the app has loaded${query ? ', with a query' : ''}`, () => {
    test('login: the prerendered form, filled in, signs in once the app is there', async ({
      page,
      request,
    }) => {
      const errors = collectConsoleErrors(page, PROVOKED_STATUSES);
      const email = uniqueEmail('antes-login');
      await signUpThroughApi(request, { email });
      const scripts = await holdBackScripts(page);
      // Not waiting for `load` nor DOMContentLoaded: both wait for the held-back module scripts.
      await page.goto(`${webPaths.login}${query}`, { waitUntil: 'commit' });

      await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
      const submit = page.getByRole('button', { name: 'Ingresar', exact: true });
      await expect(submit).toBeDisabled();
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
      expect(scripts.held.length).toBeGreaterThan(0);
      expect(await reactHasTakenOver(page)).toBe(false);

      scripts.release();
      await expect.poll(() => reactHasTakenOver(page)).toBe(true);
      await expect(page.getByLabel('Email')).toHaveValue(email);
      await expect(page.getByLabel('Contraseña', { exact: true })).toBeFocused();
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(page).toHaveURL(landing);
      await expect(userMenuButton(page)).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('register: the prerendered form, filled in, creates the account once the app is there', async ({
      page,
    }) => {
      const errors = collectConsoleErrors(page, PROVOKED_STATUSES);
      const scripts = await holdBackScripts(page);
      // Not waiting for `load` nor DOMContentLoaded: both wait for the held-back module scripts.
      await page.goto(`${webPaths.register}${query}`, { waitUntil: 'commit' });

      await expect(page.getByRole('heading', { level: 1, name: 'Crear cuenta' })).toBeVisible();
      const submit = page.getByRole('button', { name: 'Registrar Cuenta' });
      await expect(submit).toBeDisabled();
      await page.getByLabel('Nombre').fill('Valentina');
      await page.getByLabel('Apellido').fill('Rojas');
      await page.getByLabel('Email').fill(uniqueEmail('antes-registro'));
      await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
      // A mistake made before the app loaded is shown once it is there, and can be corrected.
      await page.getByLabel('Confirmar Contraseña').fill(`${PASSWORD}x`);
      await page.getByLabel('Nombre').focus();
      expect(await reactHasTakenOver(page)).toBe(false);

      scripts.release();
      await expect(page.getByText('Las contraseñas no coinciden')).toBeVisible();
      await expect(page.getByLabel('Nombre')).toBeFocused();
      await expect(page.getByLabel('Nombre')).toHaveValue('Valentina');
      await expect(submit).toBeDisabled();
      await page.getByLabel('Confirmar Contraseña').fill(PASSWORD);
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(page.getByRole('status').filter({ hasText: accountTexts.registerSuccess })).toBeVisible();
      await expect(page).toHaveURL(landing, { timeout: 10_000 });
      await expect(userMenuButton(page)).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('register: a short password typed before the app loaded is told at once, the person still in it', async ({
      page,
    }) => {
      const errors = collectConsoleErrors(page, PROVOKED_STATUSES);
      const scripts = await holdBackScripts(page);
      await page.goto(`${webPaths.register}${query}`, { waitUntil: 'commit' });

      const password = page.getByLabel('Contraseña', { exact: true });
      await password.fill('corta');
      expect(await reactHasTakenOver(page)).toBe(false);

      scripts.release();
      await expect.poll(() => reactHasTakenOver(page)).toBe(true);
      // The form checks as one types: the same message as had the app been there for the typing.
      await expect(page.getByText('La contraseña debe ser de 8 caracteres mínimo')).toBeVisible();
      await expect(password).toBeFocused();
      await expect(password).toHaveValue('corta');
      await password.pressSequentially('-larga');
      await expect(page.getByText('La contraseña debe ser de 8 caracteres mínimo')).toBeHidden();
      expect(errors).toEqual([]);
    });
  });
}

test.describe('two-step login', () => {
  test('without the first step it sends back to login', async ({ page }) => {
    await page.goto(webPaths.login2fa);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('chooses a confirmed phone, receives the code and signs in', async ({ page, request, baseURL }) => {
    const errors = collectConsoleErrors(page, PROVOKED_STATUSES);
    const email = uniqueEmail('dos-pasos');
    const phone = randomMobilePhone();
    await signUpThroughApi(request, { email });
    await confirmPhoneThroughApi(request, await tokenThroughApi(request, email), phone);

    await page.goto(webPaths.login);
    await fillLogin(page, email);
    await expect(page).toHaveURL(/\/login2FA$/);
    const phoneChoice = page.getByRole('radio', { name: `Teléfono terminado en ${phone.slice(-3)}` });
    await expect(phoneChoice).toBeChecked();
    await page.getByRole('radio', { name: 'SMS' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    const codeInput = page.getByLabel('Código de verificación');
    await expect(codeInput).toBeFocused();

    // Back to the choice, then WhatsApp: the newest code is the one that counts.
    await page.getByRole('button', { name: 'Volver' }).click();
    await expect(page.getByRole('heading', { name: 'Elige dónde recibir tu código' })).toBeFocused();
    await page.getByRole('radio', { name: 'WhatsApp' }).check();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await expect(codeInput).toBeVisible();
    await expect.poll(async () => (await outbox(request, phone))[0]?.channel).toBe('whatsapp');
    const loginCode = /\b\d{6}\b/.exec((await outbox(request, phone))[0]!.text)![0];

    await codeInput.fill('12ab');
    await codeInput.blur();
    await expect(page.getByText('El campo debe tener 6 números')).toBeVisible();
    const wrongCode = loginCode.replace(/^./, (digit) => String((Number(digit) + 1) % 10));
    await codeInput.fill(wrongCode);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page.getByRole('alert').filter({ hasText: accountTexts.codeInvalid })).toBeVisible();

    await codeInput.fill(loginCode);
    await page.getByRole('button', { name: 'Guardar' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(userMenuButton(page)).toBeVisible();
    const sessionToken = await storedToken(page);
    expect(sessionToken).toMatch(/\S{20,}/);
    expect(await userInfoStatus(request, sessionToken!)).toBe(200);
    // The credentials kept between the steps are gone.
    expect(await page.evaluate(() => window.sessionStorage.length)).toBe(0);
    expect(errors).toEqual([]);
  });
});

test.describe('password reset', () => {
  async function requestResetLink(page: Page, request: APIRequestContext, email: string): Promise<string> {
    await page.goto(webPaths.resetPasswordRequest);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(page.getByRole('status').filter({ hasText: accountTexts.resetRequestSent })).toBeVisible();
    return latestMatch(request, email, /\/reset-pass\?token=\S+/);
  }

  test('an unknown e-mail is said so', async ({ page }) => {
    await page.goto(webPaths.resetPasswordRequest);
    await page.getByLabel('Email').fill(uniqueEmail('nadie'));
    await page.getByRole('button', { name: 'Enviar enlace' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: accountTexts.resetRequestNotFound }),
    ).toBeVisible();
  });

  test('with "disconnect all devices" on, old sessions end', async ({ page, request, baseURL }) => {
    const email = uniqueEmail('reset-revoca');
    await signUpThroughApi(request, { email });
    const oldToken = await tokenThroughApi(request, email);
    const link = await requestResetLink(page, request, email);

    await page.goto(link);
    const revoke = page.getByRole('switch', { name: accountTexts.revokeAllDevices });
    await expect(revoke).toBeChecked();
    const save = page.getByRole('button', { name: 'Guardar contraseña' });
    await page.getByRole('textbox', { name: 'Nueva contraseña' }).fill('nueva-clave-2026');
    await page.getByRole('textbox', { name: 'Confirmar contraseña' }).fill('nueva-clave-2026');
    await expect(save).toBeEnabled();
    await save.click();
    await expect(page.getByRole('status').filter({ hasText: accountTexts.resetSuccess })).toBeVisible();
    await expect(page).toHaveURL(`${baseURL}/`, { timeout: 10_000 });

    expect(await userInfoStatus(request, oldToken)).toBe(401);
    await tokenThroughApi(request, email, 'nueva-clave-2026');
  });

  test('with the switch off, old sessions stay; a used link is refused and leads to login', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('reset-conserva');
    await signUpThroughApi(request, { email });
    const oldToken = await tokenThroughApi(request, email);
    const link = await requestResetLink(page, request, email);

    await page.goto(link);
    await page.getByRole('switch', { name: accountTexts.revokeAllDevices }).uncheck();
    await page.getByRole('textbox', { name: 'Nueva contraseña' }).fill('otra-clave-2026');
    await page.getByRole('textbox', { name: 'Confirmar contraseña' }).fill('otra-clave-2026');
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByRole('status').filter({ hasText: accountTexts.resetSuccess })).toBeVisible();
    expect(await userInfoStatus(request, oldToken)).toBe(200);

    await page.goto(link);
    await expect(page.getByRole('alert').filter({ hasText: accountTexts.resetTokenInvalid })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 10_000 });
  });
});

test.describe('account recovery', () => {
  test('after a thief ended every session, the new-device e-mail alone takes the account back', async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    const email = uniqueEmail('recupera');
    await signUpThroughApi(request, { email });

    // The first browser is the owner's usual device (first sign-in: no alert).
    await page.goto(webPaths.login);
    await fillLogin(page, email);
    await expect(userMenuButton(page)).toBeVisible();
    const ownerToken = await storedToken(page);
    expect(ownerToken).toMatch(/\S{20,}/);

    // A second browser context is the thief's device: the owner gets an e-mail about it. The
    // thief ends every session (the owner's too) and signs in again.
    const intruderContext = await browser.newContext({ baseURL });
    const intruder = await intruderContext.newPage();
    await intruder.goto(webPaths.login);
    await fillLogin(intruder, email);
    await expect(userMenuButton(intruder)).toBeVisible();
    const firstIntruderToken = await storedToken(intruder);
    const link = await latestMatch(request, email, /\/account_recovery\?t=\S+/);
    const revoked = await request.delete('/api/v1/auth/revokeAllAccess', {
      headers: { authorization: `Bearer ${firstIntruderToken}` },
    });
    expect(revoked.status()).toBe(200);
    expect(await userInfoStatus(request, ownerToken!)).toBe(401);
    const intruderToken = await tokenThroughApi(request, email);
    await confirmPhoneThroughApi(request, intruderToken, randomMobilePhone());
    await intruderContext.close();

    // The owner, signed out by the thief, opens the link: no sign-in is asked for.
    await page.goto(link);
    await expect(page).toHaveURL(/\/account_recovery\?t=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Recuperar cuenta' })).toBeVisible();
    await expect(page.getByRole('definition').filter({ hasText: 'Chrome en Linux' })).toBeVisible();
    await expect(page.getByText('Sistema')).toBeVisible();
    await page.getByRole('button', { name: 'Recuperar cuenta' }).click();
    await expect(page.getByRole('status').filter({ hasText: accountTexts.recoveryEmailSent })).toBeVisible();

    expect(await storedToken(page)).toBeNull();
    expect(await userInfoStatus(request, intruderToken)).toBe(401);

    // The mailed reset link lets the owner in again with a new password, and no phone of the
    // thief stands in the way.
    const reset = await latestMatch(request, email, /\/reset-pass\?token=\S+/);
    await page.goto(reset);
    const newPassword = 'recuperada-por-la-duena-2026';
    await page.getByRole('textbox', { name: 'Nueva contraseña' }).fill(newPassword);
    await page.getByRole('textbox', { name: 'Confirmar contraseña' }).fill(newPassword);
    await page.getByRole('button', { name: 'Guardar contraseña' }).click();
    await expect(page.getByRole('status').filter({ hasText: accountTexts.resetSuccess })).toBeVisible();
    const back = await request.post('/api/v1/auth/login', { data: { email, password: newPassword } });
    expect((await back.json()).access_token).toMatch(/\S{20,}/);
  });

  test('a link that is not valid says so, without asking to sign in', async ({ page }) => {
    await page.goto(`${webPaths.accountRecovery}?t=token-que-no-existe`);
    await expect(page).toHaveURL(/\/account_recovery\?t=token-que-no-existe$/);
    await expect(
      page.getByRole('alert').filter({ hasText: accountTexts.recoveryTokenInvalid }),
    ).toBeVisible();
  });
});

test.describe('protected pages', () => {
  for (const path of [webPaths.deleteAccount]) {
    test(`${path} without a session goes to login with redirect_to`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/login\?redirect_to=/);
      expect(new URL(page.url()).searchParams.get('redirect_to')).toBe(path);
    });
  }
});

test.describe('delete account', () => {
  test('asks for the exact phrase and the password, deletes, shows the notice and goes to login', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('elimina');
    await signUpThroughApi(request, { email });
    await page.goto(webPaths.deleteAccount);
    await expect(page).toHaveURL(/\/login\?redirect_to=%2Fdelete-account$/);
    await fillLogin(page, email);
    await expect(page).toHaveURL(/\/delete-account$/);

    const phrase = page.getByLabel('Frase de confirmación');
    const remove = page.getByRole('button', { name: 'Eliminar mi cuenta' });
    await expect(remove).toBeDisabled();
    await phrase.fill('Eliminar mi cuenta');
    await expect(remove).toBeDisabled();
    await phrase.fill(`${DELETE_ACCOUNT_PHRASE} `);
    await expect(remove).toBeDisabled();
    await phrase.fill(DELETE_ACCOUNT_PHRASE);
    // The password is asked again: a session alone is what someone holding the phone has too.
    await expect(remove).toBeDisabled();
    const password = page.getByLabel('Contraseña actual');
    await password.fill('no-es-mi-clave');
    await remove.click();
    await expect(page.getByText(settingsTexts.passwordWrong)).toBeVisible();
    const token = await storedToken(page);
    expect(await userInfoStatus(request, token!)).toBe(200);

    await password.fill(PASSWORD);
    await remove.click();
    await expect(page.getByRole('dialog', { name: accountTexts.accountDeleted })).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 5_000 });
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await storedToken(page)).toBeNull();
    expect(await userInfoStatus(request, token!)).toBe(401);
    const login = await request.post('/api/v1/auth/login', { data: { email, password: PASSWORD } });
    expect(login.status()).toBe(401);
  });
});

test.describe('header user menu', () => {
  test('Salir ends the session and reloads the page', async ({ page, request }) => {
    const errors = collectConsoleErrors(page, PROVOKED_STATUSES);
    const email = uniqueEmail('salir');
    await signUpThroughApi(request, { email });
    await page.goto(webPaths.login);
    await fillLogin(page, email);
    await expect(page).toHaveURL(/\/$/);
    const token = await storedToken(page);

    // A fresh load of the prerendered home: hydrated logged out, then the menu appears.
    await page.reload();
    await userMenuButton(page).click();
    await expect(page.getByRole('menuitem', { name: 'Configuración' })).toHaveAttribute(
      'href',
      webPaths.settings,
    );
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: 'Salir' }).click()]);

    await expect(page.getByRole('banner').getByRole('link', { name: 'Ingresar' })).toBeVisible();
    expect(await storedToken(page)).toBeNull();
    expect(await userInfoStatus(request, token!)).toBe(401);
    expect(errors).toEqual([]);
  });

  test.describe('on a phone (360 px)', () => {
    test.use({ viewport: { width: 360, height: 800 } });

    test('the folded menu offers Ingresar, then Configuración and Salir', async ({ page, request }) => {
      const email = uniqueEmail('movil');
      await signUpThroughApi(request, { email });
      await page.goto(webPaths.home);
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      await page
        .getByRole('navigation', { name: 'Principal' })
        .getByRole('link', { name: 'Ingresar' })
        .click();
      await expect(page).toHaveURL(/\/login$/);
      await fillLogin(page, email);
      await expect(page).toHaveURL(/\/$/);
      await page.getByRole('button', { name: 'Abrir menú' }).click();
      const nav = page.getByRole('navigation', { name: 'Principal' });
      await expect(nav.getByRole('link', { name: 'Configuración' })).toBeVisible();
      await Promise.all([page.waitForEvent('load'), nav.getByRole('button', { name: 'Salir' }).click()]);
      expect(await storedToken(page)).toBeNull();
      await expectNoHorizontalScroll(page);
    });
  });
});

test.describe('accessibility of the account pages', () => {
  const pendingLogin = {
    email: 'persona@example.com',
    password: 'x',
    phones: [{ id: 1, phone: '+569 **** *678' }],
  };
  const pages = [
    { path: webPaths.login, heading: 'Iniciar sesión' },
    { path: webPaths.register, heading: 'Crear cuenta' },
    { path: webPaths.resetPasswordRequest, heading: 'Restablecer contraseña' },
    { path: `${webPaths.resetPassword}?token=vencido`, heading: 'Nueva contraseña' },
    { path: webPaths.login2fa, heading: 'Verificación en dos pasos' },
  ];

  for (const viewport of checkedViewports) {
    test.describe(viewport.name, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });

      for (const { path, heading } of pages) {
        test(`${path} has no serious accessibility problems nor sideways scroll`, async ({ page }) => {
          const errors = collectConsoleErrors(page, PROVOKED_STATUSES);
          await page.addInitScript((pending) => {
            const expiresAt = Date.now() + 60_000;
            window.sessionStorage.setItem('pending-2fa-login', JSON.stringify({ ...pending, expiresAt }));
          }, pendingLogin);
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
          await expect(page).toHaveTitle(new RegExp(heading));
          await page.waitForLoadState('networkidle');
          await expectNoSeriousAxeViolations(page);
          await expectNoHorizontalScroll(page);
          expect(errors).toEqual([]);
        });
      }
    });
  }
});
