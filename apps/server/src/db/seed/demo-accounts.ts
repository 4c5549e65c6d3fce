import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { Database } from '../client';
import { sessions, users } from '../schema';
import { DEV_ACCOUNTS } from './seed';

/**
 * With demo mode off, a demo account seeded by an earlier start must not keep a password that the
 * README prints: any of `knownPasswords` is replaced by a random one nobody knows, and the
 * account's sessions end. An account whose password was changed since is left alone. Returns the
 * e-mails it locked.
 */
export async function lockDemoAccounts(db: Database, knownPasswords: string[]): Promise<string[]> {
  const emails = Object.values(DEV_ACCOUNTS).map((account) => account.email);
  const rows = await db
    .select({ id: users.id, email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, emails));
  const locked: string[] = [];
  for (const row of rows) {
    let known = false;
    for (const password of new Set(knownPasswords)) {
      if (await verifyPassword(password, row.passwordHash)) known = true;
    }
    if (!known) continue;
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    await db.update(users).set({ passwordHash }).where(eq(users.id, row.id));
    await db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, row.id), isNull(sessions.revokedAt)));
    locked.push(row.email);
  }
  return locked;
}
