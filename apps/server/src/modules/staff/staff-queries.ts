import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { companies, companyMembers, specialities, staffInvitations, users } from '../../db/schema';

export type StaffRole = 'operator' | 'supervisor' | 'admin';

export type InvitationRow = typeof staffInvitations.$inferSelect;

export async function companyById(db: Database, companyId: number) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name, publicKey: companies.publicKey })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  return company;
}

/** Which of `ids` are specialities of the company. */
export async function specialityIdsOf(db: Database, companyId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: specialities.id })
    .from(specialities)
    .where(and(eq(specialities.companyId, companyId), inArray(specialities.id, ids)));
  return rows.map((row) => row.id);
}

/** The company an account (by e-mail) is staff of, if any. */
export async function membershipByEmail(db: Database, email: string) {
  const [row] = await db
    .select({ userId: users.id, companyId: companyMembers.companyId })
    .from(users)
    .innerJoin(companyMembers, eq(companyMembers.userId, users.id))
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return row;
}

export async function isMemberAnywhere(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(eq(companyMembers.userId, userId))
    .limit(1);
  return row !== undefined;
}

/** Revokes the company's pending invitations to an address (a new one replaces them). */
export async function revokePendingInvitationsTo(db: Database, companyId: number, email: string) {
  await db
    .update(staffInvitations)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(staffInvitations.companyId, companyId),
        eq(staffInvitations.email, email),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    );
}

export async function insertInvitation(db: Database, values: typeof staffInvitations.$inferInsert) {
  const [row] = await db.insert(staffInvitations).values(values).returning();
  return row!;
}

export async function deleteInvitation(db: Database, id: number) {
  await db.delete(staffInvitations).where(eq(staffInvitations.id, id));
}

/** The invitation of a code hash while it can still be accepted. */
export async function usableInvitation(db: Database, codeHash: string, now = new Date()) {
  const [row] = await db
    .select({ invitation: staffInvitations, companyName: companies.name })
    .from(staffInvitations)
    .innerJoin(companies, eq(companies.id, staffInvitations.companyId))
    .where(
      and(
        eq(staffInvitations.codeHash, codeHash),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Marks the invitation used by `userId` and makes them a member, atomically: of two acceptances
 * racing with one code, one wins and the other gets false.
 */
export async function claimInvitation(
  db: Database,
  invitation: InvitationRow,
  userId: number,
  now = new Date(),
): Promise<boolean> {
  const claimed = await db
    .update(staffInvitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(
      and(
        eq(staffInvitations.id, invitation.id),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
        gt(staffInvitations.expiresAt, now),
      ),
    )
    .returning({ id: staffInvitations.id });
  if (claimed.length === 0) return false;
  await db.insert(companyMembers).values({
    companyId: invitation.companyId,
    userId,
    role: invitation.role,
    specialityIds: invitation.specialityIds,
  });
  return true;
}

/** The member's row in the company, active or not. */
export async function memberOf(db: Database, companyId: number, userId: number) {
  const [row] = await db
    .select()
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  return row;
}

/** Active administrators of the company other than `userId`. */
export async function otherActiveAdmins(db: Database, companyId: number, userId: number): Promise<number> {
  const rows = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        eq(companyMembers.role, 'admin'),
        isNull(companyMembers.deactivatedAt),
        sql`${companyMembers.userId} <> ${userId}`,
      ),
    );
  return rows.length;
}

export async function setMemberDeactivated(db: Database, companyId: number, userId: number, at: Date | null) {
  await db
    .update(companyMembers)
    .set({ deactivatedAt: at })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
}
