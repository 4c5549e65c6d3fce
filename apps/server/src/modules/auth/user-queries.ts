import { randomBytes } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { UserInfo } from '@seguridad/contracts/http/auth';
import type { Database } from '../../db/client';
import { userPhones, users } from '../../db/schema';

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/** Creates the account; undefined when the e-mail was taken in the meantime. */
export async function insertUser(db: Database, values: typeof users.$inferInsert) {
  const [inserted] = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
  return inserted;
}

/** The account as `/user/info` shows it. */
export async function userInfoOf(db: Database, userId: number): Promise<UserInfo | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  return {
    id: user.id,
    email: user.email,
    profile: {
      name: user.name,
      lastname: user.lastname,
      phone: user.phone,
      rut: user.rut,
      address: user.address,
      avatar_link: user.avatarPath ? `/api/v1/user/avatar/${user.id}` : null,
    },
  };
}

export async function setPasswordHash(db: Database, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Makes the current password stop working: no password hashes to this value. */
export async function disablePassword(db: Database, userId: number) {
  await setPasswordHash(db, userId, `disabled$${randomBytes(16).toString('base64url')}`);
}

/** Deletes the account; sessions, devices, phones, codes and tokens go with it by cascade. */
export async function deleteUser(db: Database, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}

export async function confirmedPhonesOf(db: Database, userId: number) {
  return db
    .select({ id: userPhones.id, phone: userPhones.phone })
    .from(userPhones)
    .where(and(eq(userPhones.userId, userId), isNotNull(userPhones.confirmedAt)))
    .orderBy(userPhones.id);
}

/** How many phones other than `phone` the account is verifying. */
export async function otherPendingPhoneCount(db: Database, userId: number, phone: string) {
  const [row] = await db
    .select({ total: count() })
    .from(userPhones)
    .where(
      and(
        eq(userPhones.userId, userId),
        isNull(userPhones.confirmedAt),
        sql`${userPhones.phone} <> ${phone}`,
      ),
    );
  return row?.total ?? 0;
}

export async function addPendingPhone(db: Database, userId: number, phone: string) {
  await db.insert(userPhones).values({ userId, phone }).onConflictDoNothing();
}

export async function confirmPhone(db: Database, userId: number, phone: string) {
  await db
    .update(userPhones)
    .set({ confirmedAt: new Date() })
    .where(and(eq(userPhones.userId, userId), eq(userPhones.phone, phone), isNull(userPhones.confirmedAt)));
}
