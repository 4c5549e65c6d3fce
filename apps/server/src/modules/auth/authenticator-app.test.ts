import { eq } from 'drizzle-orm';
import { generateSync } from 'otplib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTHENTICATOR } from '@seguridad/contracts/constants';
import { settingsTexts, staffTexts } from '@seguridad/contracts/messages';
import { twoStepTexts } from '@seguridad/contracts/messages/two-step';
import { companies, userPhones, users } from '../../db/schema';
import { getAs, login, newSession, postAs, STRONG_PASSWORD } from '../../testing/accounts';
import { newOperator } from '../../testing/calls';
import { useTestApp, type TestContext } from '../../testing/test-app';

const PERIOD_MS = AUTHENTICATOR.periodSeconds * 1000;

/** The code the app shows `steps` periods from now, computed by the library, as a phone would. */
function appCode(secret: string, steps = 0): string {
  return generateSync({
    secret,
    digits: AUTHENTICATOR.digits,
    period: AUTHENTICATOR.periodSeconds,
    epoch: Math.floor((Date.now() + steps * PERIOD_MS) / 1000),
  });
}

/** A code of the same length that is not `code`. */
const otherThan = (code: string) => String((Number(code) + 1) % 10 ** code.length).padStart(code.length, '0');

async function startEnrolment(ctx: TestContext, token: string, password: string | null = STRONG_PASSWORD) {
  return postAs(ctx, token, '/api/v1/auth/2fa/authenticator/start', password === null ? {} : { password });
}

async function confirmEnrolment(ctx: TestContext, token: string, code: string) {
  return postAs(ctx, token, '/api/v1/auth/2fa/authenticator/confirm', { code });
}

/** Enrols the app on the account of `token`; answers its secret and recovery codes. */
async function enrolApp(ctx: TestContext, token: string) {
  const started = await startEnrolment(ctx, token);
  expect(started.statusCode).toBe(200);
  const secret = started.json().secret as string;
  const confirmed = await confirmEnrolment(ctx, token, appCode(secret));
  expect(confirmed.statusCode).toBe(200);
  return { secret, recoveryCodes: confirmed.json().recovery_codes as string[] };
}

function appLogin(ctx: TestContext, email: string, code: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/2fa/confirmAuthenticatorLogin',
    payload: { email, password: STRONG_PASSWORD, code },
  });
}

function recoveryLogin(ctx: TestContext, email: string, recoveryCode: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/2fa/confirmRecoveryCodeLogin',
    payload: { email, password: STRONG_PASSWORD, recovery_code: recoveryCode },
  });
}

describe('two-step sign-in with an authenticator app', () => {
  const ctx = useTestApp();
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * The clock is pinned to the middle of a step (only `Date` is faked; timers run), so which step
   * a code belongs to never changes under the test; moving it forward is a minute passing.
   */
  function pinClock(at: number) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
  }
  const midStep = () => Math.floor(Date.now() / PERIOD_MS) * PERIOD_MS + PERIOD_MS / 2;

  it('enrols with the password and one current code, and answers the recovery codes once', async () => {
    const token = await newSession(ctx, 'app-alta@example.com');
    const withoutPassword = await startEnrolment(ctx, token, null);
    expect(withoutPassword.statusCode).toBe(403);
    expect(withoutPassword.json().message).toBe(settingsTexts.passwordRequired);

    const started = await startEnrolment(ctx, token);
    expect(started.statusCode).toBe(200);
    const { secret, otpauth_uri: uri } = started.json() as { secret: string; otpauth_uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(uri).toContain(`secret=${secret}`);

    const wrong = await confirmEnrolment(ctx, token, otherThan(appCode(secret)));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(twoStepTexts.authenticatorCodeInvalid);

    const confirmed = await confirmEnrolment(ctx, token, appCode(secret));
    expect(confirmed.statusCode).toBe(200);
    const codes = confirmed.json().recovery_codes as string[];
    expect(codes).toHaveLength(AUTHENTICATOR.recoveryCodeCount);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);

    const status = await getAs(ctx, token, '/api/v1/auth/2fa/authenticator');
    expect(status.json()).toEqual({
      code: 200,
      enabled: true,
      recovery_codes_left: AUTHENTICATOR.recoveryCodeCount,
      sms_available: true,
    });
    const again = await startEnrolment(ctx, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(twoStepTexts.authenticatorAlreadyOn);
  });

  it('refuses an enrolment confirmed after it expired', async () => {
    const token = await newSession(ctx, 'app-vencida@example.com');
    pinClock(midStep());
    const { secret } = (await startEnrolment(ctx, token)).json() as { secret: string };
    pinClock(Date.now() + (AUTHENTICATOR.enrolmentTtlMinutes + 1) * 60_000);
    const late = await confirmEnrolment(ctx, token, appCode(secret));
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(twoStepTexts.enrolmentExpired);
  });

  it('asks an account with only the app (no phone) for its code, within one step either side, once', async () => {
    const email = 'app-ingreso@example.com';
    const token = await newSession(ctx, email);
    pinClock(midStep());
    const { secret } = await enrolApp(ctx, token);

    const first = await login(ctx, email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      code: 200,
      '2fa_masked_user_phones': [],
      '2fa_authenticator': true,
      '2fa_sms_available': true,
    });

    // The code the enrolment took cannot open a session: it was used.
    const replayed = await appLogin(ctx, email, appCode(secret));
    expect(replayed.statusCode).toBe(422);
    expect(replayed.json().message).toBe(twoStepTexts.authenticatorCodeReused);

    // Two minutes later.
    pinClock(Date.now() + 4 * PERIOD_MS);
    const wrong = await appLogin(ctx, email, otherThan(appCode(secret)));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe(twoStepTexts.authenticatorCodeInvalid);
    expect((await appLogin(ctx, email, appCode(secret, -2))).statusCode).toBe(422);
    expect((await appLogin(ctx, email, appCode(secret, 2))).statusCode).toBe(422);

    const previousStep = await appLogin(ctx, email, appCode(secret, -1));
    expect(previousStep.statusCode).toBe(200);
    expect(previousStep.json().access_token).toBeTruthy();
    const current = await appLogin(ctx, email, appCode(secret));
    expect(current.statusCode).toBe(200);
    const sameAgain = await appLogin(ctx, email, appCode(secret));
    expect(sameAgain.statusCode).toBe(422);
    expect(sameAgain.json().message).toBe(twoStepTexts.authenticatorCodeReused);
    // An earlier step than the last one taken is refused as well.
    expect((await appLogin(ctx, email, appCode(secret, -1))).json().message).toBe(
      twoStepTexts.authenticatorCodeReused,
    );
  });

  it('refuses the app step past five wrong codes for the account, wherever they come from', async () => {
    const email = 'app-adivina@example.com';
    const { secret } = await enrolApp(ctx, await newSession(ctx, email));
    const wrong = otherThan(appCode(secret));
    const answers: number[] = [];
    for (let guess = 0; guess < 6; guess += 1) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/auth/2fa/confirmAuthenticatorLogin',
        remoteAddress: `10.9.0.${guess}`,
        payload: { email, password: STRONG_PASSWORD, code: wrong },
      });
      answers.push(response.statusCode);
    }
    expect(answers).toEqual([422, 422, 422, 422, 422, 429]);
  });

  it('takes each recovery code once in place of a code; new ones retire the old', async () => {
    const email = 'app-recupera@example.com';
    const token = await newSession(ctx, email);
    const { recoveryCodes } = await enrolApp(ctx, token);
    const [firstCode, secondCode] = recoveryCodes as [string, string];

    const used = await recoveryLogin(ctx, email, firstCode.toLowerCase().replace('-', ' '));
    expect(used.statusCode).toBe(200);
    expect(used.json().access_token).toBeTruthy();
    const reused = await recoveryLogin(ctx, email, firstCode);
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toBe(twoStepTexts.recoveryCodeUsed);
    const unknown = await recoveryLogin(ctx, email, 'ZZZZZ-ZZZZZ');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(twoStepTexts.recoveryCodeInvalid);
    const malformed = await recoveryLogin(ctx, email, 'abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().data).toContain(twoStepTexts.recoveryCodeFormat);

    const status = await getAs(ctx, token, '/api/v1/auth/2fa/authenticator');
    expect(status.json().recovery_codes_left).toBe(AUTHENTICATOR.recoveryCodeCount - 1);

    const regenerated = await postAs(ctx, token, '/api/v1/auth/2fa/authenticator/recoveryCodes', {
      password: STRONG_PASSWORD,
    });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().recovery_codes).toHaveLength(AUTHENTICATOR.recoveryCodeCount);
    expect((await recoveryLogin(ctx, email, secondCode)).json().message).toBe(
      twoStepTexts.recoveryCodeInvalid,
    );
    expect((await recoveryLogin(ctx, email, regenerated.json().recovery_codes[0])).statusCode).toBe(200);
  });

  it('disables the app with the password; the next login opens a session at once', async () => {
    const email = 'app-baja@example.com';
    const token = await newSession(ctx, email);
    await enrolApp(ctx, token);
    const disable = (password?: string) =>
      postAs(ctx, token, '/api/v1/auth/2fa/authenticator/disable', password ? { password } : {});
    expect((await disable()).statusCode).toBe(403);
    expect((await disable('otra-clave-equivocada')).json().message).toBe(settingsTexts.passwordWrong);
    const disabled = await disable(STRONG_PASSWORD);
    expect(disabled.json()).toEqual({ code: 200, message: twoStepTexts.authenticatorDisabled });
    expect((await login(ctx, email)).json().access_token).toBeTruthy();
  });

  it('opens the console to staff whose company requires two-step with the app alone, no phone', async () => {
    const operator = await newOperator(ctx, 'app-operadora@example.com');
    await ctx.database.db
      .update(companies)
      .set({ staffTwoStep: true })
      .where(eq(companies.id, operator.companyId));
    const inbox = () => getAs(ctx, operator.token, '/api/v1/operator/inbox');
    const refused = await inbox();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'two_step_required', message: staffTexts.twoStepRequired });

    await enrolApp(ctx, operator.token);
    expect((await inbox()).statusCode).toBe(200);
    const membership = await getAs(ctx, operator.token, '/api/v1/operator/membership');
    expect(membership.json()).toMatchObject({ member: true, two_step_required: false });
    const phones = await ctx.database.db
      .select()
      .from(userPhones)
      .where(eq(userPhones.userId, operator.userId));
    expect(phones).toEqual([]);
  });
});

describe('a production server without an SMS provider', () => {
  const ctx = useTestApp({ env: { NODE_ENV: 'production' } });

  it('says SMS is unavailable, sends no codes, and staff get in with the app', async () => {
    const email = 'sin-sms@example.com';
    const operator = await newOperator(ctx, email);
    const status = await getAs(ctx, operator.token, '/api/v1/auth/2fa/authenticator');
    expect(status.json()).toMatchObject({ enabled: false, sms_available: false });

    const addPhone = await postAs(ctx, operator.token, '/api/v1/auth/2fa/startVerifyUserPhoneNumber', {
      phone_number: '56987654321',
      type: 1,
      password: STRONG_PASSWORD,
    });
    expect(addPhone.statusCode).toBe(503);
    expect(addPhone.json().message).toBe(twoStepTexts.smsUnavailableForPhones);

    // A phone confirmed while the region still had SMS: listed, but no code is sent to it.
    const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await ctx.database.db
      .insert(userPhones)
      .values({ userId: user!.id, phone: '+56987654321', confirmedAt: new Date() });
    const first = await login(ctx, email);
    expect(first.json()).toMatchObject({ '2fa_authenticator': false, '2fa_sms_available': false });
    const [phone] = first.json()['2fa_masked_user_phones'] as { id: number }[];
    const requested = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/2fa/requestTwoFactorAuthCode',
      payload: { email, password: STRONG_PASSWORD, phone_id: phone!.id, type: 1 },
    });
    expect(requested.statusCode).toBe(503);
    expect(requested.json().message).toBe(twoStepTexts.smsUnavailable);

    // Production asks staff for two-step by default; the phone above counts, so take it away.
    await ctx.database.db.delete(userPhones).where(eq(userPhones.userId, user!.id));
    const inbox = () => getAs(ctx, operator.token, '/api/v1/operator/inbox');
    expect((await inbox()).statusCode).toBe(403);
    await enrolApp(ctx, operator.token);
    expect((await inbox()).statusCode).toBe(200);
  });
});
