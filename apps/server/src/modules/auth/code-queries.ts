import { and, count, desc, eq, gt, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { verificationCodes } from '../../db/schema';
import type { VerificationChannel } from '../../integrations/verification/verification-provider';

export type CodePurpose = 'login' | 'verify_phone';

/**
 * Codes sent for `purpose` since `since`: to `phone` when given, by one account when `userId` is
 * given (at least one of the two).
 */
export async function countCodesSent(
  db: Database,
  filter: { phone?: string; purpose: CodePurpose; since: Date; userId?: number },
): Promise<number> {
  const conditions: SQL[] = [
    eq(verificationCodes.purpose, filter.purpose),
    gt(verificationCodes.createdAt, filter.since),
  ];
  if (filter.phone !== undefined) conditions.push(eq(verificationCodes.phone, filter.phone));
  if (filter.userId !== undefined) conditions.push(eq(verificationCodes.userId, filter.userId));
  const [row] = await db
    .select({ total: count() })
    .from(verificationCodes)
    .where(and(...conditions));
  return row?.total ?? 0;
}

/** Stores a new code and retires the account's open codes of the same purpose. */
export async function replaceOpenCode(
  db: Database,
  code: {
    userId: number;
    phone: string;
    purpose: CodePurpose;
    channel: VerificationChannel;
    codeHash: string | null;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(verificationCodes.userId, code.userId),
        eq(verificationCodes.purpose, code.purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await db.insert(verificationCodes).values(code);
}

/** The account's latest unused, unexpired code for `purpose` (and `phone`, when given). */
export async function latestOpenCode(
  db: Database,
  filter: { userId: number; purpose: CodePurpose; phone?: string },
) {
  const conditions: SQL[] = [
    eq(verificationCodes.userId, filter.userId),
    eq(verificationCodes.purpose, filter.purpose),
    isNull(verificationCodes.consumedAt),
    gt(verificationCodes.expiresAt, new Date()),
  ];
  if (filter.phone) conditions.push(eq(verificationCodes.phone, filter.phone));
  const [latest] = await db
    .select({
      id: verificationCodes.id,
      phone: verificationCodes.phone,
      codeHash: verificationCodes.codeHash,
    })
    .from(verificationCodes)
    .where(and(...conditions))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return latest;
}

/**
 * Counts one guess with a single atomic UPDATE, so parallel guesses cannot exceed `maxAttempts`.
 * False when the code has no guesses left (or was used meanwhile).
 */
export async function countGuess(db: Database, codeId: number, maxAttempts: number): Promise<boolean> {
  const [counted] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, codeId),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, maxAttempts),
      ),
    )
    .returning({ attempts: verificationCodes.attempts });
  return Boolean(counted);
}

/** Uses the code up; undefined when another request used it first. Returns the phone it went to. */
export async function consumeCode(db: Database, codeId: number): Promise<string | undefined> {
  const [consumed] = await db
    .update(verificationCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(verificationCodes.id, codeId), isNull(verificationCodes.consumedAt)))
    .returning({ phone: verificationCodes.phone });
  return consumed?.phone;
}
