import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { buildApp, type App, type AppDependencies } from '../app';
import { loadConfig, type AppConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import type { MailSender } from '../integrations/mail/mail-sender';
import { openPgliteFromSnapshot, openPostgresClone, testEngine } from './test-database';

export type TestContext = { app: App; database: DatabaseHandle; config: AppConfig; close(): Promise<void> };

/** A fresh database of the engine under test, already migrated and seeded. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testEngine() === 'postgres') {
    return openPostgresClone(process.env.DATABASE_URL!, inject('postgresTemplate'));
  }
  const snapshot = new Blob([readFileSync(inject('pgliteSnapshotPath'))]);
  return openPgliteFromSnapshot(snapshot);
}

/**
 * The real server on a real database, driven through `app.inject`. Redis is used only when the
 * test asks for it, so counters of one file never leak into another.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    mail?: MailSender;
    database?: DatabaseHandle;
    /** Silent unless a test reads the log; routes a test adds before the app is ready. */
    logger?: AppDependencies['logger'];
    routes?: (app: App) => void;
  } = {},
): Promise<TestContext> {
  const config = loadConfig({
    NODE_ENV: 'test',
    PUBLIC_BASE_URL: 'http://localhost:3000',
    DATA_DIR: 'data-test-unused',
    WEB_DIST_DIR: 'web-dist-not-built-in-server-tests',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const database = options.database ?? (await openTestDatabase());
  const app = await buildApp({
    config,
    database,
    ...(options.mail ? { mail: options.mail } : {}),
    logger: options.logger ?? false,
  });
  options.routes?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
