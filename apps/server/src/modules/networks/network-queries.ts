import { and, asc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  NETWORK_STATUS,
  type ExternalNetworkInvitation,
  type MyNetworkInvitation,
  type NetworkStatus,
} from '@seguridad/contracts/http/networks';
import type { Database } from '../../db/client';
import { networkInvitations, users } from '../../db/schema';

/** Who is asking, as far as invitations go: an invitation is theirs by account or by e-mail. */
export type Invitee = { id: number; email: string };

/** Statuses that hold a place in the owner's network (spec §1: up to 5 people). */
const OCCUPYING: NetworkStatus[] = [NETWORK_STATUS.pending, NETWORK_STATUS.confirmed];

function addressedTo(invitee: Invitee) {
  return or(
    eq(networkInvitations.guestUserId, invitee.id),
    eq(networkInvitations.guestEmail, invitee.email.trim().toLowerCase()),
  );
}

/** The account registered with this e-mail, if any (case-insensitive). */
export async function userIdByEmail(db: Database, email: string): Promise<number | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row?.id;
}

export type NewInvitation = {
  ownerId: number;
  guestEmail: string;
  guestUserId: number | null;
  codeHash: string;
  companyId: number;
  expiresAt: Date;
};

export type InvitationOutcome = { kind: 'created'; id: number } | { kind: 'full' } | { kind: 'duplicate' };

/**
 * Adds a pending invitation unless the network is full or already holds that e-mail. The owner's
 * row is locked first, so parallel invitations of one owner take turns: each counts what the one
 * before it committed, and the cap holds on PostgreSQL as on PGlite (whose transactions run one at
 * a time anyway). A rejected invitation to the same e-mail is replaced by the new one.
 */
export async function addInvitationWithinCap(
  db: Database,
  invitation: NewInvitation,
  maxPeople: number,
): Promise<InvitationOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select ${users.id} from ${users} where ${users.id} = ${invitation.ownerId} for update`,
    );
    const current = await tx
      .select({
        id: networkInvitations.id,
        guestEmail: networkInvitations.guestEmail,
        status: networkInvitations.status,
      })
      .from(networkInvitations)
      .where(eq(networkInvitations.ownerId, invitation.ownerId));
    const sameGuest = current.find((row) => row.guestEmail === invitation.guestEmail);
    if (sameGuest && OCCUPYING.includes(sameGuest.status)) return { kind: 'duplicate' } as const;
    if (current.filter((row) => OCCUPYING.includes(row.status)).length >= maxPeople) {
      return { kind: 'full' } as const;
    }
    if (sameGuest) await tx.delete(networkInvitations).where(eq(networkInvitations.id, sameGuest.id));
    const [created] = await tx
      .insert(networkInvitations)
      .values({ ...invitation, status: NETWORK_STATUS.pending })
      .returning({ id: networkInvitations.id });
    return { kind: 'created', id: created!.id } as const;
  });
}

/** Removes an invitation whose e-mail could not be sent, so it holds no place in the network. */
export async function deleteInvitation(db: Database, id: number): Promise<void> {
  await db.delete(networkInvitations).where(eq(networkInvitations.id, id));
}

const guestById = alias(users, 'guest_by_id');

/**
 * Mi Red: the people the user invited. A name shows only once the invitee accepted: while the
 * invitation is pending (or was rejected) the row is the address the owner typed, so inviting an
 * address never tells whether it has an account, or whose.
 */
export async function myNetworkOf(db: Database, ownerId: number): Promise<MyNetworkInvitation[]> {
  const rows = await db
    .select({
      id: networkInvitations.id,
      status: networkInvitations.status,
      email: networkInvitations.guestEmail,
      name: guestById.name,
      lastname: guestById.lastname,
    })
    .from(networkInvitations)
    .leftJoin(guestById, eq(guestById.id, networkInvitations.guestUserId))
    .where(eq(networkInvitations.ownerId, ownerId))
    .orderBy(asc(networkInvitations.createdAt), asc(networkInvitations.id));
  return rows.map((row) => {
    const accepted = row.status === NETWORK_STATUS.confirmed && row.name !== null;
    return {
      id: row.id,
      status: row.status,
      guest: {
        email: row.email,
        profile: accepted ? { name: row.name ?? '', lastname: row.lastname ?? '' } : null,
      },
    };
  });
}

/** Redes Externas: the networks the user was invited to, with their owners. */
export async function externalNetworksOf(
  db: Database,
  invitee: Invitee,
): Promise<ExternalNetworkInvitation[]> {
  const rows = await db
    .select({
      id: networkInvitations.id,
      status: networkInvitations.status,
      email: users.email,
      name: users.name,
      lastname: users.lastname,
    })
    .from(networkInvitations)
    .innerJoin(users, eq(users.id, networkInvitations.ownerId))
    .where(addressedTo(invitee))
    .orderBy(asc(networkInvitations.createdAt), asc(networkInvitations.id));
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    owner: { email: row.email, profile: { name: row.name, lastname: row.lastname } },
  }));
}

type Answer = typeof NETWORK_STATUS.confirmed | typeof NETWORK_STATUS.rejected;

export type AnswerOutcome =
  | { kind: 'answered'; ownerId: number }
  | { kind: 'unchanged' }
  | { kind: 'already_answered' }
  | { kind: 'not_found' };

/**
 * The invitee confirms or rejects an invitation of theirs while it is pending: one conditional
 * UPDATE, so of two parallel answers exactly one changes the row. Giving the answer it already
 * has changes nothing.
 */
export async function answerInvitation(
  db: Database,
  invitationId: number,
  invitee: Invitee,
  status: Answer,
): Promise<AnswerOutcome> {
  const [answered] = await db
    .update(networkInvitations)
    .set({ status, guestUserId: invitee.id, respondedAt: new Date() })
    .where(
      and(
        eq(networkInvitations.id, invitationId),
        addressedTo(invitee),
        eq(networkInvitations.status, NETWORK_STATUS.pending),
      ),
    )
    .returning({ ownerId: networkInvitations.ownerId });
  if (answered) return { kind: 'answered', ownerId: answered.ownerId };
  const [existing] = await db
    .select({ status: networkInvitations.status })
    .from(networkInvitations)
    .where(and(eq(networkInvitations.id, invitationId), addressedTo(invitee)))
    .limit(1);
  if (!existing) return { kind: 'not_found' };
  return existing.status === status ? { kind: 'unchanged' } : { kind: 'already_answered' };
}

/**
 * Deletes an invitation the user owns (removing that person, or cancelling the invitation) or
 * that was addressed to them (leaving that network). Anyone else's id deletes nothing.
 */
export async function removeInvitation(db: Database, invitationId: number, user: Invitee) {
  const [removed] = await db
    .delete(networkInvitations)
    .where(
      and(
        eq(networkInvitations.id, invitationId),
        or(eq(networkInvitations.ownerId, user.id), addressedTo(user)),
      ),
    )
    .returning({
      id: networkInvitations.id,
      ownerId: networkInvitations.ownerId,
      guestUserId: networkInvitations.guestUserId,
      guestEmail: networkInvitations.guestEmail,
    });
  return removed;
}

/** The invitation an e-mailed code belongs to, with its owner's name. */
export async function invitationByCodeHash(db: Database, codeHash: string) {
  const [row] = await db
    .select({
      id: networkInvitations.id,
      ownerId: networkInvitations.ownerId,
      guestEmail: networkInvitations.guestEmail,
      guestUserId: networkInvitations.guestUserId,
      status: networkInvitations.status,
      companyId: networkInvitations.companyId,
      expiresAt: networkInvitations.expiresAt,
      ownerName: users.name,
      ownerLastname: users.lastname,
    })
    .from(networkInvitations)
    .innerJoin(users, eq(users.id, networkInvitations.ownerId))
    .where(eq(networkInvitations.codeHash, codeHash))
    .limit(1);
  return row;
}
