import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { RATING_PER_IP_MAX } from '@seguridad/contracts/http/ratings';
import { callTexts, ratingTexts } from '@seguridad/contracts/messages';
import { callRatings } from '../../db/schema';
import { bearer, getAs } from '../../testing/accounts';
import {
  demoCompanyId,
  demoKey,
  demoOperatorSession,
  insertCall,
  newOperator,
  nextCallerAddress,
  otherCompany,
  type TestCall,
} from '../../testing/calls';
import { useTestApp } from '../../testing/test-app';

describe('rating a call (decision 044)', () => {
  const ctx = useTestApp();
  let admin: string;
  let operator: { token: string; userId: number };
  let supervisor: string;
  let other: Awaited<ReturnType<typeof otherCompany>>;

  const rate = (
    call: TestCall,
    payload: unknown,
    options: { token?: string; headers?: Record<string, string>; address?: string } = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/calls/videoCall/${call.call.id}/rating`,
      headers: { ...demoKey, 'call-token': options.token ?? call.token, ...options.headers },
      payload: payload as Record<string, unknown>,
      remoteAddress: options.address ?? nextCallerAddress(),
    });
  const list = async (token: string) => {
    const response = await getAs(ctx, token, '/api/v1/operator/ratings');
    expect(response.statusCode).toBe(200);
    return response.json() as {
      average: number;
      count: number;
      ratings: { call_id: number; stars: number; comment: string; operator_name: string | null }[];
    };
  };
  /** A call this operator answered and that ended a minute later. */
  const endedCall = (operatorId: number, companyId?: number) =>
    insertCall(ctx, {
      status: 'ended',
      operatorId,
      acceptedAt: new Date(Date.now() - 120_000),
      endedAt: new Date(Date.now() - 60_000),
      ...(companyId ? { companyId } : {}),
    });

  beforeAll(async () => {
    admin = (await demoOperatorSession(ctx)).token;
    const companyId = await demoCompanyId(ctx);
    operator = await newOperator(ctx, 'ejecutiva-valoraciones@example.com', companyId);
    supervisor = (await newOperator(ctx, 'supervisora-valoraciones@example.com', companyId, 'supervisor'))
      .token;
    other = await otherCompany(ctx, 'valoraciones');
  });

  it('stores stars and a comment once; a second rating is 409 in Spanish', async () => {
    const call = await endedCall(operator.userId);
    const first = await rate(call, { stars: 5, comment: '  Muy amable <b>gracias</b>  ' });
    expect(first.statusCode).toBe(200);
    const [row] = await ctx.database.db
      .select()
      .from(callRatings)
      .where(eq(callRatings.callId, call.call.id));
    // Kept as the text typed (trimmed), never as markup.
    expect(row).toMatchObject({ stars: 5, comment: 'Muy amable <b>gracias</b>' });

    const again = await rate(call, { stars: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'already_rated', message: ratingTexts.alreadyRated });
    const rows = await ctx.database.db.select().from(callRatings).where(eq(callRatings.callId, call.call.id));
    expect(rows).toHaveLength(1);
  });

  it('takes the comment as optional and refuses 0 or 6 stars, a fraction and 501 characters', async () => {
    const call = await endedCall(operator.userId);
    for (const payload of [
      { stars: 0 },
      { stars: 6 },
      { stars: 2.5 },
      {},
      { stars: 3, comment: 'x'.repeat(501) },
    ]) {
      const response = await rate(call, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(
      await ctx.database.db.select().from(callRatings).where(eq(callRatings.callId, call.call.id)),
    ).toEqual([]);
    expect((await rate(call, { stars: 3, comment: 'y'.repeat(500) })).statusCode).toBe(200);
  });

  it('refuses a wrong token, another company key and an operator session with 404', async () => {
    const call = await endedCall(operator.userId);
    const wrong = await rate(call, { stars: 4 }, { token: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ message: callTexts.callNotFound });
    expect((await rate(call, { stars: 4 }, { headers: other.key })).statusCode).toBe(404);
    const asOperator = await ctx.app.inject({
      method: 'POST',
      url: `/api/calls/videoCall/${call.call.id}/rating`,
      headers: { ...demoKey, ...bearer(admin) },
      payload: { stars: 1 },
    });
    expect(asOperator.statusCode).toBe(404);
    expect(
      await ctx.database.db.select().from(callRatings).where(eq(callRatings.callId, call.call.id)),
    ).toEqual([]);
  });

  it('refuses a call nobody answered, and one still going on', async () => {
    const abandoned = await insertCall(ctx, { status: 'abandoned', endedAt: new Date() });
    const unanswered = await rate(abandoned, { stars: 1 });
    expect(unanswered.statusCode).toBe(409);
    expect(unanswered.json()).toMatchObject({ error: 'call_not_rateable', message: ratingTexts.notRateable });
    const active = await insertCall(ctx, { status: 'active', operatorId: operator.userId });
    expect((await rate(active, { stars: 5 })).statusCode).toBe(409);
  });

  it('limits ratings per address', async () => {
    const address = '10.99.0.1';
    const call = await endedCall(operator.userId);
    for (let attempt = 0; attempt < RATING_PER_IP_MAX; attempt += 1) {
      expect((await rate(call, { stars: 0 }, { address })).statusCode).toBe(400);
    }
    expect((await rate(call, { stars: 4 }, { address })).statusCode).toBe(429);
  });

  it("shows an operator their own calls' ratings, a supervisor the company's, another company none", async () => {
    const theirs = await endedCall(operator.userId);
    const adminsCall = await endedCall((await demoOperatorSession(ctx)).userId);
    expect((await rate(theirs, { stars: 2, comment: 'Demoró' })).statusCode).toBe(200);
    expect((await rate(adminsCall, { stars: 4 })).statusCode).toBe(200);

    const own = await list(operator.token);
    expect(own.ratings.map((rating) => rating.call_id)).not.toContain(adminsCall.call.id);
    expect(own.ratings[0]).toMatchObject({ call_id: theirs.call.id, stars: 2, comment: 'Demoró' });
    expect(own.count).toBe(own.ratings.length);
    const ownStars = own.ratings.map((rating) => rating.stars);
    expect(own.average).toBeCloseTo(ownStars.reduce((sum, stars) => sum + stars, 0) / ownStars.length);

    const company = await list(supervisor);
    expect(company.ratings.map((rating) => rating.call_id)).toEqual(
      expect.arrayContaining([theirs.call.id, adminsCall.call.id]),
    );
    expect(company.count).toBeGreaterThan(own.count);
    expect(await list(other.operator)).toEqual({ code: 200, average: 0, count: 0, ratings: [] });

    const history = await getAs(ctx, operator.token, '/api/v1/operator/calls/history');
    const records = history.json().calls as { id: number; rating: number | null }[];
    expect(records.find((record) => record.id === theirs.call.id)?.rating).toBe(2);
  });
});
