import { io, type Socket } from 'socket.io-client';
import { BENCH_COMPANY_KEY, startProductServer } from './lib/server-process';

export type SignalingFigures = {
  rooms: number;
  sockets: number;
  roomsHeld: number;
  setupSeconds: number;
  relayed: number;
  lost: number;
  relayP50Ms: number;
  relayP99Ms: number;
  relayMaxMs: number;
  messagesPerSecond: number;
};

const OPERATOR = { email: 'operador@example.com', password: 'operador-bench-2026' };
const CANDIDATE = 'candidate:842163049 1 udp 1677729535 192.0.2.10 50000 typ srflx raddr 0.0.0.0 rport 0';

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function json<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Runs `task` over `items` with at most `width` in flight. */
async function inBatches<T, R>(items: T[], width: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await task(items[index]!);
      }
    }),
  );
  return results;
}

function connect(url: string, auth?: { token: string }): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], reconnection: false, auth, timeout: 60_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function join(socket: Socket, payload: Record<string, unknown>): Promise<boolean> {
  return new Promise((resolve) => {
    socket
      .timeout(60_000)
      .emit('join', payload, (error: unknown, ack: { ok?: boolean } | undefined) =>
        resolve(!error && ack?.ok === true),
      );
  });
}

/**
 * Signaling capacity on one server process: `rooms` calls are created and accepted over HTTP, then
 * a caller and an operator socket join each room (2 × rooms sockets held open at once). Callers then
 * send ICE candidates to their operators at `rate` messages per second across random rooms; each
 * relay's latency is its arrival time at the operator's socket minus its send time.
 */
export async function measureSignaling(rooms = 5_000, rate = 1_000, seconds = 10): Promise<SignalingFigures> {
  const server = await startProductServer({
    // Demo seed: it creates the operator account this benchmark signs in with.
    DEMO_MODE: '1',
    SEED_OPERATOR_PASSWORD: OPERATOR.password,
    RATE_LIMIT_MAX: '1000000000',
    VIDEO_CALLS_MAX: '1000000000',
  });
  const sockets: Socket[] = [];
  const started = Date.now();
  try {
    const { access_token: token } = await json<{ access_token: string }>(`${server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(OPERATOR),
    });
    // One console open makes the company "online", so calls can be created.
    sockets.push(await connect(server.url, { token }));

    const calls = await inBatches([...Array(rooms).keys()], 16, async () => {
      const { data } = await json<{ data: { id: number; room: string; token: string } }>(
        `${server.url}/api/calls/videoCall`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'company-key': BENCH_COMPANY_KEY },
          body: JSON.stringify({ speciality: 0, from: 'bench' }),
        },
      );
      await json(`${server.url}/api/v1/operator/calls/${data.id}/accept`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      return data;
    });

    const pairs = await inBatches(calls, 100, async (call) => {
      const caller = await connect(server.url);
      const operator = await connect(server.url, { token });
      sockets.push(caller, operator);
      const callerIn = await join(caller, {
        roomName: call.room,
        videoCallID: call.id,
        callToken: call.token,
        userName: 'Bench',
      });
      const operatorIn = await join(operator, { roomName: call.room, videoCallID: call.id });
      return { call, caller, operator, held: callerIn && operatorIn };
    });
    const held = pairs.filter((pair) => pair.held);
    const setupSeconds = (Date.now() - started) / 1000;

    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    for (const pair of held) {
      pair.operator.on('message', (message: { id?: string; candidate?: { usernameFragment?: string } }) => {
        const key = message.id === 'iceCandidate' ? message.candidate?.usernameFragment : undefined;
        const at = key === undefined ? undefined : sentAt.get(key);
        if (at === undefined || key === undefined) return;
        latencies.push(performance.now() - at);
        sentAt.delete(key);
      });
    }

    const total = rate * seconds;
    const tick = 10;
    const perTick = Math.max(1, Math.round((rate * tick) / 1000));
    let sent = 0;
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        for (let i = 0; i < perTick && sent < total; i += 1, sent += 1) {
          const pair = held[Math.floor(Math.random() * held.length)]!;
          const key = `m${sent}`;
          sentAt.set(key, performance.now());
          pair.caller.emit('message', {
            id: 'onIceCandidate',
            roomName: pair.call.room,
            candidate: { candidate: CANDIDATE, sdpMid: '0', sdpMLineIndex: 0, usernameFragment: key },
          });
        }
        if (sent >= total) {
          clearInterval(timer);
          resolve();
        }
      }, tick);
    });
    const deadline = Date.now() + 5_000;
    while (sentAt.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));

    const sorted = [...latencies].sort((a, b) => a - b);
    const round = (value: number) => Math.round(value * 100) / 100;
    return {
      rooms,
      sockets: held.length * 2,
      roomsHeld: held.length,
      setupSeconds: round(setupSeconds),
      relayed: latencies.length,
      lost: sentAt.size,
      relayP50Ms: round(percentile(sorted, 50)),
      relayP99Ms: round(percentile(sorted, 99)),
      relayMaxMs: round(sorted[sorted.length - 1] ?? NaN),
      messagesPerSecond: rate,
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await server.stop();
  }
}
