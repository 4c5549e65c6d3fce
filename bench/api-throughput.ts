import autocannon from 'autocannon';

export type Throughput = { requestsPerSecond: number; p99Ms: number; errors: number; non2xx: number };

/** autocannon against one URL from this process; the server under test runs in its own process. */
export async function measureThroughput(
  url: string,
  headers: Record<string, string> = {},
  durationSeconds = 8,
): Promise<Throughput> {
  // A short warm-up lets V8 optimise the hot path before we count.
  await autocannon({ url, headers, connections: 10, duration: 2 });
  const result = await autocannon({
    url,
    headers,
    connections: 20,
    pipelining: 1,
    duration: durationSeconds,
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}
