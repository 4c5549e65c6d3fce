import { randomInt } from 'node:crypto';
import type { Database } from '../../db/client';
import {
  creditWheelPrize,
  recordWheelSpin,
  spendWheelAttempt,
  takeWheelStock,
  wheelOptionRows,
  type WheelBalance,
  type WheelOptionRow,
} from './wheel-queries';

export type SpinOutcome = { prize: WheelOptionRow; balance: WheelBalance };

/**
 * Picks a section with probability weight / total weight. `random(n)` returns an integer in
 * [0, n): `crypto.randomInt` in production. With every weight at 0 it picks uniformly.
 */
export function pickWeighted<T extends { weight: number }>(
  candidates: T[],
  random: (max: number) => number = randomInt,
): T | undefined {
  if (candidates.length === 0) return undefined;
  const total = candidates.reduce((sum, candidate) => sum + Math.max(0, candidate.weight), 0);
  if (total === 0) return candidates[random(candidates.length)];
  let ticket = random(total);
  for (const candidate of candidates) {
    ticket -= Math.max(0, candidate.weight);
    if (ticket < 0) return candidate;
  }
  return candidates.at(-1);
}

/**
 * One spin, all or nothing: spend an attempt (or refuse), draw the prize, take it from stock
 * (a camera with none left falls back to an unlimited prize), credit it and record the spin.
 * Returns undefined when the user had no attempt left.
 */
export async function spinWheel(db: Database, userId: number): Promise<SpinOutcome | undefined> {
  return db.transaction(async (tx) => {
    if ((await spendWheelAttempt(tx, userId)) === undefined) return undefined;
    const options = await wheelOptionRows(tx);
    const unlimited = options.filter((option) => option.stock === null);
    let prize = pickWeighted(options.filter((option) => option.stock === null || option.stock > 0));
    if (prize && prize.stock !== null && !(await takeWheelStock(tx, prize.id))) {
      prize = pickWeighted(unlimited);
    }
    if (!prize) throw new Error('wheel: no section can be drawn (every one is out of stock)');
    const balance = await creditWheelPrize(tx, userId, prize);
    await recordWheelSpin(tx, { userId, optionId: prize.id, uid: prize.uid, amount: prize.amount });
    return { prize, balance };
  });
}
