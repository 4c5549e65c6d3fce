// `npm run bench:mixed -w @seguridad/bench [-- rounds]`: what a person waits for, on one server
// process, under a mixed load: citizens loading pages and opening the widget, and calls being set
// up and chatted in. Run once per way of starting the process (runtime variants below), in
// interleaved rounds, so that a mechanism of src/runtime/ stays only while it shows here.
import { writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { callSocketEvents } from '@seguridad/contracts/realtime/call';
import {
  CALL_BENCH_ENV,
  connect,
  createAcceptedCall,
  join,
  median,
  percentile,
  round2,
  signInOperator,
} from './lib/call-clients';
import {
  BENCH_COMPANY_KEY,
  cpuTicks,
  repoRoot,
  startProductServer,
  type ServerHandle,
} from './lib/server-process';

/** How the server process is started: its node flags. */
type Variant = { name: string; nodeArgs: string[] };

export const RUNTIME_VARIANTS: Variant[] = [
  { name: 'as shipped (flag)', nodeArgs: ['--no-allocation-site-pretenuring'] },
  { name: 'no flag', nodeArgs: [] },
];

export type MixedFigures = {
  variant: string;
  seconds: number;
  /** Server CPU time (user + system) for the whole workload, in ms. */
  serverCpuMs: number;
  calls: number;
  callSetupP50Ms: number;
  callSetupP99Ms: number;
  chatMessages: number;
  chatAckP50Ms: number;
  chatAckP99Ms: number;
  pageLoads: number;
  pageLoadP50Ms: number;
  pageLoadP99Ms: number;
};

const CALLS = 120;
const CALL_CONCURRENCY = 6;
const CHAT_PER_CALL = 10;
const PAGE_LOADS = 1_500;
const PAGE_CONCURRENCY = 6;

async function timed(samples: number[], work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  samples.push(performance.now() - started);
}

async function get(url: string, headers: Record<string, string> = {}): Promise<void> {
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
}

/** A citizen: the landing page, then the widget opened (its page, the company's specialities). */
async function pageLoad(server: string): Promise<void> {
  await get(`${server}/`);
  await get(`${server}/widget`);
  await get(`${server}/api/company/specialities`, { 'company-key': BENCH_COMPANY_KEY });
}

function sendChat(
  socket: Awaited<ReturnType<typeof connect>>,
  roomName: string,
  index: number,
): Promise<void> {
  return new Promise((resolve, reject) => {
    socket
      .timeout(30_000)
      .emit(
        callSocketEvents.chatSend,
        { roomName, clientId: `bench-${roomName.slice(0, 8)}-${index}`, message: `Mensaje ${index}` },
        (error: unknown, ack: { ok?: boolean } | undefined) =>
          error || !ack?.ok ? reject(new Error('chat refused')) : resolve(),
      );
  });
}

/** A call: created and accepted over HTTP, both sides join, ten chat messages, both leave. */
async function callSession(server: string, token: string, setup: number[], chat: number[]): Promise<void> {
  const started = performance.now();
  const call = await createAcceptedCall(server, server, token);
  const caller = await connect(server);
  const operator = await connect(server, { token });
  try {
    const joined =
      (await join(caller, {
        roomName: call.room,
        videoCallID: call.id,
        callToken: call.token,
        userName: 'Bench',
      })) && (await join(operator, { roomName: call.room, videoCallID: call.id }));
    if (!joined) throw new Error('join refused');
    setup.push(performance.now() - started);
    for (let index = 0; index < CHAT_PER_CALL; index += 1) {
      await timed(chat, () => sendChat(index % 2 === 0 ? caller : operator, call.room, index));
    }
  } finally {
    caller.disconnect();
    operator.disconnect();
  }
}

async function pool(
  count: number,
  concurrency: number,
  work: (index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

export async function measureMixed(variant: Variant): Promise<MixedFigures> {
  const server: ServerHandle = await startProductServer(CALL_BENCH_ENV, {
    nodeArgs: variant.nodeArgs,
  });
  try {
    const token = await signInOperator(server.url);
    // A console open makes the company "online", so calls can be created.
    const console_ = await connect(server.url, { token });
    // Warm-up: the first page and call pay for loading code.
    await pageLoad(server.url);
    await callSession(server.url, token, [], []);

    const setup: number[] = [];
    const chat: number[] = [];
    const pages: number[] = [];
    const before = cpuTicks(server.pid);
    const started = performance.now();
    await Promise.all([
      pool(CALLS, CALL_CONCURRENCY, () => callSession(server.url, token, setup, chat)),
      pool(PAGE_LOADS, PAGE_CONCURRENCY, () => timed(pages, () => pageLoad(server.url))),
    ]);
    const seconds = (performance.now() - started) / 1000;
    const after = cpuTicks(server.pid);
    console_.disconnect();
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    return {
      variant: variant.name,
      seconds: round2(seconds),
      serverCpuMs: before && after ? (after.user + after.system - before.user - before.system) * 10 : NaN,
      calls: setup.length,
      callSetupP50Ms: round2(percentile(sorted(setup), 50)),
      callSetupP99Ms: round2(percentile(sorted(setup), 99)),
      chatMessages: chat.length,
      chatAckP50Ms: round2(percentile(sorted(chat), 50)),
      chatAckP99Ms: round2(percentile(sorted(chat), 99)),
      pageLoads: pages.length,
      pageLoadP50Ms: round2(percentile(sorted(pages), 50)),
      pageLoadP99Ms: round2(percentile(sorted(pages), 99)),
    };
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rounds = Number(process.argv[2] ?? 3);
  const all: MixedFigures[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const variant of RUNTIME_VARIANTS) {
      const figures = await measureMixed(variant);
      console.log(JSON.stringify(figures));
      all.push(figures);
    }
  }
  const summary = RUNTIME_VARIANTS.map((variant) => {
    const mine = all.filter((figures) => figures.variant === variant.name);
    const med = (key: keyof MixedFigures) => median(mine.map((figures) => figures[key] as number));
    return {
      variant: variant.name,
      serverCpuMs: med('serverCpuMs'),
      seconds: med('seconds'),
      callSetupP50Ms: med('callSetupP50Ms'),
      callSetupP99Ms: med('callSetupP99Ms'),
      chatAckP50Ms: med('chatAckP50Ms'),
      chatAckP99Ms: med('chatAckP99Ms'),
      pageLoadP50Ms: med('pageLoadP50Ms'),
      pageLoadP99Ms: med('pageLoadP99Ms'),
    };
  });
  console.table(summary);
  const out = path.join(repoRoot, 'bench/results');
  mkdirSync(out, { recursive: true });
  writeFileSync(path.join(out, 'mixed-workload.json'), JSON.stringify({ rounds: all, summary }, null, 2));
}
