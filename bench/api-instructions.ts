import autocannon from 'autocannon';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  BENCH_COMPANY_KEY,
  replyOf,
  startFastifyWithParts,
  startHelloWorld,
  startProductServer,
  type ServerHandle,
} from './lib/server-process';

const run = promisify(execFile);

/** Instructions one request costs a server, and what share of them V8 spends in one slow path. */
export type RouteInstructions = {
  /** The fewest per request over the measured rounds: the steady state (see ROUNDS). */
  instructionsPerRequest: number;
  rounds: number[];
  /** Of those, Node's `process.nextTick` object literal built through V8's runtime (see below). */
  nextTickLiteralPerRequest: number;
};

export type ApiInstructions =
  | { skipped: string }
  | {
      requests: number;
      hello: RouteInstructions;
      floorHealth: RouteInstructions;
      floorSpecialities: RouteInstructions;
      /** The two routes on bare Fastify with the product's parts (servers/fastify-with-parts.mjs). */
      healthWithParts: RouteInstructions;
      specialitiesWithParts: RouteInstructions;
      health: RouteInstructions;
      specialities: RouteInstructions;
      /** The same two routes on PostgreSQL (with Redis when REDIS_URL is set), when DATABASE_URL is. */
      postgres?: { label: string; health: RouteInstructions; specialities: RouteInstructions };
    };

// Under valgrind V8 still optimises the hot path for many thousand requests, on background threads
// that callgrind counts too: a round that overlaps that work counts it, so the fewest of several
// rounds is the steady state, and anything else (a collection, a timer) only adds to a round.
const WARM_UP_REQUESTS = 15_000;
const ROUNDS = 4;

/** Exactly `count` GETs over 4 kept-alive connections. */
async function load(url: string, count: number, headers: Record<string, string> = {}): Promise<void> {
  const result = await autocannon({ url, headers, connections: 4, amount: count });
  if (result.errors + result.timeouts > 0) throw new Error(`${url}: ${result.errors} errors`);
}

type Counted = { server: ServerHandle; outDir: string; host: string | undefined };

/** Asks callgrind in the server's process to act; `host` must match the HOST the process saw. */
async function control(counted: Counted, command: '-z' | '-d'): Promise<void> {
  const env = { ...process.env };
  if (counted.host === undefined) delete env.HOST;
  else env.HOST = counted.host;
  await run('callgrind_control', [command, String(counted.server.pid)], { env });
}

function newestDump(outDir: string): string | undefined {
  const dumps = readdirSync(outDir).filter((name) => /^callgrind\.out\.\d+\.\d+$/.test(name));
  dumps.sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop()));
  const last = dumps.at(-1);
  return last && path.join(outDir, last);
}

async function measureRoute(
  counted: Counted,
  url: string,
  requests: number,
  headers: Record<string, string> = {},
): Promise<RouteInstructions> {
  await load(url, WARM_UP_REQUESTS, headers);
  const rounds: number[] = [];
  const literal: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const before = newestDump(counted.outDir);
    await control(counted, '-z');
    await load(url, requests, headers);
    await control(counted, '-d');
    let dump = newestDump(counted.outDir);
    for (let wait = 0; wait < 50 && dump === before; wait += 1) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      dump = newestDump(counted.outDir);
    }
    if (!dump || dump === before) throw new Error('callgrind wrote no dump');
    const totals = /^(?:summary|totals): (\d+)/m.exec(readFileSync(dump, 'utf8'));
    rounds.push(Math.round(Number(totals?.[1] ?? NaN) / requests));
    // The inclusive cost of the runtime function, from callgrind's own call graph.
    const { stdout } = await run('callgrind_annotate', ['--inclusive=yes', '--threshold=100', dump], {
      maxBuffer: 64 * 1024 * 1024,
    });
    const line = stdout.split('\n').find((text) => text.includes('Runtime_DefineKeyedOwnPropertyInLiteral'));
    literal.push(Math.round(Number(line?.trim().split(' ')[0]?.replaceAll(',', '') ?? 0) / requests));
    rmSync(dump);
  }
  const steady = rounds.indexOf(Math.min(...rounds));
  return {
    instructionsPerRequest: rounds[steady]!,
    rounds,
    nextTickLiteralPerRequest: literal[steady]!,
  };
}

/**
 * Instructions per request, counted by valgrind's callgrind in each server process: the bare
 * Fastify hello-world, the floor (bare Fastify sending the product's exact reply) and the product's
 * two routes. Unlike requests per second or CPU time, a count does not move with what else a shared
 * machine is doing, so a change of a few per cent shows. It still depends on the state a process
 * reached while starting (bench/measurements/hot-path/020-api-hot-path.md), which is why the share of one slow
 * path is reported too. Everything runs about 50 times slower under valgrind: the product takes
 * several minutes to start, so this benchmark runs only when named (`api-instructions`).
 */
export async function measureApiInstructions(
  requests = 2_000,
  postgres?: { databaseUrl: string; redisUrl?: string },
): Promise<ApiInstructions> {
  try {
    await run('valgrind', ['--version']);
  } catch {
    return { skipped: 'valgrind is not installed (apt-get install valgrind)' };
  }
  const outDir = mkdtempSync(path.join(tmpdir(), 'seguridad-callgrind-'));
  const launch = (name: string) => ({
    wrapper: [
      'valgrind',
      '--tool=callgrind',
      `--callgrind-out-file=${path.join(outDir, name, 'callgrind.out.%p')}`,
    ],
    startTimeoutMs: 30 * 60_000,
  });
  const servers: ServerHandle[] = [];
  try {
    for (const name of ['product', 'hello', 'parts', 'postgres']) mkdirSync(path.join(outDir, name));
    // Started as the API benchmark starts them, with the limiter's ceiling raised for one address;
    // both at once, since each takes minutes to start under valgrind.
    const [product, onPostgres] = await Promise.all([
      startProductServer({ RATE_LIMIT_MAX: '1000000000' }, launch('product')),
      postgres &&
        startProductServer(
          {
            RATE_LIMIT_MAX: '1000000000',
            DATABASE_URL: postgres.databaseUrl,
            ...(postgres.redisUrl ? { REDIS_URL: postgres.redisUrl } : {}),
          },
          launch('postgres'),
        ),
    ]);
    servers.push(product);
    if (onPostgres) servers.push(onPostgres);
    const specialitiesHeaders = { 'company-key': BENCH_COMPANY_KEY };
    const healthReply = await replyOf(`${product.url}/api/health`);
    const specialitiesReply = await replyOf(`${product.url}/api/company/specialities`, specialitiesHeaders);
    const withParts = await startFastifyWithParts(
      { '/api/health': healthReply, '/api/company/specialities': specialitiesReply },
      undefined,
      launch('parts'),
    );
    servers.push(withParts);
    const hello = await startHelloWorld(
      { '/floor/health': healthReply, '/floor/specialities': specialitiesReply },
      launch('hello'),
    );
    servers.push(hello);
    const productCounted = { server: product, outDir: path.join(outDir, 'product'), host: '127.0.0.1' };
    const helloCounted = { server: hello, outDir: path.join(outDir, 'hello'), host: process.env.HOST };
    const partsCounted = { server: withParts, outDir: path.join(outDir, 'parts'), host: process.env.HOST };
    const postgresCounted = onPostgres && {
      server: onPostgres,
      outDir: path.join(outDir, 'postgres'),
      host: '127.0.0.1',
    };
    const measuredRoutes = async (counted: Counted) => ({
      health: await measureRoute(counted, `${counted.server.url}/api/health`, requests),
      specialities: await measureRoute(
        counted,
        `${counted.server.url}/api/company/specialities`,
        requests,
        specialitiesHeaders,
      ),
    });
    return {
      requests,
      hello: await measureRoute(helloCounted, `${hello.url}/hello`, requests),
      floorHealth: await measureRoute(helloCounted, `${hello.url}/floor/health`, requests),
      floorSpecialities: await measureRoute(helloCounted, `${hello.url}/floor/specialities`, requests),
      ...(await measuredRoutes(partsCounted).then(({ health, specialities }) => ({
        healthWithParts: health,
        specialitiesWithParts: specialities,
      }))),
      ...(await measuredRoutes(productCounted)),
      ...(postgresCounted && {
        postgres: {
          label: postgres?.redisUrl ? 'postgres + redis' : 'postgres',
          ...(await measuredRoutes(postgresCounted)),
        },
      }),
    };
  } finally {
    for (const server of servers) await server.stop();
    rmSync(outDir, { recursive: true, force: true });
  }
}
