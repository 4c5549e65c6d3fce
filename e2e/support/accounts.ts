import {
  request as playwrightRequest,
  type APIRequestContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { parseMobilePhone } from '@seguridad/contracts/helpers/phone';
import { expect } from '../fixtures';

/*
 * Citizen accounts for the journeys against the real built server: every account is new (unique
 * e-mail), made and signed in through the same API the app uses, and its codes and links are read
 * from the dev outbox.
 */

/** The password of every account these journeys create. */
export const PASSWORD = 'clave-segura-2026';

export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export function randomMobilePhone(): string {
  return `569${String(Math.floor(Math.random() * 100_000_000)).padStart(8, '0')}`;
}

export type OutboxItem = { channel: string; recipient: string; subject: string; text: string };

/** What the dev outbox holds for `to`, an e-mail address or a phone. */
export async function outbox(request: APIRequestContext, to: string): Promise<OutboxItem[]> {
  // Codes go to the phone's stored E.164 form, however the test wrote it.
  const recipient = parseMobilePhone(to) ?? to;
  const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(recipient)}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: OutboxItem[] }).data;
}

/**
 * The newest outbox message to `to` whose text matches `pattern`, waiting until it arrives: the
 * pattern's first group if it has one, else the whole match.
 */
export async function latestMatch(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(async () => {
      const match = (await outbox(request, to)).map((item) => pattern.exec(item.text)).find(Boolean);
      found = match?.[1] ?? match?.[0];
      return found;
    })
    .toEqual(expect.any(String));
  return found!;
}

/** `phone` (the 8 digits after +569) makes it a promo sign-up, which enters the draw and earns a spin. */
export type NewAccount = {
  email: string;
  name?: string;
  lastname?: string;
  password?: string;
  phone?: string;
};

/** Creates the account through the sign-up API, as the register page does. */
export async function signUpThroughApi(
  request: APIRequestContext,
  { email, name = 'Prueba', lastname = 'Cuentas', password = PASSWORD, phone }: NewAccount,
): Promise<void> {
  const response = await request.post('/api/v1/auth/signup', {
    data: { name, lastname, email, phone, password, password_confirmation: password },
  });
  expect(response.status()).toBe(200);
}

/**
 * Opens the verification link the sign-up mailed to `email` (read from the outbox), as its page
 * does: the address is proven (decision 039).
 */
export async function verifyEmailThroughOutbox(request: APIRequestContext, email: string): Promise<void> {
  const code = await latestMatch(request, email, /\/verificar-correo\?code=([\w-]+)/);
  const response = await request.post('/api/v1/auth/verifyEmail', { data: { code } });
  expect(response.status()).toBe(200);
}

/** A session token for the account, from the login API. */
export async function tokenThroughApi(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
): Promise<string> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Where the web app keeps the session token (apps/web/src/shared/api/session-token.ts). */
export const SESSION_TOKEN_STORAGE_KEY = 'session-token';

/** A session token for a staff member (or anyone) of the server at `baseURL`, from the login API. */
export async function staffToken(
  baseURL: string,
  account: { email: string; password: string },
): Promise<string> {
  // Its own request context: the journeys' self-signed TLS is accepted, and no browser is needed.
  const request = await playwrightRequest.newContext({ baseURL, ignoreHTTPSErrors: true });
  try {
    return await tokenThroughApi(request, account.email, account.password);
  } finally {
    await request.dispose();
  }
}

/** A browser context's storage that holds `token`, as the app keeps it after a sign-in. */
export function signedInState(baseURL: string, token: string): BrowserContextOptions['storageState'] {
  return {
    cookies: [],
    origins: [
      { origin: new URL(baseURL).origin, localStorage: [{ name: SESSION_TOKEN_STORAGE_KEY, value: token }] },
    ],
  };
}

/** Fills the login form on the page and submits it. */
export async function fillLogin(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
}

/** Fills the register form (the register page's or the checkout's) and submits it. */
export async function fillRegisterForm(
  page: Page,
  { email, name = 'Prueba', lastname = 'Cuentas', password = PASSWORD }: NewAccount,
): Promise<void> {
  await page.getByLabel('Nombre').fill(name);
  await page.getByLabel('Apellido').fill(lastname);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByLabel('Confirmar Contraseña').fill(password);
  await page.getByRole('button', { name: 'Registrar Cuenta' }).click();
}

/**
 * Collects the page's console errors and uncaught errors, except the failed answers with the
 * `expectedStatuses` that a test provokes on purpose.
 */
export function collectConsoleErrors(page: Page, expectedStatuses: readonly number[]): string[] {
  // Without statuses the pattern would be `status of ()`, which excuses every failed answer.
  const expected =
    expectedStatuses.length > 0 ? new RegExp(`status of (${expectedStatuses.join('|')})`) : null;
  const errors: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !expected?.test(text)) errors.push(text);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Confirms `phone` for two-step sign-in on the account of `token`, as the settings page does
 * (with the current password, which every phone change asks for).
 */
export async function confirmPhoneThroughApi(
  request: APIRequestContext,
  token: string,
  phone: string,
  password = PASSWORD,
): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const start = await request.post('/api/v1/auth/2fa/startVerifyUserPhoneNumber', {
    headers,
    data: { phone_number: phone, type: 1, password },
  });
  expect(start.status()).toBe(200);
  const code = await latestMatch(request, phone, /\b\d{6}\b/);
  const verify = await request.post('/api/v1/auth/2fa/verifyUserPhoneNumber', {
    headers,
    data: { phone_number: phone, code },
  });
  expect(verify.status()).toBe(200);
}
