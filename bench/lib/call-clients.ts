import { io, type Socket } from 'socket.io-client';
import { BENCH_COMPANY_KEY } from './server-process';

/** The operator account the demo seed creates with `SEED_OPERATOR_PASSWORD`. */
export const BENCH_OPERATOR = { email: 'operador@example.com', password: 'operador-bench-2026' };

/**
 * A server started for call benchmarks: the demo seed (operator account) and no limits in the way.
 * Not `production`: a production start seeds no company (decision 056), so there would be no
 * centre to call; `npm start` runs the same way.
 */
export const CALL_BENCH_ENV = {
  NODE_ENV: 'development',
  DEMO_MODE: '1',
  SEED_OPERATOR_PASSWORD: BENCH_OPERATOR.password,
  RATE_LIMIT_MAX: '1000000000',
  VIDEO_CALLS_MAX: '1000000000',
  CALL_LINKS_PER_OPERATOR_MAX: '1000000',
};

export const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export const round2 = (value: number) => Math.round(value * 100) / 100;

export async function json<T>(url: string, init: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${url} → ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Runs `task` over `items` with at most `width` in flight. */
export async function inBatches<T, R>(
  items: T[],
  width: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
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

export function connect(url: string, auth?: { token: string }): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], reconnection: false, auth, timeout: 60_000 });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export function join(socket: Socket, payload: Record<string, unknown>): Promise<boolean> {
  return new Promise((resolve) => {
    socket
      .timeout(60_000)
      .emit('join', payload, (error: unknown, ack: { ok?: boolean } | undefined) =>
        resolve(!error && ack?.ok === true),
      );
  });
}

export async function signInOperator(serverUrl: string): Promise<string> {
  const { access_token: token } = await json<{ access_token: string }>(`${serverUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_OPERATOR),
  });
  return token;
}

export type CreatedCall = { id: number; room: string; token: string };

/** A citizen's call through the widget's route on `callerServer`, accepted by the operator on `operatorServer`. */
export async function createAcceptedCall(
  callerServer: string,
  operatorServer: string,
  operatorToken: string,
): Promise<CreatedCall> {
  const { data } = await json<{ data: CreatedCall }>(`${callerServer}/api/calls/videoCall`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'company-key': BENCH_COMPANY_KEY },
    body: JSON.stringify({ speciality: 0, from: 'bench' }),
  });
  await json(`${operatorServer}/api/v1/operator/calls/${data.id}/accept`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  return data;
}

export type HeldPair = { call: CreatedCall; caller: Socket; operator: Socket; held: boolean };

/** The caller's socket joins on `callerServer`, the operator's on `operatorServer`. */
export async function joinPair(
  call: CreatedCall,
  callerServer: string,
  operatorServer: string,
  operatorToken: string,
): Promise<HeldPair> {
  const caller = await connect(callerServer);
  const operator = await connect(operatorServer, { token: operatorToken });
  const callerIn = await join(caller, {
    roomName: call.room,
    videoCallID: call.id,
    callToken: call.token,
    userName: 'Bench',
  });
  const operatorIn = await join(operator, { roomName: call.room, videoCallID: call.id });
  return { call, caller, operator, held: callerIn && operatorIn };
}

const CANDIDATE = 'candidate:842163049 1 udp 1677729535 192.0.2.10 50000 typ srflx raddr 0.0.0.0 rport 0';

export type RelayFigures = {
  relayed: number;
  lost: number;
  relayP50Ms: number;
  relayP99Ms: number;
  relayMaxMs: number;
  messagesPerSecond: number;
};

/**
 * Callers send ICE candidates to their operators at `rate` messages per second across random
 * rooms; each relay's latency is its arrival at the operator's socket minus its send time.
 */
export async function measureRelay(held: HeldPair[], rate: number, seconds: number): Promise<RelayFigures> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  const listener = (message: { id?: string; candidate?: { usernameFragment?: string } }) => {
    const key = message.id === 'iceCandidate' ? message.candidate?.usernameFragment : undefined;
    const at = key === undefined ? undefined : sentAt.get(key);
    if (at === undefined || key === undefined) return;
    latencies.push(performance.now() - at);
    sentAt.delete(key);
  };
  for (const pair of held) pair.operator.on('message', listener);

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
  for (const pair of held) pair.operator.off('message', listener);

  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    relayed: latencies.length,
    lost: sentAt.size,
    relayP50Ms: round2(percentile(sorted, 50)),
    relayP99Ms: round2(percentile(sorted, 99)),
    relayMaxMs: round2(sorted[sorted.length - 1] ?? NaN),
    messagesPerSecond: rate,
  };
}
