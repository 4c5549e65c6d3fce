import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
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

/**
 * A test app for the tests of the enclosing `describe` block (or file): opened in `beforeAll`,
 * closed in `afterAll`. What it returns stands for that app, so it may be named up front and used
 * in the tests and in hooks declared after this call.
 */
export function useTestApp(options: Parameters<typeof createTestApp>[0] = {}): TestContext {
  let opened: TestContext | undefined;
  beforeAll(async () => {
    opened = await createTestApp(options);
  });
  afterAll(() => opened?.close());
  return openedLater(() => opened, 'test app');
}

/**
 * The path of a new empty directory under the system's temporary one (`prefix` and a random
 * tail) for the tests of the enclosing `describe` block: made in `beforeAll`, removed in
 * `afterAll` once the hooks declared after this call (an app that writes there closing) have run.
 */
export function useTempDir(prefix: string): string {
  const dir = path.join(tmpdir(), `${prefix}${randomUUID()}`);
  beforeAll(() => {
    mkdirSync(dir);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Stands for what `current` gives once a `beforeAll` has opened it; fails loudly before that. */
export function openedLater<T extends object>(current: () => T | undefined, what: string): T {
  const target = () => {
    const value = current();
    if (!value) throw new Error(`the ${what} opens in beforeAll: use it in a test or a later hook`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value: unknown = Reflect.get(target(), key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target()) : value;
    },
    has: (_, key) => Reflect.has(target(), key),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
