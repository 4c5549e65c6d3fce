import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountTexts } from '@seguridad/contracts/messages';
import { emailTokens, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import {
  bearer,
  getAs,
  latestLinkTo,
  login,
  newSession,
  requestPasswordReset,
  resetPassword,
  resetTokenTo,
  signup,
  verificationCodeTo,
} from '../../testing/accounts';
import { LOOSE_LIMITS, uniqueEmail } from '../../testing/networks';
import { useTestApp } from '../../testing/test-app';
import { VERIFICATION_LINKS_PER_HOUR } from './email-verification-service';

/** The mailed link that proves a new account's address (decision 039). */
describe('e-mail verification link', () => {
  const ctx = useTestApp({ env: LOOSE_LIMITS });

  const verify = (code: unknown) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/auth/verifyEmail', payload: { code } });
  const resend = (token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/resendEmailVerification',
      ...(token ? { headers: bearer(token) } : {}),
    });
  const verifiedAt = async (email: string) => {
    const [row] = await ctx.database.db
      .select({ at: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.email, email));
    return row?.at ?? null;
  };
  const userInfo = async (token: string) => (await getAs(ctx, token, '/api/v1/user/info')).json();

  it('is mailed at sign-up, stored hashed, works once and says so', async () => {
    const email = uniqueEmail('nueva');
    expect((await signup(ctx, email)).statusCode).toBe(200);
    const link = await latestLinkTo(ctx, email, '/verificar-correo?code=');
    const code = link.searchParams.get('code')!;
    expect(code).toMatch(/^[\w-]{43}$/);
    const [stored] = await ctx.database.db
      .select()
      .from(emailTokens)
      .where(eq(emailTokens.purpose, 'email_verification'))
      .orderBy(emailTokens.id);
    expect(stored?.tokenHash).not.toBe(code);
    const own = await ctx.database.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.tokenHash, hashToken(code)), eq(emailTokens.purpose, 'email_verification')));
    expect(own).toHaveLength(1);
    expect(own[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);
    expect(await verifiedAt(email)).toBeNull();

    const [first, second] = await Promise.all([verify(code), verify(code)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 404]);
    const answered = first.statusCode === 200 ? first : second;
    expect(answered.json().message).toBe(accountTexts.emailVerified);
    expect(await verifiedAt(email)).toBeInstanceOf(Date);
    const again = await verify(code);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(accountTexts.verifyEmailInvalid);
  });

  it('refuses a wrong, an expired and a malformed code', async () => {
    const email = uniqueEmail('vencida');
    const token = await newSession(ctx, email, { verified: false });
    const code = await verificationCodeTo(ctx, email);
    const wrong = await verify(`${code.slice(0, -2)}xx`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(accountTexts.verifyEmailInvalid);
    for (const bad of ['', 42, null, 'x'.repeat(201)]) expect((await verify(bad)).statusCode).toBe(400);

    await ctx.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.tokenHash, hashToken(code)));
    expect((await verify(code)).statusCode).toBe(404);
    expect(await verifiedAt(email)).toBeNull();
    expect((await userInfo(token)).user.email_verified).toBe(false);
  });

  it('resends a new link that retires the old one, a few times an hour, and not once proven', async () => {
    const email = uniqueEmail('reenvio');
    const token = await newSession(ctx, email, { verified: false });
    expect((await resend()).statusCode).toBe(401);
    const first = await verificationCodeTo(ctx, email);
    for (let sent = 0; sent < VERIFICATION_LINKS_PER_HOUR; sent += 1) {
      const answer = await resend(token);
      expect(answer.statusCode).toBe(200);
      expect(answer.json().message).toBe(accountTexts.verificationLinkSent);
    }
    const limited = await resend(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(accountTexts.verificationLinkLimit);

    expect((await verify(first)).statusCode).toBe(404);
    expect((await verify(await verificationCodeTo(ctx, email))).statusCode).toBe(200);
    expect((await userInfo(token)).user.email_verified).toBe(true);
    const proven = await resend(token);
    expect(proven.statusCode).toBe(409);
    expect(proven.json().message).toBe(accountTexts.emailAlreadyVerified);
  });

  it('a completed password reset proves the address too', async () => {
    const email = uniqueEmail('reset');
    await signup(ctx, email);
    await requestPasswordReset(ctx, email);
    const resetToken = await resetTokenTo(ctx, email);
    expect(await verifiedAt(email)).toBeNull();
    const password = 'otra-clave-segura-2026';
    const reset = await resetPassword(ctx, resetToken, password, { revoke: false });
    expect(reset.statusCode).toBe(200);
    expect(await verifiedAt(email)).toBeInstanceOf(Date);
    expect((await login(ctx, email, password)).statusCode).toBe(200);
  });
});
