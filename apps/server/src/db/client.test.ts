import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { wrapPostgres } from './client';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(Boolean(databaseUrl))('the PostgreSQL pool', () => {
  it('survives the server ending an idle connection, and the next query reconnects', async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    const database = wrapPostgres(pool);
    try {
      const { rows } = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      const pid = rows[0]!.pid;
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query('select pg_terminate_backend($1)', [pid]);
      await admin.end();
      // The idle client learns of it asynchronously; without a pool error listener this throws.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await database.ping()).toBe(true);
    } finally {
      await database.close();
    }
  });
});
