import type { Redis } from 'ioredis';

/** One address's count in the current window, and when that window ends (epoch ms). */
export type CeilingCount = { count: number; resetAt: number };

/**
 * Counts requests per address in fixed windows that start at an address's first request. In
 * memory the count is answered in the same tick, so the hook that asks makes no promise.
 */
export interface CeilingCounter {
  hit(key: string): CeilingCount | Promise<CeilingCount>;
  close(): void;
}

/** Bounds the memory an address flood can take between two sweeps. */
const MEMORY_MAX_KEYS = 200_000;

export function createMemoryCeilingCounter(windowMs: number): CeilingCounter {
  const counts = new Map<string, CeilingCount>();
  const sweep = (now: number) => {
    for (const [key, entry] of counts) if (entry.resetAt <= now) counts.delete(key);
  };
  const timer = setInterval(() => sweep(Date.now()), windowMs);
  timer.unref();
  return {
    hit(key) {
      const now = Date.now();
      let entry = counts.get(key);
      if (!entry || entry.resetAt <= now) {
        if (!entry && counts.size >= MEMORY_MAX_KEYS) sweep(now);
        entry = { count: 0, resetAt: now + windowMs };
        counts.set(key, entry);
      }
      entry.count += 1;
      return entry;
    },
    close() {
      clearInterval(timer);
      counts.clear();
    },
  };
}

// INCR and the expiry of a new key in one step, so no key outlives its window if a process dies.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}
`;

/** The same counts in Redis, shared by every process behind the load balancer. */
export function createRedisCeilingCounter(
  redis: Redis,
  windowMs: number,
  prefix = 'rl:api:',
): CeilingCounter {
  const window = String(windowMs);
  return {
    async hit(key) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, window)) as [number, number];
      return { count, resetAt: Date.now() + (ttl > 0 ? ttl : windowMs) };
    },
    close() {},
  };
}

/**
 * The key an address counts under: an IPv4 address as it is (also when IPv4-mapped), an IPv6
 * address by its /56 prefix, since one subscriber commonly holds a whole /56 or /64 and could
 * otherwise rotate through addresses.
 */
export function ceilingKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const address = ip.toLowerCase().split('%')[0]!;
  const mapped = /^(?:0{0,4}:){0,5}ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address.replace(/^::/, '0:'));
  if (mapped) return mapped[1]!;
  const groups = expandIpv6(address);
  if (!groups) return address;
  const prefix = [groups[0]!, groups[1]!, groups[2]!, groups[3]! & 0xff00];
  return `${prefix.map((group) => group.toString(16)).join(':')}::/56`;
}

function expandIpv6(address: string): number[] | undefined {
  const parseGroups = (part: string): number[] | undefined => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const piece of part.split(':')) {
      if (piece.includes('.')) {
        const octets = piece.split('.').map(Number);
        if (octets.length !== 4 || octets.some((octet) => !(octet >= 0 && octet <= 255))) return undefined;
        groups.push((octets[0]! << 8) | octets[1]!, (octets[2]! << 8) | octets[3]!);
      } else {
        if (!/^[0-9a-f]{1,4}$/.test(piece)) return undefined;
        groups.push(parseInt(piece, 16));
      }
    }
    return groups;
  };
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0]!);
  const tail = halves.length === 2 ? parseGroups(halves[1]!) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  return [...head, ...new Array<number>(missing).fill(0), ...tail];
}
