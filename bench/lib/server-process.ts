import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

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

/** `pid` lets a benchmark read the server's own CPU time (see cpuTicks). */
export type ServerHandle = { url: string; pid: number; stop(): Promise<void> };

/**
 * CPU time a process has used in user space and in the kernel (its sockets' system calls), in clock
 * ticks of 10 ms, from /proc (Linux). Unlike throughput, CPU per request barely moves when other
 * programs share the machine.
 */
export function cpuTicks(pid: number): { user: number; system: number } | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return { user: Number(fields[11]), system: Number(fields[12]) };
  } catch {
    return undefined;
  }
}

async function waitUntilAnswering(
  url: string,
  child: ChildProcess,
  log: () => string,
  timeoutMs = 90_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`process exited:\n${log()}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`no answer from ${url}:\n${log()}`);
}

function stopper(child: ChildProcess, cleanup: () => void) {
  return async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    cleanup();
  };
}

/**
 * How a server process is started: a command that runs Node under it (valgrind), how long
 * start-up may take then, Node's flags (the product's default: those of `npm start`) and, for the
 * product, which built file to run (default `main.js`, the entry).
 */
export type Launch = { wrapper?: string[]; startTimeoutMs?: number; nodeArgs?: string[]; script?: string };

/** The node flags of the root package.json's `start` script: the product runs with them. */
export function startScriptNodeArgs(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const command = String(manifest.scripts.start).split('&&').at(-1)!.trim().split(/\s+/);
  return command.slice(1).filter((arg) => arg.startsWith('--'));
}

function spawnNode(script: string, launch: Launch, options: Parameters<typeof spawn>[2]): ChildProcess {
  const [command, ...args] = [
    ...(launch.wrapper ?? []),
    process.execPath,
    ...(launch.nodeArgs ?? []),
    script,
  ];
  return spawn(command!, args, options);
}

export const BENCH_COMPANY_KEY = 'pk_bench_company_key_0001';

/** Starts a server script in its own Node process and waits until `readyPath` answers. */
async function spawnBenchServer(options: {
  script: string;
  cwd: string;
  env: Record<string, string>;
  readyPath: string;
  launch: Launch;
  cleanup?: () => void;
}): Promise<ServerHandle> {
  const port = await freePort();
  let log = '';
  const child = spawnNode(options.script, options.launch, {
    cwd: options.cwd,
    env: { ...process.env, PORT: String(port), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(`${url}${options.readyPath}`, child, () => log, options.launch.startTimeoutMs);
  } catch (error) {
    await stopper(child, options.cleanup ?? (() => undefined))();
    throw error;
  }
  return { url, pid: child.pid!, stop: stopper(child, options.cleanup ?? (() => undefined)) };
}

/** The product as `npm start` runs it (built bundle, embedded database, fresh data directory). */
export async function startProductServer(
  env: Record<string, string> = {},
  launch: Launch = {},
): Promise<ServerHandle> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'seguridad-bench-'));
  return spawnBenchServer({
    script: launch.script ?? path.join(repoRoot, 'apps/server/dist/main.js'),
    cwd: repoRoot,
    env: {
      NODE_ENV: 'production',
      SEED_COMPANY_KEY: BENCH_COMPANY_KEY,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every benchmark client comes from 127.0.0.1.
      SOCKETS_PER_IP_MAX: '1000000',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    readyPath: '/api/health',
    launch: { nodeArgs: startScriptNodeArgs(), ...launch },
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  });
}

/** Reply headers and body for a floor route of the hello-world server (see servers/hello-world.mjs). */
export type FloorReply = { headers: Record<string, string>; body: string };

export function startHelloWorld(
  floorReplies: Record<string, FloorReply> = {},
  launch: Launch = {},
): Promise<ServerHandle> {
  return spawnBenchServer({
    script: path.join(repoRoot, 'bench/servers/hello-world.mjs'),
    cwd: path.join(repoRoot, 'bench'),
    env: { FLOOR_REPLIES: JSON.stringify(floorReplies) },
    readyPath: '/hello',
    launch,
  });
}

/**
 * Bare Fastify carrying the parts the product cannot go without (servers/fastify-with-parts.mjs),
 * sending each reply on its path (`/api/health`, and `/api/company/specialities` when given) as the
 * product sends it; `parts` picks some.
 */
export function startFastifyWithParts(
  replies: { '/api/health': FloorReply; '/api/company/specialities'?: FloorReply },
  parts?: string[],
  launch: Launch = {},
): Promise<ServerHandle> {
  return spawnBenchServer({
    script: path.join(repoRoot, 'bench/servers/fastify-with-parts.mjs'),
    cwd: path.join(repoRoot, 'bench'),
    env: { REPLIES: JSON.stringify(replies), ...(parts ? { PARTS: parts.join(',') } : {}) },
    readyPath: '/api/health',
    launch,
  });
}

/** A reply's headers (those the route sets, not the connection's) and body, to replay from the floor. */
export async function replyOf(url: string, headers: Record<string, string> = {}): Promise<FloorReply> {
  const response = await fetch(url, { headers });
  const connectionHeaders = new Set([
    'date',
    'connection',
    'keep-alive',
    'content-length',
    'transfer-encoding',
  ]);
  const replayed: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!connectionHeaders.has(name)) replayed[name] = value;
  });
  return { headers: replayed, body: await response.text() };
}
