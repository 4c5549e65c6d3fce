import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHILE_COUNTRY_ID, PLAN_BASICO } from '@seguridad/contracts/constants';
import { openTestDatabase, useTempDir } from '../../testing/test-app';
import { migrateAndSeed, testEngine } from '../../testing/test-database';
import { openDatabase, type DatabaseHandle } from '../client';
import { communes, companies, plans, regions, specialities, users } from '../schema';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { seedDatabase } from './seed';

describe('seed data', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('holds the 16 regions of Chile and their 346 communes', async () => {
    const [regionCount] = await database.db
      .select({ total: count() })
      .from(regions)
      .where(eq(regions.countryId, CHILE_COUNTRY_ID));
    const [communeCount] = await database.db.select({ total: count() }).from(communes);
    expect(regionCount?.total).toBe(16);
    expect(communeCount?.total).toBe(346);
  });

  it('holds Plan Básico at 149.990 CLP with id 1', async () => {
    const [plan] = await database.db.select().from(plans).where(eq(plans.id, PLAN_BASICO.id));
    expect(plan).toMatchObject({ id: 1, name: 'Plan Básico', priceClp: 149_990 });
    expect(plan?.description.length).toBeGreaterThan(0);
  });

  it('holds one company with its key and the General speciality', async () => {
    const rows = await database.db.select().from(companies);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.publicKey).toBe(DEMO_COMPANY_KEY);
    const names = (await database.db.select().from(specialities)).map((row) => row.name);
    expect(names).toContain('General');
  });

  it('does nothing when run again', async () => {
    const outcome = await seedDatabase(database.db, {
      company: { key: 'pk_another_key_1234567', name: 'Otra', inboxEmail: 'x@example.com' },
      devAccounts: { operatorPassword: 'x'.repeat(8), citizenPassword: 'y'.repeat(8) },
    });
    expect(outcome.seeded).toBe(false);
    expect(await database.db.select().from(companies)).toHaveLength(1);
    expect(await database.db.select().from(users)).toHaveLength(2);
  });
});

describe.runIf(testEngine() === 'pglite')('the embedded database on disk', () => {
  const dataDir = useTempDir('seguridad-data-');

  it('keeps its data across a restart, and migrating again changes nothing', async () => {
    const first = await openDatabase({ dataDir });
    await migrateAndSeed(first);
    await first.db
      .insert(users)
      .values({ name: 'Rosa', email: 'rosa@example.com', passwordHash: 'scrypt$x' });
    await first.close();

    const second = await openDatabase({ dataDir });
    await migrateAndSeed(second);
    const rosa = await second.db.select().from(users).where(eq(users.email, 'rosa@example.com'));
    expect(rosa).toHaveLength(1);
    expect(await second.db.select().from(companies)).toHaveLength(1);
    await second.close();
  }, 60_000);
});
