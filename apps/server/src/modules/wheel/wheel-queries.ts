import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { WheelOption } from '@seguridad/contracts/http/wheel';
import { WHEEL } from '@seguridad/contracts/constants';
import type { Database } from '../../db/client';
import { wheelAccounts, wheelOptions, wheelSpins } from '../../db/schema';

export type WheelOptionRow = typeof wheelOptions.$inferSelect;
export type WheelBalance = { attemptsLeft: number; opportunities: number };

export async function wheelOptionRows(db: Database): Promise<WheelOptionRow[]> {
  return db.select().from(wheelOptions).orderBy(asc(wheelOptions.id));
}

export function toWheelOption(row: WheelOptionRow): WheelOption {
  return { id: row.id, uid: row.uid, image_url: row.imageUrl, amount: row.amount };
}

export async function wheelBalanceOf(db: Database, userId: number): Promise<WheelBalance> {
  const [row] = await db
    .select({ attemptsLeft: wheelAccounts.attemptsLeft, opportunities: wheelAccounts.opportunities })
    .from(wheelAccounts)
    .where(eq(wheelAccounts.userId, userId));
  return row ?? { attemptsLeft: 0, opportunities: 0 };
}

/** Adds spins to a user's wheel (creating it on first use). */
export async function grantWheelAttempts(db: Database, userId: number, attempts: number): Promise<void> {
  await db
    .insert(wheelAccounts)
    .values({ userId, attemptsLeft: attempts })
    .onConflictDoUpdate({
      target: wheelAccounts.userId,
      set: { attemptsLeft: sql`${wheelAccounts.attemptsLeft} + ${attempts}`, updatedAt: new Date() },
    });
}

/** The spins a promo sign-up (spec §2 Promo page: a sign-up with a phone) earns. */
export async function grantPromoSignupAttempts(db: Database, userId: number): Promise<void> {
  await grantWheelAttempts(db, userId, WHEEL.promoSignupAttempts);
}

/**
 * Spends one spin if the user has one: a single conditional UPDATE, so concurrent spins can never
 * spend the same attempt twice (row lock on PostgreSQL, one connection on PGlite). Returns the
 * spins left after it, or undefined when there was none.
 */
export async function spendWheelAttempt(db: Database, userId: number): Promise<number | undefined> {
  const [row] = await db
    .update(wheelAccounts)
    .set({ attemptsLeft: sql`${wheelAccounts.attemptsLeft} - 1`, updatedAt: new Date() })
    .where(and(eq(wheelAccounts.userId, userId), gt(wheelAccounts.attemptsLeft, 0)))
    .returning({ attemptsLeft: wheelAccounts.attemptsLeft });
  return row?.attemptsLeft;
}

/** Takes one prize from a section's stock; false when the stock is empty. */
export async function takeWheelStock(db: Database, optionId: number): Promise<boolean> {
  const taken = await db
    .update(wheelOptions)
    .set({ stock: sql`${wheelOptions.stock} - 1` })
    .where(and(eq(wheelOptions.id, optionId), isNotNull(wheelOptions.stock), gt(wheelOptions.stock, 0)))
    .returning({ id: wheelOptions.id });
  return taken.length > 0;
}

/** Pays a prize into the user's wheel and returns the balance after it. */
export async function creditWheelPrize(
  db: Database,
  userId: number,
  prize: Pick<WheelOptionRow, 'uid' | 'amount'>,
): Promise<WheelBalance> {
  const extraAttempts = prize.uid === 'new_spin' ? prize.amount : 0;
  const extraOpportunities = prize.uid === 'opportunities' ? prize.amount : 0;
  const [row] = await db
    .update(wheelAccounts)
    .set({
      attemptsLeft: sql`${wheelAccounts.attemptsLeft} + ${extraAttempts}`,
      opportunities: sql`${wheelAccounts.opportunities} + ${extraOpportunities}`,
      updatedAt: new Date(),
    })
    .where(eq(wheelAccounts.userId, userId))
    .returning({ attemptsLeft: wheelAccounts.attemptsLeft, opportunities: wheelAccounts.opportunities });
  if (!row) throw new Error('wheel: the account of a spin vanished');
  return row;
}

export async function recordWheelSpin(
  db: Database,
  spin: { userId: number; optionId: number; uid: WheelOptionRow['uid']; amount: number },
): Promise<void> {
  await db.insert(wheelSpins).values(spin);
}
