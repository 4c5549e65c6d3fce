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
 * CPU time (user + system) a process has used, in clock ticks of 10 ms, from /proc (Linux). Unlike
 * throughput, CPU per request barely moves when other programs share the machine.
 */
export function cpuTicks(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
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
 * How a server process is started: a command that runs Node under it (valgrind) and how long
 * start-up may take then.
 */
export type Launch = { wrapper?: string[]; startTimeoutMs?: number };

function spawnNode(script: string, launch: Launch, options: Parameters<typeof spawn>[2]): ChildProcess {
  const [command, ...args] = [...(launch.wrapper ?? []), process.execPath, script];
  return spawn(command!, args, options);
}

/** The product as `npm start` runs it (built bundle, embedded database, fresh data directory). */
export async function startProductServer(
  env: Record<string, string> = {},
  launch: Launch = {},
): Promise<ServerHandle> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'seguridad-bench-'));
  let log = '';
  const child = spawnNode(path.join(repoRoot, 'apps/server/dist/main.js'), launch, {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SEED_COMPANY_KEY: 'pk_bench_company_key_0001',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // Every benchmark client comes from 127.0.0.1.
      SOCKETS_PER_IP_MAX: '1000000',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/api/health`, child, () => log, launch.startTimeoutMs);
  return {
    url,
    pid: child.pid!,
    stop: stopper(child, () => rmSync(dataDir, { recursive: true, force: true })),
  };
}

/** Reply headers and body for a floor route of the hello-world server (see servers/hello-world.mjs). */
export type FloorReply = { headers: Record<string, string>; body: string };

export async function startHelloWorld(
  floorReplies: Record<string, FloorReply> = {},
  launch: Launch = {},
): Promise<ServerHandle> {
  const port = await freePort();
  let log = '';
  const child = spawnNode(path.join(repoRoot, 'bench/servers/hello-world.mjs'), launch, {
    cwd: path.join(repoRoot, 'bench'),
    env: { ...process.env, PORT: String(port), FLOOR_REPLIES: JSON.stringify(floorReplies) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/hello`, child, () => log, launch.startTimeoutMs);
  return { url, pid: child.pid!, stop: stopper(child, () => undefined) };
}

/**
 * Bare Fastify carrying the parts the product cannot go without (servers/fastify-with-parts.mjs),
 * sending `reply` on `/api/health` as the product sends its health reply; `parts` picks some.
 */
export async function startFastifyWithParts(
  reply: FloorReply,
  parts?: string[],
  launch: Launch = {},
): Promise<ServerHandle> {
  const port = await freePort();
  let log = '';
  const child = spawnNode(path.join(repoRoot, 'bench/servers/fastify-with-parts.mjs'), launch, {
    cwd: path.join(repoRoot, 'bench'),
    env: {
      ...process.env,
      PORT: String(port),
      REPLY: JSON.stringify(reply),
      ...(parts ? { PARTS: parts.join(',') } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilAnswering(`${url}/api/health`, child, () => log, launch.startTimeoutMs);
  return { url, pid: child.pid!, stop: stopper(child, () => undefined) };
}

export const BENCH_COMPANY_KEY = 'pk_bench_company_key_0001';

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
