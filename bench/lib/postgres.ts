import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own on the PostgreSQL server of `baseUrl`, dropped afterwards: the processes
 * of one benchmark share it and nothing else, and every run starts from a fresh migration.
 */
export async function withFreshDatabase<T>(baseUrl: string, run: (url: string) => Promise<T>): Promise<T> {
  const name = `seguridad_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  try {
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
