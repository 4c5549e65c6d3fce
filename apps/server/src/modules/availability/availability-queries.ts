import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { PauseReason } from '@seguridad/contracts/http/availability';
import type { Database } from '../../db/client';
import { companies, companyMembers, operatorAvailability, users, videoCalls } from '../../db/schema';
import type { StaffRole } from '@seguridad/contracts/staff-access';

type CallRow = typeof videoCalls.$inferSelect;

/** What routing knows of a member: who, what they serve, what they chose, since when free. */
export type RoutingMember = {
  userId: number;
  name: string;
  role: StaffRole;
  specialityIds: number[];
  state: 'available' | 'paused';
  pauseReason: PauseReason | null;
  changedAt: Date | null;
  idleSince: Date | null;
};

/**
 * The state of a member who never chose one: an operator comes to take calls; a supervisor or an
 * administrator comes to watch or configure, and takes calls only once they choose Disponible.
 */
export function unchosenStateOf(role: RoutingMember['role']): RoutingMember['state'] {
  return role === 'operator' ? 'available' : 'paused';
}

/** The company's active members with their chosen state (none chosen: `unchosenStateOf`). */
export async function routingMembers(db: Database, companyId: number): Promise<RoutingMember[]> {
  const rows = await db
    .select({
      userId: companyMembers.userId,
      name: sql<string>`trim(${users.name} || ' ' || ${users.lastname})`,
      role: companyMembers.role,
      specialityIds: companyMembers.specialityIds,
      state: operatorAvailability.state,
      pauseReason: operatorAvailability.pauseReason,
      changedAt: operatorAvailability.changedAt,
      idleSince: operatorAvailability.idleSince,
    })
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .leftJoin(operatorAvailability, eq(operatorAvailability.userId, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), isNull(companyMembers.deactivatedAt)));
  return rows.map((row) => ({ ...row, state: row.state ?? unchosenStateOf(row.role) }));
}

/** The operators of the company holding a call now (En llamada). */
export async function operatorsInCall(db: Database, companyId: number): Promise<Set<number>> {
  const rows = await db
    .selectDistinct({ operatorId: videoCalls.operatorId })
    .from(videoCalls)
    .where(
      and(
        eq(videoCalls.companyId, companyId),
        eq(videoCalls.status, 'active'),
        isNotNull(videoCalls.operatorId),
      ),
    );
  return new Set(rows.map((row) => row.operatorId!));
}

/** Records what the operator chose; becoming Disponible starts their idle time. */
export async function saveChosenState(
  db: Database,
  choice: { userId: number; companyId: number; state: 'available' | 'paused'; reason: PauseReason | null },
): Promise<void> {
  const now = new Date();
  await db
    .insert(operatorAvailability)
    .values({ ...choice, pauseReason: choice.reason, changedAt: now, idleSince: now })
    .onConflictDoUpdate({
      target: operatorAvailability.userId,
      set: {
        companyId: choice.companyId,
        state: choice.state,
        pauseReason: choice.reason,
        changedAt: now,
        // Staying Disponible (a repeated choice) keeps the place in the line.
        idleSince:
          choice.state === 'available'
            ? sql`case when ${operatorAvailability.state} = 'available' then ${operatorAvailability.idleSince} else ${now} end`
            : operatorAvailability.idleSince,
      },
    });
}

/** The operator just became free (a call of theirs ended): they go to the back of the line. */
export async function markIdle(db: Database, userId: number, companyId: number): Promise<void> {
  const now = new Date();
  await db
    .insert(operatorAvailability)
    .values({ userId, companyId, idleSince: now })
    .onConflictDoUpdate({ target: operatorAvailability.userId, set: { idleSince: now } });
}

/**
 * Runs `work` holding the company's row, so that routing runs of several processes for one company
 * take turns and never offer two calls to one operator, or one call to two. `no key update` is
 * enough for that and, unlike `update`, lets other transactions insert rows that refer to the
 * company meanwhile (a call, its figures): those wait for nothing here, and cannot deadlock.
 */
export async function withCompanyRoutingLock<T>(
  db: Database,
  companyId: number,
  work: (tx: Database) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('no key update');
    return work(tx);
  });
}

/** The company's waiting public calls, oldest first, as routing sees them. */
export async function waitingPublicCalls(db: Database, companyId: number): Promise<CallRow[]> {
  return db
    .select()
    .from(videoCalls)
    .where(
      and(
        eq(videoCalls.companyId, companyId),
        eq(videoCalls.status, 'waiting'),
        eq(videoCalls.isPrivate, false),
      ),
    )
    .orderBy(asc(videoCalls.createdAt), asc(videoCalls.id))
    .limit(500);
}

export async function setOffer(
  db: Database,
  callId: number,
  offer: { operatorId: number | null; expiresAt: Date },
): Promise<CallRow | undefined> {
  const [call] = await db
    .update(videoCalls)
    .set({
      offeredTo: offer.operatorId,
      offerExpiresAt: offer.expiresAt,
      offeredAt: offer.operatorId === null ? null : new Date(),
    })
    .where(and(eq(videoCalls.id, callId), eq(videoCalls.status, 'waiting')))
    .returning();
  return call;
}

/** The operator lets the call offered to them pass: from now on it is everyone's. */
export async function declineOffer(
  db: Database,
  call: { id: number; companyId: number; operatorId: number },
): Promise<CallRow | undefined> {
  const now = new Date();
  const [declined] = await db
    .update(videoCalls)
    .set({ offerExpiresAt: now })
    .where(
      and(
        eq(videoCalls.id, call.id),
        eq(videoCalls.companyId, call.companyId),
        eq(videoCalls.status, 'waiting'),
        eq(videoCalls.offeredTo, call.operatorId),
        gt(videoCalls.offerExpiresAt, now),
      ),
    )
    .returning();
  return declined;
}

/** Whether `operatorId` may take the call now: not offered, offered to them, or the offer ran out. */
export function offerAllows(operatorId: number, now: Date) {
  return or(
    isNull(videoCalls.offeredTo),
    eq(videoCalls.offeredTo, operatorId),
    isNull(videoCalls.offerExpiresAt),
    lte(videoCalls.offerExpiresAt, now),
  );
}

/** Names of the given accounts, for the offers the console shows. */
export async function namesOf(db: Database, userIds: number[]): Promise<Map<number, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: sql<string>`trim(${users.name} || ' ' || ${users.lastname})` })
    .from(users)
    .where(inArray(users.id, userIds));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The specialities a member serves (empty: all of them). */
export async function specialitiesServedBy(
  db: Database,
  companyId: number,
  userId: number,
): Promise<number[]> {
  const [member] = await db
    .select({ specialityIds: companyMembers.specialityIds })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  return member?.specialityIds ?? [];
}
