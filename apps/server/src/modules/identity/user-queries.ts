import { randomBytes } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { UserInfo } from '@seguridad/contracts/http/auth';
import { profilePhoneDigits } from '@seguridad/contracts/helpers/phone';
import { settingsApi } from '@seguridad/contracts/http/settings';
import type { Database } from '../../db/client';
import { userAvatars, userPhones, users } from '../../db/schema';

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

export async function findUserById(db: Database, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

/** Creates the account; undefined when the e-mail was taken in the meantime. */
export async function insertUser(db: Database, values: typeof users.$inferInsert) {
  const [inserted] = await db.insert(users).values(values).onConflictDoNothing().returning({ id: users.id });
  return inserted;
}

/** The path an avatar is served at: its random token, never the account id (decision 011). */
export function avatarLink(token: string): string {
  return settingsApi.avatar.path({ token });
}

/** The account as `/user/info` shows it: the phone as the digits the form edits. */
export async function userInfoOf(db: Database, userId: number): Promise<UserInfo | undefined> {
  const [row] = await db
    .select({ user: users, avatarToken: userAvatars.token })
    .from(users)
    .leftJoin(userAvatars, eq(userAvatars.userId, users.id))
    .where(eq(users.id, userId));
  if (!row) return undefined;
  const { user, avatarToken } = row;
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    profile: {
      name: user.name,
      lastname: user.lastname,
      phone: profilePhoneDigits(user.phone),
      rut: user.rut,
      address: user.address,
      avatar_link: avatarToken ? avatarLink(avatarToken) : null,
    },
  };
}

/** Marks the address proven (a verification or reset link was used); false when it already was. */
export async function markEmailVerified(db: Database, userId: number): Promise<boolean> {
  const marked = await db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt)))
    .returning({ id: users.id });
  return marked.length > 0;
}

export async function isEmailVerified(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.verifiedAt);
}

export async function passwordHashOf(db: Database, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}

export async function setPasswordHash(db: Database, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Makes the current password stop working: no password hashes to this value. */
export async function disablePassword(db: Database, userId: number) {
  await setPasswordHash(db, userId, `disabled$${randomBytes(16).toString('base64url')}`);
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

/** Marks the phone confirmed; false when it already was. */
export async function confirmPhone(db: Database, userId: number, phone: string): Promise<boolean> {
  const confirmed = await db
    .update(userPhones)
    .set({ confirmedAt: new Date() })
    .where(and(eq(userPhones.userId, userId), eq(userPhones.phone, phone), isNull(userPhones.confirmedAt)))
    .returning({ id: userPhones.id });
  return confirmed.length > 0;
}

/**
 * Removes one of the account's phones (confirmed or still being verified) and returns it; another
 * account's phone id matches nothing, like an unknown one.
 */
export async function removeUserPhone(db: Database, userId: number, phoneId: number) {
  const [removed] = await db
    .delete(userPhones)
    .where(and(eq(userPhones.id, phoneId), eq(userPhones.userId, userId)))
    .returning({ phone: userPhones.phone });
  return removed?.phone;
}

/**
 * Removes every two-step phone of the account, confirmed or still being verified, and returns the
 * confirmed ones: after a recovery or a password reset nobody can say which of them a thief added.
 */
export async function removeAllUserPhones(db: Database, userId: number): Promise<string[]> {
  const removed = await db
    .delete(userPhones)
    .where(eq(userPhones.userId, userId))
    .returning({ phone: userPhones.phone, confirmedAt: userPhones.confirmedAt });
  return removed.filter((row) => row.confirmedAt !== null).map((row) => row.phone);
}
