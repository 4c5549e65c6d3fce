import { aliasedTable, and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { TeamInvitation, TeamMember } from '@seguridad/contracts/http/staff';
import type { Database } from '../../db/client';
import { companies, companyMembers, sessions, specialities, staffInvitations, users } from '../../db/schema';
import { hasSecondFactor } from '../membership/membership-queries';
import type { StaffRole } from '@seguridad/contracts/staff-access';

export type { StaffRole };

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

// ─── The console's Equipo tab ───

/**
 * The company's members, active and not, by name: their newest session's start as the last
 * sign-in (sessions are kept, revoked or not) and whether they have a confirmed phone.
 */
export async function teamMembers(
  db: Database,
  companyId: number,
  onlyUserId?: number,
): Promise<TeamMember[]> {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      lastname: users.lastname,
      email: users.email,
      role: companyMembers.role,
      specialityIds: companyMembers.specialityIds,
      deactivatedAt: companyMembers.deactivatedAt,
      lastSignInAt:
        sql`(select max(${sessions.createdAt}) from ${sessions} where ${sessions.userId} = ${users.id})`.mapWith(
          sessions.createdAt,
        ),
      twoStep: hasSecondFactor(users.id),
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(
      and(
        eq(companyMembers.companyId, companyId),
        onlyUserId === undefined ? undefined : eq(companyMembers.userId, onlyUserId),
      ),
    )
    .orderBy(asc(users.name), asc(users.lastname), asc(users.id));
  return rows.map((row) => ({
    user_id: row.userId,
    name: `${row.name} ${row.lastname}`.trim(),
    email: row.email,
    role: row.role,
    speciality_ids: row.specialityIds,
    last_sign_in_at: row.lastSignInAt ? new Date(row.lastSignInAt).toISOString() : null,
    two_step: Boolean(row.twoStep),
    active: row.deactivatedAt === null,
  }));
}

const inviters = aliasedTable(users, 'inviters');

function invitationView(row: {
  invitation: InvitationRow;
  inviterName: string | null;
  inviterLastname: string | null;
}): TeamInvitation {
  const { invitation } = row;
  return {
    id: invitation.id,
    email: invitation.email,
    role: invitation.role,
    speciality_ids: invitation.specialityIds,
    invited_by: row.inviterName === null ? null : `${row.inviterName} ${row.inviterLastname ?? ''}`.trim(),
    expires_at: invitation.expiresAt.toISOString(),
  };
}

function invitationsWithInviter(db: Database) {
  return db
    .select({ invitation: staffInvitations, inviterName: inviters.name, inviterLastname: inviters.lastname })
    .from(staffInvitations)
    .leftJoin(inviters, eq(inviters.id, staffInvitations.invitedBy));
}

/** The company's invitations neither accepted nor revoked (expired ones too), newest first. */
export async function pendingInvitations(db: Database, companyId: number): Promise<TeamInvitation[]> {
  const rows = await invitationsWithInviter(db)
    .where(
      and(
        eq(staffInvitations.companyId, companyId),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    )
    .orderBy(desc(staffInvitations.createdAt), desc(staffInvitations.id));
  return rows.map(invitationView);
}

/** One of the company's invitations, whatever its state. */
export async function invitationOf(db: Database, companyId: number, invitationId: number) {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.companyId, companyId), eq(staffInvitations.id, invitationId)))
    .limit(1);
  return row;
}

/** The invitation as the Equipo tab lists it. */
export async function invitationViewOf(db: Database, invitationId: number): Promise<TeamInvitation> {
  const [row] = await invitationsWithInviter(db).where(eq(staffInvitations.id, invitationId)).limit(1);
  return invitationView(row!);
}

/**
 * A new code and a new expiry for a pending invitation: the old link stops at once. False when it
 * was accepted or revoked meanwhile.
 */
export async function replaceInvitationCode(
  db: Database,
  invitationId: number,
  codeHash: string,
  expiresAt: Date,
): Promise<boolean> {
  const updated = await db
    .update(staffInvitations)
    .set({ codeHash, expiresAt })
    .where(
      and(
        eq(staffInvitations.id, invitationId),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    )
    .returning({ id: staffInvitations.id });
  return updated.length > 0;
}

/** Revokes a pending invitation; false when it was accepted or revoked already. */
export async function revokeInvitation(
  db: Database,
  invitationId: number,
  now = new Date(),
): Promise<boolean> {
  const updated = await db
    .update(staffInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffInvitations.id, invitationId),
        isNull(staffInvitations.acceptedAt),
        isNull(staffInvitations.revokedAt),
      ),
    )
    .returning({ id: staffInvitations.id });
  return updated.length > 0;
}

/**
 * Holds the company's row until the transaction ends, so two administrators changing roles at the
 * same moment take turns and cannot both remove the last administrator (on PostgreSQL; PGlite
 * runs one statement at a time anyway).
 */
export async function lockCompanyStaff(db: Database, companyId: number) {
  await db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.id, companyId))
    .for('no key update');
}

export async function updateMember(
  db: Database,
  companyId: number,
  userId: number,
  change: { role?: StaffRole; specialityIds?: number[] },
) {
  await db
    .update(companyMembers)
    .set({
      ...(change.role !== undefined ? { role: change.role } : {}),
      ...(change.specialityIds !== undefined ? { specialityIds: change.specialityIds } : {}),
    })
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
}

/** One member as the Equipo tab lists them. */
export async function teamMemberOf(db: Database, companyId: number, userId: number) {
  const [member] = await teamMembers(db, companyId, userId);
  return member;
}
