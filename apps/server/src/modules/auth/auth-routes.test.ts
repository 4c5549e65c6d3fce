import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountTexts, errorMessages, validationMessages } from '@seguridad/contracts/messages';
import { users } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import { SLOWDOWN_MS } from './credentials';
import {
  getAs,
  latestLinkTo,
  latestMessageTo,
  login,
  newSession,
  postAs,
  resetPassword,
  resetTokenTo,
  sendAs,
  signup,
  STRONG_PASSWORD,
} from '../../testing/accounts';

describe('sign-up', () => {
  const ctx = useTestApp();

  it('creates an account and answers the spec success message', async () => {
    const response = await signup(ctx, 'nueva@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, message: accountTexts.registerSuccess });
  });

  it('keeps the share code given at sign-up on the account', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        name: 'Ana',
        lastname: 'Rivas',
        email: 'invitada@example.com',
        share_code: ' RED-2026 ',
        password: STRONG_PASSWORD,
        password_confirmation: STRONG_PASSWORD,
      },
    });
    expect(response.statusCode).toBe(200);
    const [user] = await ctx.database.db
      .select({ shareCode: users.shareCode })
      .from(users)
      .where(eq(users.email, 'invitada@example.com'));
    expect(user?.shareCode).toBe('RED-2026');
  });

  it('refuses an e-mail already registered, whatever its case', async () => {
    await signup(ctx, 'repetida@example.com');
    const again = await signup(ctx, 'Repetida@Example.COM');
    expect(again.statusCode).toBe(422);
    expect(again.json().data).toEqual([accountTexts.emailTaken]);
  });

  it.each([
    [
      {
        name: '',
        lastname: 'P',
        email: 'a@example.com',
        password: 'x'.repeat(8),
        password_confirmation: 'x'.repeat(8),
      },
      validationMessages.required,
    ],
    [
      {
        name: 'A',
        lastname: 'P',
        email: 'no-es-correo',
        password: 'x'.repeat(8),
        password_confirmation: 'x'.repeat(8),
      },
      validationMessages.accountEmailInvalid,
    ],
    [
      { name: 'A', lastname: 'P', email: 'a@example.com', password: 'corta', password_confirmation: 'corta' },
      validationMessages.passwordMinLength,
    ],
    [
      {
        name: 'A',
        lastname: 'P',
        email: 'a@example.com',
        password: 'x'.repeat(8),
        password_confirmation: 'y'.repeat(8),
      },
      validationMessages.passwordsDoNotMatch,
    ],
    [
      {
        name: 'A',
        lastname: 'P',
        email: 'a@example.com',
        password: 'x'.repeat(129),
        password_confirmation: 'x'.repeat(129),
      },
      validationMessages.passwordTooLong,
    ],
  ])('answers 400 with the Spanish message for bad input %#', async (payload, message) => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/auth/signup', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().data).toContain(message);
  });

  it('accepts long passphrases (64 characters and more) without composition rules', async () => {
    const passphrase = 'mi casa queda frente a la plaza de armas de temuco y tiene un patio';
    expect(passphrase.length).toBeGreaterThan(64);
    expect((await signup(ctx, 'frase@example.com', passphrase)).statusCode).toBe(200);
    expect((await login(ctx, 'frase@example.com', passphrase)).json().access_token).toBeTruthy();
  });
});

describe('login, sessions and revocation', () => {
  const ctx = useTestApp();

  it('gives a 256-bit opaque token that opens user/info', async () => {
    const token = await newSession(ctx, 'sesion@example.com');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
    const info = await getAs(ctx, token, '/api/v1/user/info');
    expect(info.statusCode).toBe(200);
    expect(info.json().user).toMatchObject({
      email: 'sesion@example.com',
      profile: { name: 'Rosa', lastname: 'Pérez' },
    });
  });

  it('answers the spec 401 text for a wrong password and for an unknown e-mail alike', async () => {
    await signup(ctx, 'clave@example.com');
    const wrong = await login(ctx, 'clave@example.com', 'otra-clave-cualquiera');
    const unknown = await login(ctx, 'nadie@example.com');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(accountTexts.loginFailed);
    }
  });

  it.each([
    ['no token', {}],
    ['a made-up token', { authorization: 'Bearer inventado' }],
    ['a malformed header', { authorization: 'Token abc' }],
  ])('refuses protected calls with %s', async (_label, headers) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info', headers });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(errorMessages.unauthorized);
  });

  it('logout ends that session only', async () => {
    const first = await newSession(ctx, 'salir@example.com');
    const second = (await login(ctx, 'salir@example.com')).json().access_token as string;
    await postAs(ctx, first, '/api/v1/auth/logout');
    expect((await getAs(ctx, first, '/api/v1/user/info')).statusCode).toBe(401);
    expect((await getAs(ctx, second, '/api/v1/user/info')).statusCode).toBe(200);
  });

  it('revokeAllAccess ends every session at once', async () => {
    const first = await newSession(ctx, 'todas@example.com');
    const second = (await login(ctx, 'todas@example.com')).json().access_token as string;
    const revoked = await sendAs(ctx, first, 'DELETE', '/api/v1/auth/revokeAllAccess');
    expect(revoked.json().message).toBe(accountTexts.sessionsRevoked);
    for (const token of [first, second]) {
      expect((await getAs(ctx, token, '/api/v1/user/info')).statusCode).toBe(401);
    }
  });

  it('accountResetRequest ends every session and e-mails a reset link', async () => {
    const token = await newSession(ctx, 'reinicio@example.com');
    const response = await postAs(ctx, token, '/api/v1/auth/accountResetRequest');
    expect(response.json().message).toBe(accountTexts.resetAccountMailSent);
    expect((await getAs(ctx, token, '/api/v1/user/info')).statusCode).toBe(401);
    expect(
      (await latestLinkTo(ctx, 'reinicio@example.com', '/reset-pass?token=')).searchParams.get('token'),
    ).toBeTruthy();
  });

  it('clears the failed attempts of an e-mail when the right password arrives', async () => {
    await signup(ctx, 'olvidadiza@example.com');
    const at = (_attempt: number) => ({ remoteAddress: '10.0.3.1' });
    const codes: number[] = [];
    for (let attempt = 0; attempt < 9; attempt += 1) {
      codes.push((await login(ctx, 'olvidadiza@example.com', 'no-era-esta', at(attempt))).statusCode);
    }
    codes.push((await login(ctx, 'olvidadiza@example.com', STRONG_PASSWORD, at(9))).statusCode);
    for (let attempt = 10; attempt < 19; attempt += 1) {
      codes.push((await login(ctx, 'olvidadiza@example.com', 'tampoco', at(attempt))).statusCode);
    }
    expect(codes).toEqual([...Array(9).fill(401), 200, ...Array(9).fill(401)]);
    // Past the budget without a success in between, the next guess is refused.
    codes.length = 0;
    for (let attempt = 20; attempt < 22; attempt += 1) {
      codes.push((await login(ctx, 'olvidadiza@example.com', 'otra-mas', at(attempt))).statusCode);
    }
    expect(codes).toEqual([401, 429]);
  });

  it('limits login attempts per e-mail and IP with a Spanish 429', async () => {
    await signup(ctx, 'fuerza@example.com');
    const codes: number[] = [];
    for (let attempt = 0; attempt < 10; attempt += 1) {
      codes.push(
        (await login(ctx, 'fuerza@example.com', 'adivinando-123', { remoteAddress: '10.0.1.1' })).statusCode,
      );
    }
    expect(codes.every((code) => code === 401)).toBe(true);
    const limited = await login(ctx, 'fuerza@example.com', 'adivinando-123', { remoteAddress: '10.0.1.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(errorMessages.tooManyRequests);
  });

  it('slows down, but never locks out, an e-mail guessed at from many addresses', async () => {
    await signup(ctx, 'asediada@example.com');
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const guess = await login(ctx, 'asediada@example.com', 'adivinando-123', {
        remoteAddress: `10.0.4.${attempt}`,
      });
      expect(guess.statusCode).toBe(401);
    }
    const startedAt = Date.now();
    const slowed = await login(ctx, 'asediada@example.com', 'otra-vez-123', { remoteAddress: '10.0.4.50' });
    expect(slowed.statusCode).toBe(401);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(SLOWDOWN_MS - 50);
    const owner = await login(ctx, 'asediada@example.com', STRONG_PASSWORD, { remoteAddress: '10.0.4.99' });
    expect(owner.statusCode).toBe(200);
    expect(owner.json().access_token).toBeTruthy();
  });
});

describe('new device alert and account recovery', () => {
  const ctx = useTestApp();

  it('e-mails the owner when a device the account never used signs in, and the link recovers the account', async () => {
    const email = 'alerta@example.com';
    await signup(ctx, email);
    // The only mail so far is the sign-up's verification link; the first device and its return add none.
    const signUpMail = await latestMessageTo(ctx, email);
    expect(signUpMail?.subject).toContain('confirma tu correo');
    const home = (await login(ctx, email, STRONG_PASSWORD, { deviceId: 'equipo-de-casa-0001' })).json()
      .access_token as string;
    expect((await latestMessageTo(ctx, email))?.id).toBe(signUpMail?.id);
    await login(ctx, email, STRONG_PASSWORD, { deviceId: 'equipo-de-casa-0001' });
    expect((await latestMessageTo(ctx, email))?.id).toBe(signUpMail?.id);

    const stranger = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: {
        email,
        password: STRONG_PASSWORD,
        device: {
          id: 'telefono-extrano-99',
          brand: 'Samsung',
          model: 'Galaxy A54',
          name: 'Teléfono de Juan',
          system: 'Android',
        },
      },
    });
    expect(stranger.statusCode).toBe(200);
    const mail = await latestMessageTo(ctx, email);
    expect(mail?.subject).toContain('dispositivo nuevo');
    expect(mail?.text).toContain('Samsung · Galaxy A54');
    const link = await latestLinkTo(ctx, email, '/account_recovery?t=');
    expect(link.origin).toBe('http://localhost:3000');
    const t = link.searchParams.get('t')!;

    const data = await getAs(ctx, home, `/api/v1/notifications/getAccountRecoveryData?t=${t}`);
    expect(data.statusCode).toBe(200);
    expect(data.json().data.device).toEqual({
      brand: 'Samsung',
      model: 'Galaxy A54',
      name: 'Teléfono de Juan',
      system: 'Android',
    });

    const recovered = await postAs(ctx, home, '/api/v1/auth/accountRecovery', { t });
    expect(recovered.json().message).toBe(accountTexts.recoveryEmailSent);
    for (const token of [home, stranger.json().access_token as string]) {
      expect((await getAs(ctx, token, '/api/v1/user/info')).statusCode).toBe(401);
    }
    expect((await login(ctx, email)).statusCode).toBe(401);

    const newPassword = 'nueva-clave-de-rosa-1';
    const done = await resetPassword(ctx, await resetTokenTo(ctx, email), newPassword, { revoke: true });
    expect(done.statusCode).toBe(200);
    expect((await login(ctx, email, newPassword)).json().access_token).toBeTruthy();
  });

  it('answers the spec 404 text for a token of another account or a used one', async () => {
    const token = await newSession(ctx, 'otra-cuenta@example.com');
    const response = await getAs(ctx, token, '/api/v1/notifications/getAccountRecoveryData?t=no-existe');
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(accountTexts.recoveryTokenInvalid);
  });
});

describe('per-IP ceiling on the sign-in routes', () => {
  const ctx = useTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });

  it('answers 429 in Spanish past AUTH_RATE_LIMIT_MAX requests a minute from one address', async () => {
    const codes: number[] = [];
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com', 'd@example.com']) {
      codes.push((await login(ctx, email, 'una-clave-cualquiera', { remoteAddress: '10.9.9.9' })).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429]);
    const other = await login(ctx, 'e@example.com', 'una-clave-cualquiera', { remoteAddress: '10.9.9.10' });
    expect(other.statusCode).toBe(401);
  });
});
