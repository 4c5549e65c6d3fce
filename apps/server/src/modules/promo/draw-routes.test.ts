import { createHash, createHmac } from 'node:crypto';
import { count, eq, inArray, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DRAW } from '@seguridad/contracts/constants';
import { promoTexts } from '@seguridad/contracts/messages';
import {
  auditEvents,
  drawWinners,
  networkInvitations,
  outboxMessages,
  promoDraws,
  promoEntries,
  users,
} from '../../db/schema';
import { bearer, getAs, newSession } from '../../testing/accounts';
import { demoOperatorSession, otherCompany } from '../../testing/calls';
import { LOOSE_LIMITS, uniqueEmail } from '../../testing/networks';
import { useTestApp } from '../../testing/test-app';

/**
 * The draw recomputed from its published description only (decision 015), written apart from the
 * server's code: the whole random stream first, then the swaps.
 */
function recompute(ids: number[], seedHex: string): number[] {
  const key = Buffer.from(seedHex, 'hex');
  const stream = (function* () {
    for (let n = 0; ; n += 1) {
      const digest = createHmac('sha256', key)
        .update(Buffer.from(n.toString(10), 'ascii'))
        .digest();
      yield digest[0]! * 2 ** 24 + digest[1]! * 2 ** 16 + digest[2]! * 2 ** 8 + digest[3]!;
    }
  })();
  const pick = (k: number): number => {
    const bound = Math.floor(2 ** 32 / k) * k;
    let x = stream.next().value as number;
    while (x >= bound) x = stream.next().value as number;
    return x % k;
  };
  const list = ids.slice();
  for (let i = 0; i + 1 < list.length; i += 1) {
    const j = i + pick(list.length - i);
    const held = list[i]!;
    list[i] = list[j]!;
    list[j] = held;
  }
  return list;
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

type DrawView = {
  entries: number;
  eligible: number;
  draw: null | {
    state: string;
    commitment: string;
    list_hash: string;
    seed: string | null;
    eligible_count: number;
    list_url: string;
  };
  drawn: { position: number; entry_id: number; email: string; alternate: boolean }[];
};

describe('the verifiable camera draw', () => {
  const ctx = useTestApp({ env: LOOSE_LIMITS });
  let admin: string;
  const registrants = 70;

  beforeAll(async () => {
    admin = (await demoOperatorSession(ctx)).token;
  });

  const publish = (token: string | undefined, payload: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/operator/draw/publish',
      ...(token ? { headers: bearer(token) } : {}),
      payload: payload as Record<string, unknown>,
    });
  const run = (token: string | undefined) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/operator/draw/run',
      ...(token ? { headers: bearer(token) } : {}),
    });

  it('lets only the campaign company’s admins see, publish and run it', async () => {
    const citizen = await newSession(ctx, uniqueEmail('ciudadana'));
    const stranger = await otherCompany(ctx, `otra${Date.now().toString(36)}`);
    const soon = { scheduled_at: new Date().toISOString() };
    expect((await publish(undefined, soon)).statusCode).toBe(401);
    expect((await publish(citizen, soon)).statusCode).toBe(403);
    expect((await publish(stranger.operator, soon)).statusCode).toBe(404);
    expect((await run(citizen)).statusCode).toBe(403);
    expect((await run(stranger.operator)).statusCode).toBe(404);
    const view = await getAs(ctx, citizen, '/api/v1/operator/draw');
    expect(view.statusCode).toBe(403);
  });

  it('refuses bad input, a schedule in the past, running before publishing and publishing with nobody eligible', async () => {
    for (const bad of [
      {},
      { scheduled_at: 'mañana' },
      { scheduled_at: 12 },
      { scheduled_at: '2026-13-40T99:00:00Z' },
    ]) {
      const response = await publish(admin, bad);
      expect(response.statusCode).toBe(400);
      expect(response.json().success).toBe(false);
    }
    const past = await publish(admin, { scheduled_at: '2020-01-01T12:00:00Z' });
    expect(past.statusCode).toBe(422);
    expect(past.json().message).toBe(promoTexts.scheduleInPast);
    const early = await run(admin);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(promoTexts.notYetPublished);
    const nobody = await publish(admin, { scheduled_at: new Date().toISOString() });
    expect(nobody.statusCode).toBe(409);
    expect(nobody.json().message).toBe(promoTexts.noEligible);
  });

  it('publishes a commitment and the list, draws at the scheduled time and anyone can recompute it', async () => {
    const db = ctx.database.db;
    const tag = Date.now().toString(36);
    const created = await db
      .insert(users)
      .values(
        Array.from({ length: registrants }, (_, index) => ({
          name: `Nombre${index}`,
          lastname: 'Apellido',
          email: `sorteo-${tag}-${index}@example.com`,
          passwordHash: 'x',
          // The second never proved the e-mail (decision 039).
          emailVerifiedAt: index === 1 ? null : new Date(),
        })),
      )
      .returning({ id: users.id, email: users.email });
    await db.insert(promoEntries).values(
      created.map((user, index) => ({
        userId: user.id,
        email: user.email,
        phone: `+569${30_000_000 + index}`,
        // The third never entered the phone's code.
        phoneVerifiedAt: index === 2 ? null : new Date(),
      })),
    );
    const unproven = [created[1]!.id, created[2]!.id];
    // Everyone but the last invites three people.
    await db.insert(networkInvitations).values(
      created.slice(0, -1).flatMap((user) =>
        ['uno', 'dos', 'tres'].map((guest) => ({
          ownerId: user.id,
          guestEmail: `${guest}-${user.id}@example.com`,
          codeHash: `draw-${user.id}-${guest}`,
          companyId: 1,
          expiresAt: new Date(Date.now() + 86_400_000),
        })),
      ),
    );

    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    const published = await publish(admin, { scheduled_at: inAnHour });
    expect(published.statusCode, published.body).toBe(200);
    const view = published.json() as DrawView;
    // Frozen without the two unproven entries, though they invited three people each.
    expect(view.draw).toMatchObject({ state: 'published', seed: null, eligible_count: registrants - 3 });
    expect((await publish(admin, { scheduled_at: inAnHour })).statusCode).toBe(409);
    const publishedTrail = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'draw.publish'));
    expect(publishedTrail).toMatchObject([{ details: { scheduled_at: inAnHour } }]);

    const list = await ctx.app.inject({ method: 'GET', url: view.draw!.list_url });
    expect(list.statusCode).toBe(200);
    const { entries, list_hash: listHash } = list.json() as {
      list_hash: string;
      entries: { id: number; name: string; phone: string }[];
    };
    const ids = entries.map((entry) => entry.id);
    const unprovenEntries = await db
      .select({ id: promoEntries.id })
      .from(promoEntries)
      .where(inArray(promoEntries.userId, unproven));
    expect(unprovenEntries).toHaveLength(2);
    for (const entry of unprovenEntries) expect(ids).not.toContain(entry.id);
    expect(sha256(ids.join('\n'))).toBe(view.draw!.list_hash);
    expect(listHash).toBe(view.draw!.list_hash);
    expect(list.body).not.toContain('@example.com');
    expect(list.body).not.toContain('+56930000000');
    expect(entries[0]).toMatchObject({ name: 'Nombre0 A.', phone: '+569 **** *000' });

    const tooEarly = await run(admin);
    expect(tooEarly.statusCode).toBe(409);
    expect(tooEarly.json().message).toBe(promoTexts.tooEarly);
    const publicBefore = (await ctx.app.inject({ method: 'GET', url: '/api/promo/draw' })).json();
    expect(publicBefore.draw).toMatchObject({
      state: 'published',
      seed: null,
      commitment: view.draw!.commitment,
    });

    await db.update(promoDraws).set({ scheduledAt: new Date(Date.now() - 1000) });
    const mailsBefore = await winnerMailCount();
    const [first, second] = await Promise.all([run(admin), run(admin)]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const drawn = first.json() as DrawView;
    expect(second.json()).toEqual(drawn);

    const publicDraw = (await ctx.app.inject({ method: 'GET', url: '/api/promo/draw' })).json().draw;
    expect(publicDraw.state).toBe('drawn');
    expect(publicDraw.seed).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256(Buffer.from(publicDraw.seed, 'hex'))).toBe(publicDraw.commitment);
    expect(publicDraw.commitment).toBe(view.draw!.commitment);

    const expected = recompute(ids, publicDraw.seed);
    expect(drawn.drawn.map((entry) => entry.entry_id)).toEqual(expected.slice(0, drawn.drawn.length));
    expect(drawn.drawn.filter((entry) => !entry.alternate)).toHaveLength(DRAW.cameras);
    expect(drawn.drawn[DRAW.cameras]?.alternate).toBe(true);

    const byId = new Map(entries.map((entry) => [entry.id, entry]));
    const winners = await ctx.app.inject({ method: 'GET', url: '/api/promo/winners' });
    expect(winners.json().data).toEqual(
      expected
        .slice(0, DRAW.publishedWinners)
        .map((id) => ({ name: byId.get(id)!.name, phone: byId.get(id)!.phone })),
    );
    const stored = await db.select().from(drawWinners);
    expect(stored).toHaveLength(DRAW.publishedWinners);

    expect((await winnerMailCount()) - mailsBefore).toBe(DRAW.cameras);
    const again = await run(admin);
    expect(again.json()).toEqual(drawn);
    expect((await winnerMailCount()) - mailsBefore).toBe(DRAW.cameras);
  });

  async function winnerMailCount(): Promise<number> {
    const [row] = await ctx.database.db
      .select({ total: count() })
      .from(outboxMessages)
      .where(like(outboxMessages.subject, '%ganaste una cámara%'));
    return row?.total ?? 0;
  }

  it('keeps the database free of drawn rows nobody asked for', async () => {
    const rows = await ctx.database.db.select().from(promoDraws).where(eq(promoDraws.id, 1));
    expect(rows).toHaveLength(1);
  });
});
