import { createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * The verifiable draw's arithmetic (docs/decisions/015), exactly as the results page explains it so
 * that anyone can recompute it:
 *
 * - seed: 32 random bytes, published as 64 lowercase hex characters once the draw takes place;
 * - commitment: hex SHA-256 of those 32 bytes, published before;
 * - list hash: hex SHA-256 of the UTF-8 text of the eligible entry ids, in list order (ascending,
 *   the order of registration), written in decimal and joined by '\n' (no trailing newline);
 * - random stream: the n-th number (n = 0, 1, 2, …) is the first 4 bytes, big-endian unsigned, of
 *   HMAC-SHA256(key = seed bytes, message = n in decimal ASCII);
 * - a uniform pick in [0, k): take the next number x; if x ≥ 2³² − (2³² mod k) discard it and take
 *   the next (so no value is more likely than another); otherwise the pick is x mod k;
 * - shuffle: for i = 0 … length − 2, pick j = i + uniform(length − i) and swap positions i and j.
 *
 * The shuffled list's first `DRAW.cameras` entries win, in that order; the rest are alternates.
 */

export function newSeed(): string {
  return randomBytes(32).toString('hex');
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export function commitmentOf(seedHex: string): string {
  return sha256Hex(Buffer.from(seedHex, 'hex'));
}

export function serializeList(ids: readonly number[]): string {
  return ids.map((id) => String(id)).join('\n');
}

export function listHashOf(ids: readonly number[]): string {
  return sha256Hex(serializeList(ids));
}

const RANGE = 2 ** 32;

export function shuffleWithSeed(ids: readonly number[], seedHex: string): number[] {
  const key = Buffer.from(seedHex, 'hex');
  let counter = 0;
  const next = () => createHmac('sha256', key).update(String(counter++)).digest().readUInt32BE(0);
  const uniform = (k: number) => {
    const limit = RANGE - (RANGE % k);
    for (;;) {
      const x = next();
      if (x < limit) return x % k;
    }
  };
  const order = [...ids];
  for (let i = 0; i < order.length - 1; i += 1) {
    const j = i + uniform(order.length - i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return order;
}
