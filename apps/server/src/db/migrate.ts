import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { serverRoot } from '../server-root';
import type { DatabaseHandle } from './client';

/** Arbitrary but fixed: every process of this product takes the same lock before migrating. */
const MIGRATION_LOCK_ID = 740_201_311;

export function migrationsFolder(): string {
  return path.join(serverRoot(), 'drizzle');
}

/**
 * Brings the schema up to date. On PostgreSQL several processes may start together, so the
 * migration runs under an advisory lock and the later ones find nothing left to do.
 */
export async function runMigrations(database: DatabaseHandle): Promise<void> {
  await migrateThen(database, async () => undefined);
}

/**
 * Migrates, then runs `work` (the seed) while still holding the migration lock: two processes
 * started together on an empty database would otherwise both find it unseeded and both insert.
 */
export async function migrateThen<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  const folder = migrationsFolder();
  if (database.engine.kind === 'pglite') {
    // One process owns an embedded database, and PGlite runs one statement at a time.
    await migratePglite(drizzlePglite(database.engine.client), { migrationsFolder: folder });
    return work();
  }
  const lockClient = await database.engine.pool.connect();
  try {
    await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await migratePostgres(drizzlePostgres(database.engine.pool), { migrationsFolder: folder });
    return await work();
  } finally {
    await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    lockClient.release();
  }
}
