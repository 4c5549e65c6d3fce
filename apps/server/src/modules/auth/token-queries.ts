import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devices, emailTokens } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

export type EmailTokenPurpose = 'password_reset' | 'account_recovery' | 'email_verification';

export const EMAIL_TOKEN_TTL_MS: Record<EmailTokenPurpose, number> = {
  password_reset: 60 * 60 * 1000,
  account_recovery: 7 * 24 * 60 * 60 * 1000,
  email_verification: 7 * 24 * 60 * 60 * 1000,
};

export async function issueEmailToken(
  db: Database,
  userId: number,
  purpose: EmailTokenPurpose,
  deviceId: number | null = null,
): Promise<string> {
  const token = newToken();
  await db.insert(emailTokens).values({
    userId,
    purpose,
    deviceId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + EMAIL_TOKEN_TTL_MS[purpose]),
  });
  return token;
}

function usable(token: string, purpose: EmailTokenPurpose) {
  return and(
    eq(emailTokens.tokenHash, hashToken(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, new Date()),
  );
}

/** The token's row if it can still be used, without using it. */
export async function findUsableEmailToken(db: Database, token: string, purpose: EmailTokenPurpose) {
  const [row] = await db.select().from(emailTokens).where(usable(token, purpose)).limit(1);
  return row;
}

/**
 * Uses a token once: a single conditional UPDATE, so of many parallel uses exactly one gets the row.
 * With `ownerId`, a token of another account is left untouched for its owner.
 */
export async function consumeEmailToken(
  db: Database,
  token: string,
  purpose: EmailTokenPurpose,
  ownerId?: number,
) {
  const conditions = usable(token, purpose);
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(ownerId === undefined ? conditions : and(conditions, eq(emailTokens.userId, ownerId)))
    .returning({ userId: emailTokens.userId, deviceId: emailTokens.deviceId });
  return row;
}

/** Ends every outstanding token of a purpose: a newer password makes older reset links worthless. */
export async function revokeEmailTokens(
  db: Database,
  userId: number,
  purpose: EmailTokenPurpose,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

/**
 * A recovery token that can still be used, with the device it was issued for. The token alone
 * proves the mailbox, so no session is asked for (decision 031).
 */
export async function usableRecoveryToken(db: Database, token: string) {
  const [row] = await db
    .select({
      brand: devices.brand,
      model: devices.model,
      name: devices.name,
      system: devices.system,
      userAgent: devices.userAgent,
    })
    .from(emailTokens)
    .leftJoin(devices, eq(devices.id, emailTokens.deviceId))
    .where(usable(token, 'account_recovery'))
    .limit(1);
  return row;
}
