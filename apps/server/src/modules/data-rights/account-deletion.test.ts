import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountTexts } from '@seguridad/contracts/messages';
import { devices, sessions, users } from '../../db/schema';
import { useTestApp } from '../../testing/test-app';
import { deleteAccount, getAs, login, newSession } from '../../testing/accounts';

describe('account deletion', () => {
  const ctx = useTestApp();

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/user/deleteUserAccount' })).statusCode).toBe(
      401,
    );
  });

  it('removes the personal data, ends every session, and the e-mail can sign up again', async () => {
    const email = 'borrar@example.com';
    const token = await newSession(ctx, email);
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    const deleted = await deleteAccount(ctx, token);
    expect(deleted.json()).toEqual({ code: 200, message: accountTexts.accountDeleted });

    expect(await ctx.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await ctx.database.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toEqual([]);
    expect(await ctx.database.db.select().from(devices).where(eq(devices.userId, user!.id))).toEqual([]);
    expect((await getAs(ctx, token, '/api/v1/user/info')).statusCode).toBe(401);
    expect((await login(ctx, email)).statusCode).toBe(401);
    expect((await newSession(ctx, email)).length).toBeGreaterThan(20);
  });

  it('sign-ins racing the deletion of their account answer 200 or 401, never a server error', async () => {
    const email = 'carrera-borrado@example.com';
    const token = await newSession(ctx, email);
    const answers = await Promise.all([
      deleteAccount(ctx, token),
      ...Array.from({ length: 8 }, (_, index) =>
        login(ctx, email, undefined, { remoteAddress: `198.51.100.${index + 20}` }),
      ),
    ]);
    expect(answers[0]!.statusCode).toBe(200);
    for (const answer of answers.slice(1)) expect([200, 401]).toContain(answer.statusCode);
  });

  it('answers to a signed-in request are never cached on the way', async () => {
    const token = await newSession(ctx, 'sin-cache@example.com');
    const info = await getAs(ctx, token, '/api/v1/user/info');
    expect(info.statusCode).toBe(200);
    expect(info.headers['cache-control']).toBe('no-store');
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/user/info' });
    expect(anonymous.statusCode).toBe(401);
  });
});
