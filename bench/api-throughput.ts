import autocannon from 'autocannon';
import { cpuTicks } from './lib/server-process';

export type Throughput = {
  requestsPerSecond: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** The server process's CPU time per request while counted, in µs (undefined off Linux). */
  serverCpuUsPerRequest?: number;
  /** Of that, the time in the kernel: accepting, reading and writing the sockets. */
  serverKernelUsPerRequest?: number;
};

/** Ticks of 10 ms spread over `requests`, in µs to one decimal. */
const usPerRequest = (ticks: number, requests: number) => Math.round((ticks * 10_000 * 10) / requests) / 10;

/**
 * autocannon against one URL from this process; the server under test runs in its own process,
 * whose CPU time is read before and after when its `pid` is given.
 */
export async function measureThroughput(
  url: string,
  headers: Record<string, string> = {},
  durationSeconds = 8,
  pid?: number,
  warmUpSeconds = 2,
): Promise<Throughput> {
  // A short warm-up lets V8 optimise the hot path before we count.
  if (warmUpSeconds > 0) await autocannon({ url, headers, connections: 10, duration: warmUpSeconds });
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
      ? {
          serverCpuUsPerRequest: usPerRequest(
            ticksAfter.user + ticksAfter.system - ticksBefore.user - ticksBefore.system,
            served,
          ),
          serverKernelUsPerRequest: usPerRequest(ticksAfter.system - ticksBefore.system, served),
        }
      : {}),
  };
}
