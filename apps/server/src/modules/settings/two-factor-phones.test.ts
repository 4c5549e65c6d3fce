import { describe, expect, it } from 'vitest';
import { reauthErrors } from '@seguridad/contracts/http/settings';
import { accountTexts, settingsTexts } from '@seguridad/contracts/messages';
import { bearer, getAs, latestCodeTo, newSession, STRONG_PASSWORD } from '../../testing/accounts';
import { useTestApp } from '../../testing/test-app';

describe('two-step phones from the settings page', () => {
  const ctx = useTestApp();

  const post = (url: string, token: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const start = (token: string, phone: string, password?: string) =>
    post('/api/v1/auth/2fa/startVerifyUserPhoneNumber', token, {
      phone_number: phone,
      type: 1,
      ...(password === undefined ? {} : { password }),
    });

  async function addPhone(token: string, phone: string) {
    expect((await start(token, phone, STRONG_PASSWORD)).statusCode).toBe(200);
    const code = await latestCodeTo(ctx, phone);
    const verified = await post('/api/v1/auth/2fa/verifyUserPhoneNumber', token, {
      phone_number: phone,
      code,
    });
    expect(verified.json()).toEqual({ code: 200, message: accountTexts.phoneVerified });
  }

  async function confirmedPhones(token: string) {
    const response = await getAs(ctx, token, '/api/v1/auth/2fa/getUserConfirmedPhones');
    return response.json().masked_user_phones as { id: number; phone: string }[];
  }

  it('adding a phone with the password makes the banner stop showing', async () => {
    const token = await newSession(ctx, 'fresca@example.com');
    await addPhone(token, '56933334444');
    const settings = await getAs(ctx, token, '/api/v1/user/settings');
    expect(settings.json().two_factor_pending).toBe(false);
  });

  it('adding a phone asks for the current password even right after signing in, and checks it, keeping the session', async () => {
    const token = await newSession(ctx, 'antigua@example.com');

    const without = await start(token, '56955556666');
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({
      error: reauthErrors.passwordRequired,
      message: settingsTexts.passwordRequired,
    });
    const wrong = await start(token, '56955556666', 'no-es-la-clave');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({
      error: reauthErrors.passwordWrong,
      message: settingsTexts.passwordWrong,
    });
    // A 403 that asks for the password is not the end of the session.
    expect((await getAs(ctx, token, '/api/v1/user/info')).statusCode).toBe(200);

    const right = await start(token, '56955556666', STRONG_PASSWORD);
    expect(right.statusCode).toBe(200);
  });

  it('removing a phone asks for the same proof, and logs it', async () => {
    const email = 'quitar-fono@example.com';
    const token = await newSession(ctx, email);
    await addPhone(token, '56977778888');
    const [phone] = await confirmedPhones(token);

    const without = await post('/api/v1/auth/2fa/removeUserPhone', token, { phone_id: phone!.id });
    expect(without.json().error).toBe(reauthErrors.passwordRequired);
    const removed = await post('/api/v1/auth/2fa/removeUserPhone', token, {
      phone_id: phone!.id,
      password: STRONG_PASSWORD,
    });
    expect(removed.json()).toEqual({ code: 200, message: settingsTexts.phoneRemoved });
    expect(await confirmedPhones(token)).toEqual([]);

    const log = await getAs(ctx, token, '/api/v1/auth/securityLog');
    const events = log.json().events as { kind: string; detail: string | null }[];
    expect(events.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'phone_removed', detail: '+569 **** *888' }),
      expect.objectContaining({ kind: 'phone_added', detail: '+569 **** *888' }),
    ]);
  });

  it("answers 404 to another account's phone id and leaves it in place", async () => {
    const owner = await newSession(ctx, 'fono-duena@example.com');
    await addPhone(owner, '56911223344');
    const [phone] = await confirmedPhones(owner);
    const intruder = await newSession(ctx, 'fono-intrusa@example.com');
    const attempt = await post('/api/v1/auth/2fa/removeUserPhone', intruder, {
      phone_id: phone!.id,
      password: STRONG_PASSWORD,
    });
    expect(attempt.statusCode).toBe(404);
    expect(attempt.json().message).toBe(accountTexts.phoneNotFound);
    expect(await confirmedPhones(owner)).toHaveLength(1);
  });

  it('refuses malformed bodies with 400', async () => {
    const token = await newSession(ctx, 'fono-malo@example.com');
    const bad = await post('/api/v1/auth/2fa/removeUserPhone', token, { phone_id: 'uno' });
    expect(bad.statusCode).toBe(400);
    const long = await start(token, '56911223344', 'x'.repeat(500));
    expect(long.statusCode).toBe(400);
  });
});
