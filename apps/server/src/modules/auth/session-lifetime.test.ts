import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SESSION_ABSOLUTE_TTL_MS, SESSION_IDLE_TTL_MS } from '@seguridad/contracts/constants';
import { sessions } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { getAs, newSession } from '../../testing/accounts';
import { useTestApp } from '../../testing/test-app';

const DAY = 24 * 60 * 60 * 1000;

describe('session lifetimes', () => {
  const ctx = useTestApp();

  const info = (token: string) => getAs(ctx, token, '/api/v1/user/info');
  const ageSession = (token: string, changes: Partial<typeof sessions.$inferInsert>) =>
    ctx.database.db
      .update(sessions)
      .set(changes)
      .where(eq(sessions.tokenHash, hashToken(token)));
  const sessionOf = async (token: string) =>
    (
      await ctx.database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token)))
    )[0]!;

  it('ends a session left unused longer than the idle lifetime', async () => {
    const token = await newSession(ctx, 'idle@example.com');
    expect((await info(token)).statusCode).toBe(200);
    await ageSession(token, { lastUsedAt: new Date(Date.now() - SESSION_IDLE_TTL_MS - DAY) });
    expect((await info(token)).statusCode).toBe(401);
  });

  it('ends a session older than the absolute lifetime even if used every day', async () => {
    const token = await newSession(ctx, 'antigua@example.com');
    await ageSession(token, { createdAt: new Date(Date.now() - SESSION_ABSOLUTE_TTL_MS - DAY) });
    expect((await info(token)).statusCode).toBe(401);
  });

  it('moves last_used_at on when used, at most once a minute', async () => {
    const token = await newSession(ctx, 'uso@example.com');
    const longAgo = new Date(Date.now() - 10 * DAY);
    await ageSession(token, { lastUsedAt: longAgo });
    expect((await info(token)).statusCode).toBe(200);
    const touched = (await sessionOf(token)).lastUsedAt;
    expect(touched.getTime()).toBeGreaterThan(longAgo.getTime() + 9 * DAY);
    expect((await info(token)).statusCode).toBe(200);
    expect((await sessionOf(token)).lastUsedAt.getTime()).toBe(touched.getTime());
  });
});
