import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { WHEEL } from '@seguridad/contracts/constants';
import { wheelOptionsResponseSchema, wheelSpinResponseSchema } from '@seguridad/contracts/http/wheel';
import { errorMessages, wheelTexts } from '@seguridad/contracts/messages';
import { openDatabase } from '../../db/client';
import { DEV_ACCOUNTS } from '../../db/seed/seed';
import { DEFAULT_WHEEL_OPTIONS } from '../../db/seed/wheel-options';
import { users, wheelAccounts, wheelOptions, wheelSpins } from '../../db/schema';
import { bearer, getAs, login, newSession, postAs, STRONG_PASSWORD } from '../../testing/accounts';
import { createTestApp, useTempDir, useTestApp, type TestContext } from '../../testing/test-app';
import { migrateAndSeed, TEST_PASSWORDS, testEngine } from '../../testing/test-database';
import { pickWeighted } from './wheel-service';

const OPTIONS_URL = '/api/v1/marketing/getRouletteOptions';
const SPIN_URL = '/api/v1/marketing/getRouletteResult';
const relaxedLimits = {
  AUTH_ATTEMPTS_IP_FACTOR: '100',
  AUTH_RATE_LIMIT_MAX: '1000',
  WHEEL_SPINS_MAX: '1000',
};

/** Each promo sign-up needs its own phone: the draw takes one entry per phone. */
let nextPhone = 10_000_000;

async function promoSignup(ctx: TestContext, email: string) {
  nextPhone += 1;
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/auth/signup',
    payload: {
      name: 'Pía',
      lastname: 'Rojas',
      email,
      phone: String(nextPhone),
      password: STRONG_PASSWORD,
      password_confirmation: STRONG_PASSWORD,
    },
  });
}

/** A promo sign-up, then a session for it. */
async function promoSession(ctx: TestContext, email: string): Promise<string> {
  const created = await promoSignup(ctx, email);
  if (created.statusCode !== 200) throw new Error(`promo signup failed: ${created.body}`);
  return (await login(ctx, email)).json().access_token as string;
}

async function userIdOf(ctx: TestContext, email: string): Promise<number> {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}

async function setAttempts(ctx: TestContext, email: string, attemptsLeft: number) {
  const userId = await userIdOf(ctx, email);
  await ctx.database.db
    .insert(wheelAccounts)
    .values({ userId, attemptsLeft })
    .onConflictDoUpdate({ target: wheelAccounts.userId, set: { attemptsLeft } });
}

async function options(ctx: TestContext, token: string) {
  const response = await getAs(ctx, token, OPTIONS_URL);
  expect(response.statusCode).toBe(200);
  return wheelOptionsResponseSchema.parse(response.json());
}

function spin(ctx: TestContext, token: string) {
  return postAs(ctx, token, SPIN_URL);
}

/** Only the given sections can be drawn (weights of the others at 0). */
async function onlyDraw(ctx: TestContext, weights: Record<number, number>) {
  for (const option of DEFAULT_WHEEL_OPTIONS) {
    await ctx.database.db
      .update(wheelOptions)
      .set({ weight: weights[option.id] ?? 0 })
      .where(eq(wheelOptions.id, option.id));
  }
}

async function restoreOptions(ctx: TestContext) {
  for (const option of DEFAULT_WHEEL_OPTIONS) {
    await ctx.database.db.update(wheelOptions).set(option).where(eq(wheelOptions.id, option.id));
  }
}

describe('the prize wheel', () => {
  const ctx = useTestApp({ env: relaxedLimits });

  it('grants one spin on a promo sign-up and none on a normal sign-up', async () => {
    const promoToken = await promoSession(ctx, 'promo-giro@example.com');
    const promo = await options(ctx, promoToken);
    expect(promo).toMatchObject({
      status: 'available',
      attempts_left: WHEEL.promoSignupAttempts,
      opportunities: 0,
    });

    const normalToken = await newSession(ctx, 'sin-promo@example.com');
    expect(await options(ctx, normalToken)).toMatchObject({ status: 'no_attempts_left', attempts_left: 0 });
    const refused = await spin(ctx, normalToken);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      error: 'no_attempts_left',
      message: wheelTexts.noAttemptsLeft,
    });
  });

  it('lists the 10 sections with their prize, amount and a picture the site serves', async () => {
    const token = await promoSession(ctx, 'opciones@example.com');
    const { items } = await options(ctx, token);
    expect(items).toHaveLength(WHEEL.sections);
    expect(items.map((item) => item.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(items.map((item) => item.uid))).toEqual(new Set(['camera', 'opportunities', 'new_spin']));
    for (const item of items) {
      expect(item.image_url).toMatch(/^\/wheel\/[a-z-]+\.svg$/);
      expect(item.amount).toBeGreaterThan(0);
    }
    // Weights and stock are the server's business.
    expect(Object.keys(items[0]!).sort()).toEqual(['amount', 'id', 'image_url', 'uid']);
  });

  it('gives the demo citizen three spins', async () => {
    const session = await login(ctx, DEV_ACCOUNTS.citizen.email, TEST_PASSWORDS.citizen);
    const token = session.json().access_token as string;
    expect(await options(ctx, token)).toMatchObject({
      status: 'available',
      attempts_left: WHEEL.demoCitizenAttempts,
    });
  });

  it('spends the last spin once: 50 at the same time give one result and 49 refusals', async () => {
    const email = 'carrera@example.com';
    const token = await promoSession(ctx, email);
    await onlyDraw(ctx, { 2: 1 });
    try {
      const responses = await Promise.all(Array.from({ length: 50 }, () => spin(ctx, token)));
      const won = responses.filter((response) => response.statusCode === 200);
      const refused = responses.filter((response) => response.statusCode === 409);
      expect(won).toHaveLength(1);
      expect(refused).toHaveLength(49);
      for (const response of refused) expect(response.json().message).toBe(wheelTexts.noAttemptsLeft);
      const result = wheelSpinResponseSchema.parse(won[0]!.json());
      expect(result).toMatchObject({
        items: { id: 2, uid: 'opportunities', amount: 1, status: true },
        offer: { offer_data: { amount: 1 } },
        attempts_left: 0,
      });
      const spins = await ctx.database.db
        .select()
        .from(wheelSpins)
        .where(eq(wheelSpins.userId, await userIdOf(ctx, email)));
      expect(spins).toHaveLength(1);
      expect(spins[0]).toMatchObject({ optionId: 2, uid: 'opportunities', amount: 1 });
    } finally {
      await restoreOptions(ctx);
    }
  });

  it('accumulates opportunities across spins and answers no_attempts_left at the end', async () => {
    const email = 'acumula@example.com';
    const token = await promoSession(ctx, email);
    await setAttempts(ctx, email, 3);
    await onlyDraw(ctx, { 4: 1 });
    try {
      const amounts: number[] = [];
      for (let turn = 0; turn < 3; turn += 1) {
        const result = wheelSpinResponseSchema.parse((await spin(ctx, token)).json());
        amounts.push(result.offer.offer_data.amount);
        expect(result.items.status).toBe(turn === 2);
      }
      expect(amounts).toEqual([2, 4, 6]);
      expect(await options(ctx, token)).toMatchObject({
        status: 'no_attempts_left',
        attempts_left: 0,
        opportunities: 6,
      });
    } finally {
      await restoreOptions(ctx);
    }
  });

  it('adds a spin when the prize is a new spin', async () => {
    const token = await promoSession(ctx, 'giro-extra@example.com');
    await onlyDraw(ctx, { 3: 1 });
    try {
      const result = wheelSpinResponseSchema.parse((await spin(ctx, token)).json());
      expect(result).toMatchObject({
        items: { uid: 'new_spin', amount: 1, status: false },
        attempts_left: 1,
      });
      expect((await options(ctx, token)).attempts_left).toBe(1);
    } finally {
      await restoreOptions(ctx);
    }
  });

  it('never takes the camera stock below zero: a camera drawn with none left becomes another prize', async () => {
    const email = 'camaras@example.com';
    const token = await promoSession(ctx, email);
    await setAttempts(ctx, email, 8);
    await onlyDraw(ctx, { 1: 1000, 6: 1 });
    await ctx.database.db.update(wheelOptions).set({ stock: 1 }).where(eq(wheelOptions.id, 1));
    try {
      const responses = await Promise.all(Array.from({ length: 8 }, () => spin(ctx, token)));
      const results = responses.map((response) => wheelSpinResponseSchema.parse(response.json()));
      expect(results.filter((result) => result.items.uid === 'camera')).toHaveLength(1);
      expect(results.filter((result) => result.items.id === 6)).toHaveLength(7);
      const [camera] = await ctx.database.db.select().from(wheelOptions).where(eq(wheelOptions.id, 1));
      expect(camera?.stock).toBe(0);
      // With the stock at zero, a camera is never drawn again.
      await setAttempts(ctx, email, 1);
      expect(wheelSpinResponseSchema.parse((await spin(ctx, token)).json()).items.id).toBe(6);
    } finally {
      await restoreOptions(ctx);
    }
  });

  it("spends only the caller's own spins", async () => {
    const first = await promoSession(ctx, 'propia-1@example.com');
    const second = await promoSession(ctx, 'propia-2@example.com');
    expect((await spin(ctx, first)).statusCode).toBe(200);
    const other = await options(ctx, second);
    expect(other).toMatchObject({ attempts_left: 1, opportunities: 0, status: 'available' });
  });

  it('answers 401 without a session, on both routes', async () => {
    for (const request of [
      { method: 'GET' as const, url: OPTIONS_URL },
      { method: 'POST' as const, url: SPIN_URL },
    ]) {
      const response = await ctx.app.inject(request);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(errorMessages.unauthorized);
      const forged = await ctx.app.inject({ ...request, headers: bearer('no-es-un-token') });
      expect(forged.statusCode).toBe(401);
    }
  });
});

describe('the spin rate limit', () => {
  const ctx = useTestApp({ env: { ...relaxedLimits, WHEEL_SPINS_MAX: '3' } });

  it('answers 429 past the per-minute ceiling', async () => {
    const token = await promoSession(ctx, 'limite@example.com');
    const statuses: number[] = [];
    for (let turn = 0; turn < 4; turn += 1) statuses.push((await spin(ctx, token)).statusCode);
    expect(statuses.slice(0, 3).every((status) => status === 200 || status === 409)).toBe(true);
    expect(statuses[3]).toBe(429);
    const limited = await spin(ctx, token);
    expect(limited.json()).toMatchObject({ success: false, message: errorMessages.tooManyRequests });
  });
});

describe('pickWeighted', () => {
  it('maps each ticket to the section whose weight covers it', () => {
    const sections = [
      { id: 1, weight: 2 },
      { id: 2, weight: 0 },
      { id: 3, weight: 3 },
    ];
    expect([0, 1, 2, 3, 4].map((ticket) => pickWeighted(sections, () => ticket)?.id)).toEqual([
      1, 1, 3, 3, 3,
    ]);
    expect(pickWeighted([], () => 0)).toBeUndefined();
    expect(pickWeighted([{ id: 9, weight: 0 }], () => 0)?.id).toBe(9);
  });
});

describe.runIf(testEngine() === 'pglite')('the wheel on disk', () => {
  const dataDir = useTempDir('seguridad-wheel-restart-');

  it('keeps spins left and opportunities across a restart', async () => {
    const first = await openDatabase({ dataDir });
    await migrateAndSeed(first);
    const before = await createTestApp({ env: { ...relaxedLimits, DATA_DIR: dataDir }, database: first });
    const email = 'reinicio-ruleta@example.com';
    const token = await promoSession(before, email);
    await setAttempts(before, email, 2);
    await onlyDraw(before, { 9: 1 });
    expect((await spin(before, token)).statusCode).toBe(200);
    await before.close();
    await first.close();

    const second = await openDatabase({ dataDir });
    const after = await createTestApp({ env: { ...relaxedLimits, DATA_DIR: dataDir }, database: second });
    try {
      expect(await options(after, token)).toMatchObject({
        status: 'available',
        attempts_left: 1,
        opportunities: 2,
      });
    } finally {
      await after.close();
      await second.close();
    }
  }, 60_000);
});
