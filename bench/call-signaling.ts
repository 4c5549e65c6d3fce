import type { Socket } from 'socket.io-client';
import {
  CALL_BENCH_ENV,
  connect,
  createAcceptedCall,
  inBatches,
  joinPair,
  measureRelay,
  median,
  round2,
  signInOperator,
  type RelayFigures,
} from './lib/call-clients';
import { startProductServer } from './lib/server-process';

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
  /** Each relay run over the same rooms; the figures above are their medians. */
  runs: RelayFigures[];
};

/**
 * Signaling capacity on one server process: `rooms` calls are created and accepted over HTTP, then
 * a caller and an operator socket join each room (2 × rooms sockets held open at once). Then, `runs`
 * times over the same rooms, callers send ICE candidates to their operators at `rate` messages per
 * second for `seconds`; the figures are the medians of the runs (one run's p99 swings with whatever
 * else the machine does at that moment).
 */
export async function measureSignaling(
  rooms = 5_000,
  rate = 1_000,
  seconds = 10,
  runs = 3,
): Promise<SignalingFigures> {
  const server = await startProductServer(CALL_BENCH_ENV);
  const sockets: Socket[] = [];
  const started = Date.now();
  try {
    const token = await signInOperator(server.url);
    // One console open makes the company "online", so calls can be created.
    sockets.push(await connect(server.url, { token }));

    const calls = await inBatches([...Array(rooms).keys()], 16, () =>
      createAcceptedCall(server.url, server.url, token),
    );
    const pairs = await inBatches(calls, 100, async (call) => {
      const pair = await joinPair(call, server.url, server.url, token);
      sockets.push(pair.caller, pair.operator);
      return pair;
    });
    const held = pairs.filter((pair) => pair.held);
    const setupSeconds = (Date.now() - started) / 1000;

    const results: RelayFigures[] = [];
    for (let run = 0; run < runs; run += 1) results.push(await measureRelay(held, rate, seconds));
    const mid = (key: keyof RelayFigures) => round2(median(results.map((result) => result[key])));
    return {
      rooms,
      sockets: held.length * 2,
      roomsHeld: held.length,
      setupSeconds: round2(setupSeconds),
      relayed: mid('relayed'),
      lost: mid('lost'),
      relayP50Ms: mid('relayP50Ms'),
      relayP99Ms: mid('relayP99Ms'),
      relayMaxMs: mid('relayMaxMs'),
      messagesPerSecond: rate,
      runs: results,
    };
  } finally {
    for (const socket of sockets) socket.disconnect();
    await server.stop();
  }
}
