import type { Database } from '../../db/client';
import {
  actorLabelOf,
  insertAuditEvent,
  listAuditEvents,
  type AuditEvent,
  type AuditFilter,
} from './audit-queries';

export type { AuditEvent, AuditFilter };

/** Who acted when no account did: the product itself or the operations command. */
export const SYSTEM_ACTOR_LABEL = 'sistema';

export type AuditEntry = {
  companyId: number;
  actorUserId: number | null;
  action: string;
  subjectKind: string;
  subjectId: string | number;
  ip?: string | null;
  details?: Record<string, unknown>;
};

/**
 * Appends one entry to the company's audit trail (decision 033): a staff action, or a staff
 * access to a citizen's personal data. The actor is named as they are now, so the entry still
 * says who it was after the account is renamed or deleted. Returns the entry's id.
 */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<number> {
  const actorLabel =
    entry.actorUserId === null
      ? SYSTEM_ACTOR_LABEL
      : ((await actorLabelOf(db, entry.actorUserId)) ?? `#${entry.actorUserId}`);
  return insertAuditEvent(db, {
    companyId: entry.companyId,
    actorUserId: entry.actorUserId,
    actorLabel,
    action: entry.action,
    subjectKind: entry.subjectKind,
    subjectId: String(entry.subjectId),
    ip: entry.ip ?? null,
    details: entry.details ?? {},
  });
}

/** The trail, newest first, filtered by person, kind, action and date. */
export async function listAudit(db: Database, filter: AuditFilter): Promise<AuditEvent[]> {
  return listAuditEvents(db, filter);
}
