import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { auditEvents, users } from '../../db/schema';

/** One entry of the trail as the product reads it. */
export type AuditEvent = {
  id: number;
  companyId: number;
  actorUserId: number | null;
  actorLabel: string;
  action: string;
  subjectKind: string;
  subjectId: string;
  ip: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
};

export type NewAuditEvent = Omit<AuditEvent, 'id' | 'createdAt'>;

/** Filters of the trail; all optional. `from` is inclusive, `to` exclusive. */
export type AuditFilter = {
  companyId: number;
  actorUserId?: number;
  subjectKind?: string;
  /** An exact action, or an area with a trailing dot (`staff.`) for all of its actions. */
  action?: string;
  from?: Date;
  to?: Date;
  /** Entries older than this id (the next page of a newest-first list). */
  beforeId?: number;
  limit?: number;
};

export const AUDIT_PAGE_MAX = 1000;

/** How an account is named in the trail: its name and e-mail at the time it acted. */
export async function actorLabelOf(db: Database, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ name: users.name, lastname: users.lastname, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  const name = `${row.name} ${row.lastname}`.trim();
  return name ? `${name} <${row.email}>` : row.email;
}

/** Appends an entry; the only write the trail has. */
export async function insertAuditEvent(db: Database, event: NewAuditEvent): Promise<number> {
  const [saved] = await db.insert(auditEvents).values(event).returning({ id: auditEvents.id });
  return saved!.id;
}

/** Whether the actor already has this action on this subject since `since` (an opening's window). */
export async function hasRecentAuditEvent(
  db: Database,
  event: Pick<AuditEvent, 'companyId' | 'action' | 'subjectKind' | 'subjectId'> & {
    actorUserId: number;
    since: Date;
  },
): Promise<boolean> {
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.companyId, event.companyId),
        eq(auditEvents.actorUserId, event.actorUserId),
        gte(auditEvents.createdAt, event.since),
        eq(auditEvents.action, event.action),
        eq(auditEvents.subjectKind, event.subjectKind),
        eq(auditEvents.subjectId, event.subjectId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** The company's entries matching the filter, newest first. */
export async function listAuditEvents(db: Database, filter: AuditFilter): Promise<AuditEvent[]> {
  const conditions: SQL[] = [eq(auditEvents.companyId, filter.companyId)];
  if (filter.actorUserId !== undefined) conditions.push(eq(auditEvents.actorUserId, filter.actorUserId));
  if (filter.subjectKind !== undefined) conditions.push(eq(auditEvents.subjectKind, filter.subjectKind));
  if (filter.action !== undefined) {
    conditions.push(
      filter.action.endsWith('.')
        ? sql`${auditEvents.action} like ${`${escapeLike(filter.action)}%`}`
        : eq(auditEvents.action, filter.action),
    );
  }
  if (filter.from) conditions.push(gte(auditEvents.createdAt, filter.from));
  if (filter.to) conditions.push(lt(auditEvents.createdAt, filter.to));
  if (filter.beforeId !== undefined) conditions.push(lt(auditEvents.id, filter.beforeId));
  const limit = Math.min(Math.max(filter.limit ?? 200, 1), AUDIT_PAGE_MAX);
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.id))
    .limit(limit);
  return rows;
}
