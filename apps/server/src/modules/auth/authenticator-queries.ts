import { and, count, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { authenticatorApps, recoveryCodes } from '../../db/schema';

/** The account's app, confirmed or still being enrolled; undefined when it has none. */
export async function authenticatorOf(db: Database, userId: number) {
  const [row] = await db.select().from(authenticatorApps).where(eq(authenticatorApps.userId, userId));
  return row;
}

/** Whether the account has a confirmed app. */
export async function hasConfirmedAuthenticator(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: authenticatorApps.id })
    .from(authenticatorApps)
    .where(and(eq(authenticatorApps.userId, userId), isNotNull(authenticatorApps.confirmedAt)))
    .limit(1);
  return row !== undefined;
}

/** A new enrolment, replacing one still waiting for its first code (never a confirmed app). */
export async function startEnrolment(db: Database, userId: number, secret: string, now: Date) {
  await db
    .delete(authenticatorApps)
    .where(and(eq(authenticatorApps.userId, userId), isNull(authenticatorApps.confirmedAt)));
  const [row] = await db
    .insert(authenticatorApps)
    .values({ userId, secret, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: authenticatorApps.id });
  return row !== undefined;
}

/**
 * Takes the code of `step` for the account's app: true once per step, and never for a step at or
 * before the last one taken (a code seen over a shoulder cannot be replayed). Atomic, so two
 * requests with the same code cannot both win. `confirm` also turns an enrolment on.
 */
export async function takeStep(
  db: Database,
  appId: number,
  step: number,
  confirm: Date | undefined,
): Promise<boolean> {
  const taken = await db
    .update(authenticatorApps)
    .set({ lastUsedStep: step, ...(confirm ? { confirmedAt: confirm } : {}) })
    .where(
      and(
        eq(authenticatorApps.id, appId),
        or(isNull(authenticatorApps.lastUsedStep), lt(authenticatorApps.lastUsedStep, step)),
        confirm ? isNull(authenticatorApps.confirmedAt) : isNotNull(authenticatorApps.confirmedAt),
      ),
    )
    .returning({ id: authenticatorApps.id });
  return taken.length > 0;
}

/** Removes the app (confirmed or not) and its recovery codes; true when there was a confirmed one. */
export async function removeAuthenticator(db: Database, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(authenticatorApps)
      .where(eq(authenticatorApps.userId, userId))
      .returning({ confirmedAt: authenticatorApps.confirmedAt });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    return removed.some((row) => row.confirmedAt !== null);
  });
}

/** Replaces every recovery code of the account with these hashes. */
export async function replaceRecoveryCodes(db: Database, userId: number, codeHashes: string[]) {
  await db.transaction(async (tx) => {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  });
}

export async function unusedRecoveryCodeCount(db: Database, userId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.total ?? 0;
}

/**
 * Spends the recovery code with this hash: 'used' when it was the account's (atomically, so it
 * works once), 'spent' when it already was, 'unknown' otherwise.
 */
export async function spendRecoveryCode(
  db: Database,
  userId: number,
  codeHash: string,
): Promise<'used' | 'spent' | 'unknown'> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, codeHash),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  if (spent.length > 0) return 'used';
  const [earlier] = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, codeHash)));
  return earlier ? 'spent' : 'unknown';
}
