import type { Socket } from 'socket.io-client';
import {
  connect,
  createAcceptedCall,
  inBatches,
  joinPair,
  measureRelay,
  percentile,
  round2,
  signInOperator,
  type HeldPair,
  type RelayFigures,
} from './lib/call-clients';
import { type ServerHandle } from './lib/server-process';
import { withTwoProcesses } from './lib/two-processes';

export type SetupFigures = {
  calls: number;
  completed: number;
  seconds: number;
  callsPerSecond: number;
  setupP50Ms: number;
  setupP99Ms: number;
};

export type ScaleOutFigures =
  | { skipped: string }
  | {
      /** Both sides of every call on one process (PostgreSQL and Redis still in the path). */
      oneProcess: { setup: SetupFigures; relay: RelayFigures };
      /** Callers on process A, operators on process B: every call crosses Redis. */
      twoProcesses: { setup: SetupFigures; relay: RelayFigures };
      /** Calls set up per second with two processes over one. */
      setupGain: number;
      roomsHeld: number;
    };

/**
 * One call set up end to end: the citizen's `POST /api/calls/videoCall` on the caller's process,
 * the operator's accept on the operator's process, both sockets joined to the room, and the
 * operator's offer (`start`) received by the caller. Returns the pair, still joined.
 */
async function setUpCall(caller: ServerHandle, operator: ServerHandle, token: string) {
  const started = performance.now();
  const call = await createAcceptedCall(caller.url, operator.url, token);
  const pair = await joinPair(call, caller.url, operator.url, token);
  if (!pair.held) return { pair, ms: NaN };
  const offered = new Promise<void>((resolve) => {
    const onMessage = (message: { id?: string }) => {
      if (message.id !== 'start') return;
      pair.caller.off('message', onMessage);
      resolve();
    };
    pair.caller.on('message', onMessage);
  });
  pair.operator.emit('message', { id: 'start', roomName: call.room, sdpOffer: `v=0 bench offer ${call.id}` });
  await offered;
  return { pair, ms: performance.now() - started };
}

async function measureSetup(
  caller: ServerHandle,
  operator: ServerHandle,
  token: string,
  calls: number,
  concurrency: number,
  sockets: Socket[],
): Promise<{ setup: SetupFigures; held: HeldPair[] }> {
  const started = performance.now();
  const results = await inBatches([...Array(calls).keys()], concurrency, async () => {
    const result = await setUpCall(caller, operator, token);
    sockets.push(result.pair.caller, result.pair.operator);
    return result;
  });
  const seconds = (performance.now() - started) / 1000;
  const times = results.map((result) => result.ms).filter(Number.isFinite);
  const sorted = [...times].sort((a, b) => a - b);
  return {
    setup: {
      calls,
      completed: times.length,
      seconds: round2(seconds),
      callsPerSecond: round2(times.length / seconds),
      setupP50Ms: round2(percentile(sorted, 50)),
      setupP99Ms: round2(percentile(sorted, 99)),
    },
    held: results.filter((result) => result.pair.held).map((result) => result.pair),
  };
}

/**
 * Two server processes sharing one PostgreSQL database (fresh, dropped afterwards) and Redis, as a
 * deployment behind a load balancer runs them. Measures, with Socket.IO clients (no browser):
 * calls set up per second with both sides on one process, then with the caller on process A and
 * the operator on process B; and the signaling relay at `rate` msg/s over the rooms each phase
 * holds. Needs DATABASE_URL and REDIS_URL; without them it says so and measures nothing.
 */
export async function measureScaleOut(
  calls = 400,
  concurrency = 16,
  rate = 500,
  seconds = 10,
): Promise<ScaleOutFigures> {
  return withTwoProcesses(async ({ first, second }) => {
    const sockets: Socket[] = [];
    try {
      const token = await signInOperator(second.url);
      // The operator's console, open on process B, makes the company "online" on both.
      sockets.push(await connect(second.url, { token }));

      const single = await measureSetup(first, first, token, calls, concurrency, sockets);
      const singleRelay = await measureRelay(single.held, rate, seconds);
      for (const pair of single.held) {
        pair.caller.disconnect();
        pair.operator.disconnect();
      }
      const cross = await measureSetup(first, second, token, calls, concurrency, sockets);
      const crossRelay = await measureRelay(cross.held, rate, seconds);
      return {
        oneProcess: { setup: single.setup, relay: singleRelay },
        twoProcesses: { setup: cross.setup, relay: crossRelay },
        setupGain: round2(cross.setup.callsPerSecond / single.setup.callsPerSecond),
        roomsHeld: cross.held.length,
      };
    } finally {
      for (const socket of sockets) socket.disconnect();
    }
  });
}
