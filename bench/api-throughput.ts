import autocannon from 'autocannon';
import { cpuTicks } from './lib/server-process';

export type Throughput = {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** The server process's CPU time per request while counted, in µs (undefined off Linux). */
  serverCpuUsPerRequest?: number;
};

/**
 * autocannon against one URL from this process; the server under test runs in its own process,
 * whose CPU time is read before and after when its `pid` is given.
 */
export async function measureThroughput(
  url: string,
  headers: Record<string, string> = {},
  durationSeconds = 8,
  pid?: number,
): Promise<Throughput> {
  // A short warm-up lets V8 optimise the hot path before we count.
  await autocannon({ url, headers, connections: 10, duration: 2 });
  const ticksBefore = pid === undefined ? undefined : cpuTicks(pid);
  const result = await autocannon({
    url,
    headers,
    connections: 20,
    pipelining: 1,
    duration: durationSeconds,
  });
  const ticksAfter = pid === undefined ? undefined : cpuTicks(pid);
  const served = result.requests.total;
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    ...(ticksBefore !== undefined && ticksAfter !== undefined && served > 0
      ? { serverCpuUsPerRequest: Math.round(((ticksAfter - ticksBefore) * 10_000 * 10) / served) / 10 }
      : {}),
  };
}
