import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../lib/password';
import { openTestDatabase } from '../../testing/test-app';
import type { DatabaseHandle } from '../client';
import { sessions, users } from '../schema';
import { lockDemoAccounts } from './demo-accounts';
import { DEV_ACCOUNTS } from './seed';

const KNOWN = 'operador-demo-2026';

describe('locking the demo accounts when demo mode is off', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  async function account(email: string) {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    return row!;
  }

  it('replaces a known password and ends its sessions, and leaves a changed one alone', async () => {
    const operator = await account(DEV_ACCOUNTS.operator.email);
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword(KNOWN) })
      .where(eq(users.id, operator.id));
    await database.db
      .insert(sessions)
      .values({ userId: operator.id, tokenHash: 'demo-session-hash', userAgent: 'x' });
    const citizen = await account(DEV_ACCOUNTS.citizen.email);
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword('una-clave-propia-2026') })
      .where(eq(users.id, citizen.id));

    expect(await lockDemoAccounts(database.db, [KNOWN, 'ciudadano-demo-2026'])).toEqual([
      DEV_ACCOUNTS.operator.email,
    ]);

    expect(await verifyPassword(KNOWN, (await account(DEV_ACCOUNTS.operator.email)).passwordHash)).toBe(
      false,
    );
    const [session] = await database.db.select().from(sessions).where(eq(sessions.userId, operator.id));
    expect(session?.revokedAt).not.toBeNull();
    expect(
      await verifyPassword('una-clave-propia-2026', (await account(DEV_ACCOUNTS.citizen.email)).passwordHash),
    ).toBe(true);
    // A second start finds nothing left to lock.
    expect(await lockDemoAccounts(database.db, [KNOWN])).toEqual([]);
  });
});
