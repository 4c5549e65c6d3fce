import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The raw engine, for migrations and snapshots. */
  engine: { kind: 'pglite'; client: PGlite } | { kind: 'postgres'; pool: pg.Pool };
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

function handle(engine: DatabaseHandle['engine'], db: Database): DatabaseHandle {
  return {
    db,
    kind: engine.kind,
    engine,
    async ping() {
      try {
        await db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    },
    async close() {
      if (engine.kind === 'pglite') await engine.client.close();
      else await engine.pool.end();
    },
  };
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  return handle({ kind: 'pglite', client }, drizzlePglite(client, { schema }) as unknown as Database);
}

export function wrapPostgres(pool: pg.Pool): DatabaseHandle {
  // An idle connection that the server ends (a restart, a failover, a dropped test database) must
  // not crash the process: the pool discards that client and the next query opens a new one.
  pool.on('error', () => {});
  return handle({ kind: 'postgres', pool }, drizzlePostgres(pool, { schema }) as unknown as Database);
}

/** PostgreSQL when a URL is configured, otherwise the embedded PGlite kept under `<dataDir>/db`. */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    return wrapPostgres(pool);
  }
  const dbDir = path.join(options.dataDir, 'db');
  mkdirSync(dbDir, { recursive: true });
  const client = await PGlite.create(dbDir);
  return wrapPglite(client);
}
