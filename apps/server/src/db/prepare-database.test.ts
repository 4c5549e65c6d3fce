import { PGlite } from '@electric-sql/pglite';
import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { createEmptyPostgres, TEST_SEED, testEngine } from '../testing/test-database';
import { wrapPglite, type DatabaseHandle } from './client';
import { prepareDatabase } from './prepare-database';
import { communes, companies, drawWinners, plans, regions, users, wheelOptions } from './schema';
import type { SeedOptions } from './seed/seed';

const PRODUCTION_SEED: SeedOptions = { company: undefined, devAccounts: undefined };

async function totals(database: DatabaseHandle) {
  const of = async (table: PgTable) => {
    const [row] = await database.db.select({ total: count() }).from(table);
    return row?.total ?? 0;
  };
  return {
    companies: await of(companies),
    users: await of(users),
    plans: await of(plans),
    regions: await of(regions),
    communes: await of(communes),
    drawWinners: await of(drawWinners),
    wheelOptions: await of(wheelOptions),
  };
}

const REFERENCE = { plans: 1, regions: 16, communes: 346, wheelOptions: 10 };

describe('a production start', () => {
  it('writes the reference data and no company of its own', async () => {
    const database = wrapPglite(await PGlite.create());
    try {
      const outcome = await prepareDatabase(database, PRODUCTION_SEED);
      expect(outcome).toEqual({ seeded: false, devAccounts: [] });
      const after = await totals(database);
      expect(after).toMatchObject({ ...REFERENCE, companies: 0, users: 0 });
      expect(after.drawWinners).toBeGreaterThan(0);
      // A second start (or the operations command) finds it all there and adds nothing.
      await prepareDatabase(database, PRODUCTION_SEED);
      expect(await totals(database)).toEqual(after);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe.runIf(testEngine() === 'postgres')('two processes started together on an empty PostgreSQL', () => {
  it.each([
    ['production', PRODUCTION_SEED, 0],
    ['demo', TEST_SEED, 1],
  ] as const)(
    'both start (%s) and the seed is written once',
    async (_kind, seed, expectedCompanies) => {
      const empty = await createEmptyPostgres(process.env.DATABASE_URL!);
      try {
        const [first, second] = [empty.open(), empty.open()];
        const outcomes = await Promise.allSettled([
          prepareDatabase(first, seed),
          prepareDatabase(second, seed),
        ]);
        expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
        const seededBy = outcomes.filter((outcome) => outcome.status === 'fulfilled' && outcome.value.seeded);
        expect(seededBy).toHaveLength(expectedCompanies);
        const after = await totals(first);
        expect(after).toMatchObject({ ...REFERENCE, companies: expectedCompanies });
      } finally {
        await empty.drop();
      }
    },
    120_000,
  );
});
