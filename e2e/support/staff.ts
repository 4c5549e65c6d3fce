import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { generateSync } from 'otplib';
import { AUTHENTICATOR } from '@seguridad/contracts/constants';
import { authenticatorApi } from '@seguridad/contracts/http/authenticator';
import { webPaths } from '@seguridad/contracts/web-paths';
import { PASSWORD } from './accounts';

export type Staff = { context: BrowserContext; page: Page };

/** The code an authenticator app shows for `secret`, `steps` periods from now. */
export function appCode(secret: string, steps = 0): string {
  return generateSync({
    secret,
    digits: AUTHENTICATOR.digits,
    period: AUTHENTICATOR.periodSeconds,
    epoch: Math.floor(Date.now() / 1000) + steps * AUTHENTICATOR.periodSeconds,
  });
}

/** Opens the mailed invitation in a browser of the person's own and creates their account. */
export async function joinTeam(
  browser: Browser,
  contexts: BrowserContext[],
  baseURL: string,
  link: string,
  name: string,
  lastname: string,
): Promise<Staff> {
  const context = await browser.newContext({ baseURL });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('textbox', { name: 'Nombre' }).fill(name);
  await page.getByRole('textbox', { name: 'Apellido' }).fill(lastname);
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Aceptar la invitación' }).click();
  await expect(page).toHaveURL(new RegExp(`${webPaths.operator}$`));
  return { context, page };
}

/**
 * Turns on the account's authenticator app through the API (the settings journey proves the
 * screens) and returns its secret.
 */
export async function enrolAuthenticatorThroughApi(
  request: APIRequestContext,
  token: string,
): Promise<string> {
  const headers = { authorization: `Bearer ${token}` };
  const started = await request.post(authenticatorApi.start.path(), {
    headers,
    data: { password: PASSWORD },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { secret } = (await started.json()) as { secret: string };
  const confirmed = await request.post(authenticatorApi.confirm.path(), {
    headers,
    data: { code: appCode(secret) },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  return secret;
}
