import { describe, expect, it } from 'vitest';
import { reauthErrors } from '@seguridad/contracts/http/settings';
import { accountTexts } from '@seguridad/contracts/messages';
import { useTestApp } from '../../testing/test-app';
import {
  bearer,
  getAs,
  latestCodeTo,
  latestLinkTo,
  latestMessageTo,
  login,
  requestPasswordReset,
  resetPassword,
  resetTokenTo,
  sendAs,
  signup,
  STRONG_PASSWORD,
} from '../../testing/accounts';

/*
 * The path of a thief who has the owner's password (decision 031): sign in, end every session,
 * sign in again and put their own phone as the second step. The owner must still get the account
 * back through the mailbox alone.
 */
describe('a stolen password does not become a takeover', () => {
  const ctx = useTestApp();

  const post = (url: string, token: string | null, payload?: object) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });

  async function signIn(email: string, deviceId: string, password = STRONG_PASSWORD) {
    const response = await login(ctx, email, password, { deviceId });
    expect(response.statusCode).toBe(200);
    return response.json() as { access_token?: string; '2fa_masked_user_phones'?: unknown[] };
  }

  /** The thief's path up to their own phone confirmed; returns the link of the new-device e-mail. */
  async function thiefTakesTheSecondStep(email: string, thiefPhone: string) {
    expect((await signup(ctx, email)).statusCode).toBe(200);
    const owner = (await signIn(email, 'telefono-de-la-duena')).access_token!;

    const first = (await signIn(email, 'notebook-del-ladron')).access_token!;
    const alert = await latestLinkTo(ctx, email, '/account_recovery?t=');
    const revoked = await sendAs(ctx, first, 'DELETE', '/api/v1/auth/revokeAllAccess');
    expect(revoked.statusCode).toBe(200);
    expect((await getAs(ctx, owner, '/api/v1/user/info')).statusCode).toBe(401);

    // Same device again: no new e-mail, and a sign-in seconds old.
    const thief = (await signIn(email, 'notebook-del-ladron')).access_token!;
    const withoutPassword = await post('/api/v1/auth/2fa/startVerifyUserPhoneNumber', thief, {
      phone_number: thiefPhone,
      type: 1,
    });
    expect(withoutPassword.statusCode).toBe(403);
    expect(withoutPassword.json().error).toBe(reauthErrors.passwordRequired);

    // The thief knows the password, so this much still works; the owner is told at once.
    const started = await post('/api/v1/auth/2fa/startVerifyUserPhoneNumber', thief, {
      phone_number: thiefPhone,
      type: 1,
      password: STRONG_PASSWORD,
    });
    expect(started.statusCode).toBe(200);
    const code = await latestCodeTo(ctx, thiefPhone);
    const verified = await post('/api/v1/auth/2fa/verifyUserPhoneNumber', thief, {
      phone_number: thiefPhone,
      code,
    });
    expect(verified.statusCode).toBe(200);
    const notice = await latestMessageTo(ctx, email);
    expect(notice?.subject).toMatch(/se agregó un teléfono/);
    expect(notice?.text).toContain('+569 **** *');
    expect(notice?.text).toMatch(/\/account_recovery\?t=\S+/);
    return { alert, thief };
  }

  it('the new-device link works without a session and takes the account back', async () => {
    const email = 'duena-recupera@example.com';
    const { alert, thief } = await thiefTakesTheSecondStep(email, '56933330001');
    const t = alert.searchParams.get('t')!;

    const lookup = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/notifications/getAccountRecoveryData?t=${encodeURIComponent(t)}`,
    });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json().data.device).toBeDefined();

    const recovered = await post('/api/v1/auth/accountRecovery', null, { t });
    expect(recovered.json()).toEqual({ code: 200, message: accountTexts.recoveryEmailSent });
    expect((await getAs(ctx, thief, '/api/v1/user/info')).statusCode).toBe(401);
    expect((await login(ctx, email)).statusCode).toBe(401);
    expect((await post('/api/v1/auth/accountRecovery', null, { t })).statusCode).toBe(404);

    const reactivation = await latestMessageTo(ctx, email);
    expect(reactivation?.text).toContain('verificación en dos pasos');
    const newPassword = 'la-nueva-de-la-duena-2026';
    const changed = await resetPassword(ctx, await resetTokenTo(ctx, email), newPassword, { revoke: true });
    expect(changed.statusCode).toBe(200);

    // No phone of the thief is offered: the owner signs straight in.
    const back = await signIn(email, 'telefono-de-la-duena', newPassword);
    expect(back['2fa_masked_user_phones']).toBeUndefined();
    expect(back.access_token).toEqual(expect.any(String));
  });

  it('the phone-added e-mail undoes the change through the same link', async () => {
    const email = 'duena-deshace@example.com';
    const { thief } = await thiefTakesTheSecondStep(email, '56933330002');
    const undo = await latestLinkTo(ctx, email, '/account_recovery?t=');
    const recovered = await post('/api/v1/auth/accountRecovery', null, { t: undo.searchParams.get('t') });
    expect(recovered.statusCode).toBe(200);
    expect((await getAs(ctx, thief, '/api/v1/user/info')).statusCode).toBe(401);
  });

  it('a password reset by e-mail removes the two-step phones and says so', async () => {
    const email = 'duena-olvida@example.com';
    await thiefTakesTheSecondStep(email, '56933330003');
    expect((await requestPasswordReset(ctx, email)).statusCode).toBe(200);
    const newPassword = 'otra-clave-de-la-duena-2026';
    const changed = await resetPassword(ctx, await resetTokenTo(ctx, email), newPassword, { revoke: true });
    expect(changed.statusCode).toBe(200);
    const notice = await latestMessageTo(ctx, email);
    expect(notice?.subject).toMatch(/cambiaste tu contraseña/);
    expect(notice?.text).toContain('+569 **** *003');

    const back = await signIn(email, 'telefono-de-la-duena', newPassword);
    expect(back['2fa_masked_user_phones']).toBeUndefined();
  });

  it('removing a two-step phone asks for the password even right after signing in, and mails the owner', async () => {
    const email = 'duena-quita@example.com';
    expect((await signup(ctx, email)).statusCode).toBe(200);
    const token = (await signIn(email, 'telefono-de-la-duena')).access_token!;
    const phone = '56933330005';
    await post('/api/v1/auth/2fa/startVerifyUserPhoneNumber', token, {
      phone_number: phone,
      type: 1,
      password: STRONG_PASSWORD,
    });
    const code = await latestCodeTo(ctx, phone);
    expect(
      (await post('/api/v1/auth/2fa/verifyUserPhoneNumber', token, { phone_number: phone, code })).statusCode,
    ).toBe(200);
    const phones = await getAs(ctx, token, '/api/v1/auth/2fa/getUserConfirmedPhones');
    const [confirmed] = phones.json().masked_user_phones as { id: number }[];

    const without = await post('/api/v1/auth/2fa/removeUserPhone', token, { phone_id: confirmed!.id });
    expect(without.statusCode).toBe(403);
    expect(without.json().error).toBe(reauthErrors.passwordRequired);
    const removed = await post('/api/v1/auth/2fa/removeUserPhone', token, {
      phone_id: confirmed!.id,
      password: STRONG_PASSWORD,
    });
    expect(removed.statusCode).toBe(200);
    const notice = await latestMessageTo(ctx, email);
    expect(notice?.subject).toMatch(/se quitó un teléfono/);
    expect(notice?.text).toMatch(/\/account_recovery\?t=\S+/);
  });
});
