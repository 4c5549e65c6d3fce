import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Socket } from 'socket.io-client';
import { BENCH_OPERATOR, connect, inBatches, json, percentile, round2 } from './lib/call-clients';
import { BENCH_COMPANY_KEY, type ServerHandle } from './lib/server-process';
import { withTwoProcesses } from './lib/two-processes';

/** The target: a change reaches every open live view within 1 s at the 95th percentile. */
export const SUPERVISION_TARGET_P95_MS = 1000;

type Snapshot = {
  waiting: { id: number }[];
  waiting_count: number;
  operators: { user_id: number; state: string }[];
  in_progress: { id: number }[];
};

type ChangeKind = 'queued' | 'answered' | 'paused';

export type SupervisionLatencyFigures =
  | { skipped: string }
  | {
      operatorsOnline: number;
      callsWaiting: number;
      liveViews: number;
      changes: Record<ChangeKind, number>;
      /** One sample per change and open view: the change's request sent → that view holds a snapshot showing it. */
      samples: number;
      missed: number;
      p50Ms: number;
      p95Ms: number;
      maxMs: number;
      byKind: Record<ChangeKind, { p50Ms: number; p95Ms: number }>;
      targetP95Ms: number;
    };

/**
 * A supervisor's open Supervisión tab, as the console runs it: on `supervision:changed` it fetches
 * the snapshot from its own process (one fetch at a time; a signal during a fetch fetches again).
 */
function liveView(server: ServerHandle, token: string, socket: Socket) {
  let latest: Snapshot | null = null;
  let fetching = false;
  let again = false;
  const watchers = new Set<() => void>();
  async function refetch() {
    if (fetching) {
      again = true;
      return;
    }
    fetching = true;
    try {
      do {
        again = false;
        latest = await json<Snapshot>(`${server.url}/api/v1/operator/supervision`, {
          headers: { authorization: `Bearer ${token}` },
        });
        for (const watcher of [...watchers]) watcher();
      } while (again);
    } finally {
      fetching = false;
    }
  }
  socket.on('supervision:changed', () => void refetch());
  return {
    refetch,
    get latest() {
      return latest;
    },
    /** Resolves with the time when a snapshot satisfying `shows` arrived, or NaN after `ms`. */
    until(shows: (snapshot: Snapshot) => boolean, ms = 5_000): Promise<number> {
      return new Promise((resolve) => {
        const check = () => {
          if (!latest || !shows(latest)) return false;
          watchers.delete(check);
          clearTimeout(timer);
          resolve(performance.now());
          return true;
        };
        const timer = setTimeout(() => {
          watchers.delete(check);
          resolve(NaN);
        }, ms);
        watchers.add(check);
      });
    },
  };
}

/** `count` staff of the seeded company with sessions, written straight to the database. */
async function addStaff(databaseUrl: string, count: number, role: 'operator' | 'supervisor', tag: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: seeded } = await client.query<{ company_id: number; password_hash: string }>(
      `select m.company_id, u.password_hash from users u join company_members m on m.user_id = u.id
       where lower(u.email) = lower($1)`,
      [BENCH_OPERATOR.email],
    );
    const { company_id: companyId, password_hash: passwordHash } = seeded[0]!;
    const staff: { userId: number; token: string }[] = [];
    for (let index = 0; index < count; index += 1) {
      const { rows } = await client.query<{ id: number }>(
        `insert into users (name, lastname, email, password_hash, email_verified_at)
         values ($1, $2, $3, $4, now()) returning id`,
        [`Bench${tag}`, String(index), `bench-${tag}-${index}@example.com`, passwordHash],
      );
      const userId = rows[0]!.id;
      await client.query(`insert into company_members (company_id, user_id, role) values ($1, $2, $3)`, [
        companyId,
        userId,
        role,
      ]);
      const token = randomBytes(32).toString('base64url');
      await client.query(`insert into sessions (user_id, token_hash) values ($1, $2)`, [
        userId,
        createHash('sha256').update(token).digest('hex'),
      ]);
      staff.push({ userId, token });
    }
    return staff;
  } finally {
    await client.end();
  }
}

const newCall = (server: ServerHandle) =>
  json<{ data: { id: number } }>(`${server.url}/api/calls/videoCall`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'company-key': BENCH_COMPANY_KEY },
    body: JSON.stringify({ from: 'bench' }),
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Supervisión tab's latency (decision 046) on two server processes sharing PostgreSQL and
 * Redis: 300 operators online (console sockets on both), 200 calls waiting, supervisors' live views
 * open on both processes. Each change — a call queued, a call answered, an operator pausing, made
 * on either process — is timed from its request to the moment every open view holds a snapshot
 * that shows it. Needs DATABASE_URL and REDIS_URL.
 */
export async function measureSupervisionLatency(
  operators = 300,
  waitingCalls = 200,
  views = 4,
  changesPerKind = 20,
): Promise<SupervisionLatencyFigures> {
  return withTwoProcesses(async ({ first, second, databaseUrl: sharedDatabase }) => {
    const servers = [first, second];
    const sockets: Socket[] = [];
    try {
      const staff = await addStaff(sharedDatabase, operators, 'operator', 'op');
      const supervisors = await addStaff(sharedDatabase, views, 'supervisor', 'sup');
      await inBatches(staff, 20, async (member) => {
        sockets.push(await connect(servers[member.userId % 2]!.url, { token: member.token }));
      });
      const waiting: number[] = [];
      await inBatches([...Array(waitingCalls).keys()], 8, async (index) => {
        waiting.push((await newCall(servers[index % 2]!)).data.id);
      });
      const open = await Promise.all(
        supervisors.map(async (supervisor, index) => {
          const server = servers[index % 2]!;
          const socket = await connect(server.url, { token: supervisor.token });
          sockets.push(socket);
          return liveView(server, supervisor.token, socket);
        }),
      );
      // Every first offer runs out (10 s) so any operator may answer, and the start-up settles.
      await sleep(12_000);
      await Promise.all(open.map((view) => view.refetch()));

      const samples: Record<ChangeKind, number[]> = { queued: [], answered: [], paused: [] };
      let missed = 0;
      const kinds: ChangeKind[] = ['queued', 'answered', 'paused'];
      for (let round = 0; round < changesPerKind; round += 1) {
        for (const kind of kinds) {
          const server = servers[(round + kinds.indexOf(kind)) % 2]!;
          const member = staff[round * kinds.length + kinds.indexOf(kind)]!;
          let shows: (snapshot: Snapshot) => boolean;
          let act: () => Promise<unknown>;
          if (kind === 'queued') {
            const known = Math.max(0, ...open[0]!.latest!.waiting.map((call) => call.id));
            shows = (snapshot) => snapshot.waiting.some((call) => call.id > known);
            act = () => newCall(server);
          } else if (kind === 'answered') {
            const callId = waiting.shift()!;
            shows = (snapshot) => snapshot.in_progress.some((call) => call.id === callId);
            act = () =>
              json(`${server.url}/api/v1/operator/calls/${callId}/accept`, {
                method: 'POST',
                headers: { authorization: `Bearer ${member.token}` },
              });
          } else {
            shows = (snapshot) =>
              snapshot.operators.some((who) => who.user_id === member.userId && who.state === 'paused');
            act = () =>
              json(`${server.url}/api/v1/operator/availability`, {
                method: 'PUT',
                headers: { authorization: `Bearer ${member.token}`, 'content-type': 'application/json' },
                body: JSON.stringify({ state: 'paused', reason: 'administrativo' }),
              });
          }
          const seen = open.map((view) => view.until(shows));
          const started = performance.now();
          await act();
          for (const at of await Promise.all(seen)) {
            if (Number.isNaN(at)) missed += 1;
            else samples[kind].push(at - started);
          }
          // Past one coalescing window, so each change is measured on its own.
          await sleep(300);
        }
      }
      const all = [...samples.queued, ...samples.answered, ...samples.paused].sort((a, b) => a - b);
      const figuresOf = (values: number[]) => {
        const sorted = [...values].sort((a, b) => a - b);
        return { p50Ms: round2(percentile(sorted, 50)), p95Ms: round2(percentile(sorted, 95)) };
      };
      return {
        operatorsOnline: operators,
        callsWaiting: waitingCalls,
        liveViews: views,
        changes: { queued: changesPerKind, answered: changesPerKind, paused: changesPerKind },
        samples: all.length,
        missed,
        ...figuresOf(all),
        maxMs: round2(all.at(-1) ?? NaN),
        byKind: {
          queued: figuresOf(samples.queued),
          answered: figuresOf(samples.answered),
          paused: figuresOf(samples.paused),
        },
        targetP95Ms: SUPERVISION_TARGET_P95_MS,
      };
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });
}
