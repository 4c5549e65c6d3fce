import { randomBytes } from 'node:crypto';
import { CALL_BENCH_ENV } from './call-clients';
import { withFreshDatabase } from './postgres';
import { startProductServer, type ServerHandle } from './server-process';

/** Two product processes sharing one fresh PostgreSQL database and Redis, as a region deploys it. */
export type TwoProcesses = { first: ServerHandle; second: ServerHandle; databaseUrl: string };

/**
 * Runs `work` against two server processes on a database of its own, then stops both. Without
 * DATABASE_URL and REDIS_URL there is nothing to share: the bench says what is missing instead.
 */
export async function withTwoProcesses<T>(
  work: (processes: TwoProcesses) => Promise<T>,
): Promise<T | { skipped: string }> {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    const missing = [!databaseUrl && 'DATABASE_URL', !redisUrl && 'REDIS_URL'].filter(Boolean).join(', ');
    return { skipped: `needs PostgreSQL and Redis: set DATABASE_URL and REDIS_URL (missing: ${missing})` };
  }
  return withFreshDatabase(databaseUrl, async (sharedDatabase) => {
    const env = {
      ...CALL_BENCH_ENV,
      DATABASE_URL: sharedDatabase,
      REDIS_URL: redisUrl,
      MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
    };
    // One after the other: the first migrates and seeds, the second finds it done.
    const first = await startProductServer(env);
    const second = await startProductServer(env).catch(async (error: unknown) => {
      await first.stop();
      throw error;
    });
    try {
      return await work({ first, second, databaseUrl: sharedDatabase });
    } finally {
      await Promise.all([first.stop(), second.stop()]);
    }
  });
}
