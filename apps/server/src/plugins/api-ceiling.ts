import type { Redis } from 'ioredis';

/** One address's count in the current window, and when that window ends (epoch ms). */
export type CeilingCount = { count: number; resetAt: number };

/**
 * Counts requests per address in fixed windows that start at an address's first request. The
 * count is answered in the same tick, so the hook that asks makes no promise.
 */
export interface CeilingCounter {
  hit(key: string): CeilingCount;
  close(): void;
}

/** A counter whose counts are also shared with other processes. */
export interface SharedCeilingCounter extends CeilingCounter {
  /** Adds this process's counts where they are shared now, and reads the others' (also on a timer). */
  sync(): Promise<void>;
}

/** Bounds the memory an address flood can take between two sweeps. */
const MEMORY_MAX_KEYS = 200_000;

function sweepEnded(counts: Map<string, CeilingCount>, now: number): void {
  for (const [key, entry] of counts) if (entry.resetAt <= now) counts.delete(key);
}

/** Counts one request of `key`, starting a new window (made by `fresh`) when its last one ended. */
function countHit<Count extends CeilingCount>(
  counts: Map<string, Count>,
  key: string,
  windowMs: number,
  fresh: (resetAt: number) => Count,
): Count {
  const now = Date.now();
  let entry = counts.get(key);
  if (!entry || entry.resetAt <= now) {
    if (!entry && counts.size >= MEMORY_MAX_KEYS) sweepEnded(counts, now);
    entry = fresh(now + windowMs);
    counts.set(key, entry);
  }
  entry.count += 1;
  return entry;
}

export function createMemoryCeilingCounter(windowMs: number): CeilingCounter {
  const counts = new Map<string, CeilingCount>();
  const timer = setInterval(() => sweepEnded(counts, Date.now()), windowMs);
  timer.unref();
  return {
    hit: (key) => countHit(counts, key, windowMs, (resetAt) => ({ count: 0, resetAt })),
    close() {
      clearInterval(timer);
      counts.clear();
    },
  };
}

// Adds a process's hits and sets the expiry of a new key in one step, so no key outlives its
// window if a process dies; answers the address's count across processes and the window's rest.
const ADD_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  ttl = tonumber(ARGV[2])
end
return {count, ttl}
`;

type SharedCount = CeilingCount & {
  /** Hits counted here and not yet added in Redis (nor on their way there). */
  pending: number;
};

/**
 * The same counts shared by every process behind the load balancer. Each process counts its own
 * hits at once, in memory, and adds them in Redis every `syncMs` in one pipeline, reading back
 * what the other processes added: a request costs no round trip to Redis (one per request took
 * over a third of the API's CPU), and an address spread over several processes is seen whole
 * within `syncMs` (bench/measurements/hot-path/022-shared-ceiling-sync.md). When Redis is away, each process
 * still holds the ceiling on what it sees itself.
 */
export function createRedisCeilingCounter(
  redis: Redis,
  windowMs: number,
  { prefix = 'rl:api:', syncMs = 1_000, onError = () => {} }: RedisCeilingOptions = {},
): SharedCeilingCounter {
  const counts = new Map<string, SharedCount>();
  const window = String(windowMs);
  let syncing = false;

  const sync = async () => {
    if (syncing) return;
    const now = Date.now();
    const batch: [string, SharedCount, number][] = [];
    // An entry whose window ended goes, with what it had yet to add: Redis's key ends with it.
    for (const [key, entry] of counts) {
      if (entry.resetAt <= now) counts.delete(key);
      else if (entry.pending > 0) batch.push([key, entry, entry.pending]);
    }
    if (batch.length === 0) return;
    syncing = true;
    const pipeline = redis.pipeline();
    for (const [key, entry, added] of batch) {
      entry.pending -= added;
      pipeline.eval(ADD_SCRIPT, 1, prefix + key, String(added), window);
    }
    try {
      const replies = (await pipeline.exec()) ?? [];
      const answeredAt = Date.now();
      let firstError: unknown;
      batch.forEach(([, entry, added], index) => {
        const [error, reply] = replies[index] ?? [new Error('no reply')];
        if (error) {
          entry.pending += added;
          firstError ??= error;
          return;
        }
        const [shared, ttl] = reply as [number, number];
        // Hits counted here while the pipeline was out are not in Redis's total yet.
        entry.count = shared + entry.pending;
        entry.resetAt = answeredAt + (ttl > 0 ? ttl : windowMs);
      });
      // Told once per sync, however many addresses it carried.
      if (firstError !== undefined) onError(firstError);
    } catch (error) {
      // Kept to add at the next sync; a window that ends first takes them with it.
      for (const [, entry, added] of batch) entry.pending += added;
      onError(error);
    } finally {
      syncing = false;
    }
  };
  const timer = setInterval(() => void sync(), syncMs);
  timer.unref();

  return {
    hit(key) {
      const entry = countHit(counts, key, windowMs, (resetAt) => ({ count: 0, resetAt, pending: 0 }));
      entry.pending += 1;
      return entry;
    },
    close() {
      clearInterval(timer);
    },
    sync,
  };
}

export type RedisCeilingOptions = {
  /** Where the keys live in Redis (tests give each run its own). */
  prefix?: string;
  /** How often this process adds its hits in Redis and reads the others'. */
  syncMs?: number;
  /** Told when Redis could not be reached; the hits are kept for the next sync. */
  onError?: (error: unknown) => void;
};
