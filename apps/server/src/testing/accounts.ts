import { desc, eq } from 'drizzle-orm';
import { parseMobilePhone } from '@seguridad/contracts/helpers/phone';
import { webPaths } from '@seguridad/contracts/web-paths';
import { outboxMessages } from '../db/schema';
import type { TestContext } from './test-app';

export const STRONG_PASSWORD = 'una-clave-segura-2026';

export async function signup(ctx: TestContext, email: string, password = STRONG_PASSWORD) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: { name: 'Rosa', lastname: 'Pérez', email, password, password_confirmation: password },
  });
}

export async function login(
  ctx: TestContext,
  email: string,
  password = STRONG_PASSWORD,
  options: { userAgent?: string; deviceId?: string; remoteAddress?: string } = {},
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'user-agent': options.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Prueba/1.0' },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    payload: { email, password, ...(options.deviceId ? { device: { id: options.deviceId } } : {}) },
  });
}

/** The code of the verification link last mailed to `email` (decision 039). */
export async function verificationCodeTo(ctx: TestContext, email: string): Promise<string> {
  const code = (await latestLinkTo(ctx, email, webPaths.verifyEmail)).searchParams.get('code');
  if (!code) throw new Error(`no verification code in the last message to ${email}`);
  return code;
}

/** Opens the verification link last mailed to `email`, as its page does. */
export async function verifyEmailThroughLink(ctx: TestContext, email: string): Promise<void> {
  const verified = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/verifyEmail',
    payload: { code: await verificationCodeTo(ctx, email) },
  });
  if (verified.statusCode !== 200) throw new Error(`verification failed: ${verified.body}`);
}

/**
 * Signs up a new account and returns a session token for it. The address is proven through the
 * mailed link first, unless `verified: false` keeps it as a fresh sign-up leaves it.
 */
export async function newSession(
  ctx: TestContext,
  email: string,
  { verified = true }: { verified?: boolean } = {},
): Promise<string> {
  const created = await signup(ctx, email);
  if (created.statusCode !== 200) throw new Error(`signup failed: ${created.body}`);
  if (verified) await verifyEmailThroughLink(ctx, email);
  const session = await login(ctx, email);
  const token = session.json().access_token as string | undefined;
  if (!token) throw new Error(`login failed: ${session.body}`);
  return token;
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

type RequestOptions = { headers?: Record<string, string>; remoteAddress?: string };

/** A request with the session of `token` (none when null), as the signed-in pages send it. */
export function sendAs(
  ctx: TestContext,
  token: string | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object | string,
  options: RequestOptions = {},
) {
  return ctx.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...options.headers },
    ...(payload === undefined ? {} : { payload }),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
}

/** GET `url` with the session of `token` (none when null). */
export function getAs(ctx: TestContext, token: string | null, url: string, options: RequestOptions = {}) {
  return sendAs(ctx, token, 'GET', url, undefined, options);
}

/** POST `payload` (nothing when undefined) to `url` with the session of `token` (none when null). */
export function postAs(
  ctx: TestContext,
  token: string | null,
  url: string,
  payload?: object | string,
  options: RequestOptions = {},
) {
  return sendAs(ctx, token, 'POST', url, payload, options);
}

/** Asks for the second step's code, sent to one of the account's confirmed phones (`type` as the page sends it). */
export function requestSignInCode(
  ctx: TestContext,
  {
    email,
    phoneId,
    type,
    password = STRONG_PASSWORD,
  }: { email: string; phoneId: number; type: number; password?: string },
) {
  return sendAs(ctx, null, 'POST', '/api/v1/auth/2fa/requestTwoFactorAuthCode', {
    email,
    password,
    phone_id: phoneId,
    type,
  });
}

/** The second step of a sign-in: the e-mail and password again, with the code the phone got. */
export function confirmSignInCode(
  ctx: TestContext,
  email: string,
  code: string,
  options: RequestOptions = {},
) {
  return sendAs(
    ctx,
    null,
    'POST',
    '/api/v1/auth/2fa/confirmTwoFACodeLogin',
    { email, password: STRONG_PASSWORD, code },
    options,
  );
}

/** Asks for a password-reset link mailed to `email`, as the forgotten-password page does. */
export function requestPasswordReset(ctx: TestContext, email: string, options: RequestOptions = {}) {
  return sendAs(ctx, null, 'POST', '/api/v1/auth/resetpassrequest', { email }, options);
}

/** The token of the password-reset link last mailed to `email`. */
export async function resetTokenTo(ctx: TestContext, email: string): Promise<string> {
  const token = (await latestLinkTo(ctx, email, '/reset-pass?token=')).searchParams.get('token');
  if (!token) throw new Error(`no reset token in the last message to ${email}`);
  return token;
}

/** Chooses a new password with a reset token, as the reset page sends it; `revoke` ends every session. */
export function resetPassword(
  ctx: TestContext,
  token: string,
  password: string,
  { revoke, remoteAddress }: { revoke: boolean; remoteAddress?: string },
) {
  return sendAs(
    ctx,
    null,
    'POST',
    '/api/v1/auth/resetpass',
    { token, password, password_confirmation: password, revoke },
    { remoteAddress },
  );
}

/** Deletes the signed-in account, with its password asked again as the page sends it. */
export async function deleteAccount(
  ctx: TestContext,
  token: string,
  password: string | null = STRONG_PASSWORD,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/user/deleteUserAccount',
    headers: bearer(token),
    payload: password === null ? {} : { password },
  });
}

export async function latestMessageTo(ctx: TestContext, recipient: string) {
  const [message] = await ctx.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient.toLowerCase()))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  return message;
}

export async function latestLinkTo(ctx: TestContext, recipient: string, path: string): Promise<URL> {
  const message = await latestMessageTo(ctx, recipient);
  const match = message?.text.match(new RegExp(`https?://\\S+${path.replace(/[/?]/g, '\\$&')}\\S*`));
  if (!match) throw new Error(`no ${path} link in the last message to ${recipient}`);
  return new URL(match[0]);
}

/** The code last sent to a phone, written in any form the phone module reads. */
export async function latestCodeTo(ctx: TestContext, phone: string): Promise<string> {
  const message = await latestMessageTo(ctx, parseMobilePhone(phone) ?? phone);
  const code = message?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the last message to ${phone}`);
  return code;
}
