import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = path.join(repoRoot, 'apps', 'server', 'dist', 'main.js');

/**
 * The seeded company admin of every server these tests start. The password is handed to the
 * server here, so the tests and the seed cannot disagree.
 */
export const DEV_ADMIN = { email: 'operador@example.com', password: 'operador-e2e-2026' } as const;

export type RunningServer = {
  /** The site's public address (`PUBLIC_BASE_URL`): a proxy's when one stands in front. */
  baseURL: string;
  /** The process itself, where it listens. */
  directURL: string;
  port: number;
  dataDir: string;
  /** What the server printed, for diagnosing a failed start. */
  output(): string;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForHealth(baseURL: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${output()}`);
}

/**
 * The data directory of a server started once by the global setup with the default environment,
 * migrated and seeded: a server started with that same environment begins from a copy of it
 * instead of creating, migrating and seeding an embedded database of its own (about 5 s of two
 * cores each time). Unset when the setup could not make it: servers then start from nothing.
 */
const DATA_TEMPLATE_VARIABLE = 'E2E_DATA_TEMPLATE';

/**
 * Starts the built server (`apps/server/dist/main.js`) on a free port with a fresh data directory,
 * exactly as `npm start` runs it: embedded database, seed, built website. With the default
 * environment its data directory is a copy of the global setup's (the same migrated seed).
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { keepData?: boolean } = {},
): Promise<RunningServer & { stop(): Promise<void> }> {
  if (!existsSync(serverEntry)) throw new Error('The server is not built: run `npm run build` first.');
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'seguridad-e2e-'));
  const template = process.env[DATA_TEMPLATE_VARIABLE];
  if (Object.keys(env).length === 0 && template && existsSync(template)) {
    // The operations socket is the template server's own (a socket cannot be copied anyway).
    cpSync(template, dataDir, { recursive: true, filter: (source) => !source.endsWith('admin.sock') });
  }
  // Another listen address (a test network's) or a proxy in front change where it is reached.
  const host = env.HOST ?? '127.0.0.1';
  const directURL = `http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`;
  const baseURL = env.PUBLIC_BASE_URL ?? directURL;
  let log = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: host,
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseURL,
      LOG_LEVEL: 'warn',
      // Every journey of a worker comes from 127.0.0.1; the limit itself is proven by the server tests.
      WIDGET_SUBMISSIONS_MAX: '1000',
      VIDEO_CALLS_MAX: '1000',
      VOICE_TOKENS_MAX: '1000',
      CALLBACKS_MAX: '1000',
      AUTH_RATE_LIMIT_MAX: '1000',
      AUTH_ATTEMPTS_IP_FACTOR: '100',
      SOCKETS_PER_IP_MAX: '1000',
      SEED_OPERATOR_PASSWORD: DEV_ADMIN.password,
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  await waitForHealth(directURL, child, () => log);
  return {
    baseURL,
    directURL,
    port,
    dataDir,
    output: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * For the global setup: starts and stops one server with the default environment and names its
 * data directory for every worker to copy. Returns the teardown that removes it.
 */
export async function prepareDataTemplate(): Promise<() => void> {
  if (!existsSync(serverEntry)) return () => {};
  const server = await startServer({}, { keepData: true });
  await server.stop();
  process.env[DATA_TEMPLATE_VARIABLE] = server.dataDir;
  return () => rmSync(server.dataDir, { recursive: true, force: true });
}

type WorkerFixtures = { server: RunningServer };

/** Every worker gets its own server and database; tests use `page` with `baseURL` pointing at it. */
export const test = base.extend<{ baseURL: string }, WorkerFixtures>({
  server: [
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
});

export { expect };

/** Widths the spec's breakpoints are checked at: a small phone and a desktop. */
export const checkedViewports = [
  { name: 'móvil 360 px', width: 360, height: 800 },
  { name: 'escritorio 1280 px', width: 1280, height: 800 },
] as const;

/** Asserts the page has no horizontal scroll, a common failure at 360 px. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * The success criteria checked: WCAG 2.0, 2.1 and 2.2, levels A and AA, and axe's best practices
 * (which the default run included, so naming tags takes nothing away).
 */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/**
 * No serious or critical axe violation of WCAG 2.0–2.2 A and AA on what the page shows now (the
 * list names each one).
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  // Axe reads colours as they are drawn: a dialog still fading in shows its buttons at part
  // opacity, below the contrast they end at. Finite animations and transitions are let finish
  // first (a spinner's endless turn is not waited for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    // Label in Name (2.5.3) is still marked experimental in axe, which leaves it out of tag runs.
    // (`options` replaces what `withTags` set, so it comes first.)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .withTags(wcagTags)
    .analyze();
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    blocking.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
  ).toEqual([]);
}

/** Whether React has taken over the page's main heading (hydrated it, or rendered it afresh). */
export function reactHasTakenOver(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const heading = document.querySelector('h1');
    return heading !== null && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
  });
}
