import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { wrapPglite, wrapPostgres, type DatabaseHandle } from '../db/client';
import { prepareDatabase } from '../db/prepare-database';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import type { SeedOptions } from '../db/seed/seed';

export const TEST_PASSWORDS = { operator: 'operador-prueba-1', citizen: 'ciudadano-prueba-1' } as const;

/** Which engine the server suite runs on: PGlite always, PostgreSQL when the runner asks for it. */
export function testEngine(): 'pglite' | 'postgres' {
  return process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'pglite';
}

/** The seed a demo start writes, with the suite's own passwords. */
export const TEST_SEED: SeedOptions = {
  company: { key: DEMO_COMPANY_KEY, name: 'Central de Pruebas', inboxEmail: 'central@example.com' },
  devAccounts: { operatorPassword: TEST_PASSWORDS.operator, citizenPassword: TEST_PASSWORDS.citizen },
};

export async function migrateAndSeed(database: DatabaseHandle): Promise<void> {
  await prepareDatabase(database, TEST_SEED);
}

/** PGlite from the migrated, seeded snapshot that the global setup dumped (≈1 s instead of ≈5 s). */
export async function openPgliteFromSnapshot(snapshot: Blob): Promise<DatabaseHandle> {
  const client = await PGlite.create({ loadDataDir: snapshot });
  return wrapPglite(client);
}

function databaseUrlWithName(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A throwaway PostgreSQL database cloned from the migrated template, dropped on close. */
export async function openPostgresClone(baseUrl: string, templateName: string): Promise<DatabaseHandle> {
  const name = `seguridad_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateName}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: databaseUrlWithName(baseUrl, name), max: 5 });
  const handle = wrapPostgres(pool);
  return {
    ...handle,
    async close() {
      await pool.end();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export async function createPostgresTemplate(
  baseUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `seguridad_tpl_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const pool = new pg.Pool({ connectionString: databaseUrlWithName(baseUrl, name), max: 2 });
  const handle = wrapPostgres(pool);
  await migrateAndSeed(handle);
  await pool.end();
  return {
    name,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * A new, empty PostgreSQL database and a way to open it as many separate processes would (each
 * its own pool), dropped by `drop`.
 */
export async function createEmptyPostgres(
  baseUrl: string,
): Promise<{ open(): DatabaseHandle; drop(): Promise<void> }> {
  const name = `seguridad_e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const pools: pg.Pool[] = [];
  return {
    open() {
      const pool = new pg.Pool({ connectionString: databaseUrlWithName(baseUrl, name), max: 4 });
      pools.push(pool);
      return wrapPostgres(pool);
    },
    async drop() {
      await Promise.all(pools.map((pool) => pool.end()));
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
