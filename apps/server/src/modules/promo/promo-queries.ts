import { and, asc, count, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { DRAW } from '@seguridad/contracts/constants';
import { maskPhone } from '@seguridad/contracts/helpers/phone';
import { type DrawWinner } from '@seguridad/contracts/http/promo';
import { type Database } from '../../db/client';
import { drawWinners, networkInvitations, promoEntries, users } from '../../db/schema';

/** The published winners of the draw in prize order, phones masked as the public page shows them. */
export async function publishedWinners(db: Database): Promise<DrawWinner[]> {
  const rows = await db
    .select({ name: drawWinners.name, phone: drawWinners.phone })
    .from(drawWinners)
    .orderBy(asc(drawWinners.position))
    .limit(DRAW.publishedWinners);
  return rows.map((row) => ({ name: row.name, phone: maskPhone(row.phone) }));
}

/** Replaces the published winners (the seed's demo list until the draw runs). */
export async function replacePublishedWinners(db: Database, winners: { name: string; phone: string }[]) {
  await db.transaction(async (tx) => {
    await tx.delete(drawWinners);
    if (winners.length === 0) return;
    await tx.insert(drawWinners).values(winners.map((winner, index) => ({ position: index + 1, ...winner })));
  });
}

export type NewPromoAccount = {
  user: typeof users.$inferInsert;
  /** `canonicalMailbox(email)`. */
  mailbox: string;
  /** E.164. */
  phone: string;
};

export type PromoAccountOutcome =
  | { kind: 'created'; userId: number; entryId: number }
  | { kind: 'taken'; emailTaken: boolean; mailboxEntered: boolean; phoneEntered: boolean };

class Conflict extends Error {}

/**
 * Creates the account and its draw entry together, or neither: an e-mail already registered, a
 * mailbox or a phone already in the draw refuses both. The unique indexes settle races.
 */
export async function insertPromoAccount(
  db: Database,
  account: NewPromoAccount,
  /** What else the new account earns, inside the same transaction (the wheel's first spin). */
  alongside: (tx: Database, userId: number) => Promise<void>,
): Promise<PromoAccountOutcome> {
  const [existingUser] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, String(account.user.email).trim().toLowerCase()))
    .limit(1);
  const entered = await db
    .select({ email: promoEntries.email, phone: promoEntries.phone })
    .from(promoEntries)
    .where(or(eq(promoEntries.email, account.mailbox), eq(promoEntries.phone, account.phone)));
  const taken = {
    kind: 'taken' as const,
    emailTaken: existingUser !== undefined,
    mailboxEntered: entered.some((row) => row.email === account.mailbox),
    phoneEntered: entered.some((row) => row.phone === account.phone),
  };
  if (taken.emailTaken || taken.mailboxEntered || taken.phoneEntered) return taken;
  try {
    return await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values(account.user)
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (!user) throw new Conflict();
      const [entry] = await tx
        .insert(promoEntries)
        .values({ userId: user.id, email: account.mailbox, phone: account.phone })
        .onConflictDoNothing()
        .returning({ id: promoEntries.id });
      if (!entry) throw new Conflict();
      await alongside(tx, user.id);
      return { kind: 'created' as const, userId: user.id, entryId: entry.id };
    });
  } catch (failure) {
    if (failure instanceof Conflict) return { ...taken, emailTaken: true };
    throw failure;
  }
}

export async function entryOf(db: Database, userId: number) {
  const [entry] = await db.select().from(promoEntries).where(eq(promoEntries.userId, userId));
  return entry;
}

/**
 * An entry takes a place in line only once its phone and its account's e-mail are proven
 * (decision 039): unproven sign-ups with made-up phones cannot fill the first places.
 */
const counted = and(isNotNull(promoEntries.phoneVerifiedAt), isNotNull(users.emailVerifiedAt));

/** How many counted entries came before this one (its place in line is that plus one). */
export async function entriesBefore(db: Database, entryId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(promoEntries)
    .innerJoin(users, eq(users.id, promoEntries.userId))
    .where(and(counted, sql`${promoEntries.id} < ${entryId}`));
  return row?.total ?? 0;
}

/** Entries that count (proven phone and e-mail). */
export async function entryCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(promoEntries)
    .innerJoin(users, eq(users.id, promoEntries.userId))
    .where(counted);
  return row?.total ?? 0;
}

export async function accountEmailVerified(db: Database, userId: number): Promise<boolean> {
  const [row] = await db.select({ at: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  return Boolean(row?.at);
}

/** The code sent to the entry's phone came back; false when it already had. */
export async function markEntryPhoneVerified(db: Database, userId: number): Promise<boolean> {
  const marked = await db
    .update(promoEntries)
    .set({ phoneVerifiedAt: new Date() })
    .where(and(eq(promoEntries.userId, userId), isNull(promoEntries.phoneVerifiedAt)))
    .returning({ id: promoEntries.id });
  return marked.length > 0;
}

/** The addresses a user invited into their security network (any status), lower-cased. */
export async function invitedAddressesOf(db: Database, userId: number): Promise<string[]> {
  const rows = await db
    .select({ email: networkInvitations.guestEmail })
    .from(networkInvitations)
    .where(eq(networkInvitations.ownerId, userId));
  return rows.map((row) => row.email);
}

export type EntryWithInvitations = {
  id: number;
  userId: number;
  name: string;
  lastname: string;
  email: string;
  accountEmail: string;
  phone: string;
  phoneVerified: boolean;
  emailVerified: boolean;
  invited: string[];
};

/**
 * The first `limit` counted entries in line (proven phone and e-mail), with their account's name
 * and the addresses they invited.
 */
export async function firstEntries(db: Database, limit: number): Promise<EntryWithInvitations[]> {
  const entries = await db
    .select({
      id: promoEntries.id,
      userId: promoEntries.userId,
      email: promoEntries.email,
      phone: promoEntries.phone,
      name: users.name,
      lastname: users.lastname,
      accountEmail: users.email,
      phoneVerifiedAt: promoEntries.phoneVerifiedAt,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(promoEntries)
    .innerJoin(users, eq(users.id, promoEntries.userId))
    .where(counted)
    .orderBy(asc(promoEntries.id))
    .limit(limit);
  if (entries.length === 0) return [];
  const invitations = await db
    .select({ ownerId: networkInvitations.ownerId, email: networkInvitations.guestEmail })
    .from(networkInvitations)
    .where(
      inArray(
        networkInvitations.ownerId,
        entries.map((entry) => entry.userId),
      ),
    );
  const byOwner = new Map<number, string[]>();
  for (const invitation of invitations) {
    byOwner.set(invitation.ownerId, [...(byOwner.get(invitation.ownerId) ?? []), invitation.email]);
  }
  return entries.map(({ phoneVerifiedAt, emailVerifiedAt, ...entry }) => ({
    ...entry,
    phoneVerified: phoneVerifiedAt !== null,
    emailVerified: emailVerifiedAt !== null,
    invited: byOwner.get(entry.userId) ?? [],
  }));
}

/** Entries (with their account) by id, for the console's list of winners and for the mails. */
export async function entriesByIds(db: Database, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: promoEntries.id,
      phone: promoEntries.phone,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
    })
    .from(promoEntries)
    .innerJoin(users, eq(users.id, promoEntries.userId))
    .where(and(inArray(promoEntries.id, ids)));
}
