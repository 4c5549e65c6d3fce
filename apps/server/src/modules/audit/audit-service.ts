import type { Database } from '../../db/client';
import {
  actorLabelOf,
  hasRecentAuditEvent,
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

/**
 * How long one opening lasts: a signed media URL's life (an hour, up to ten minutes more). A
 * player fetches a video in many byte ranges and the console re-lists the inbox often; all of it,
 * by the same person on the same item, is one opening (decision 042).
 */
export const OPENING_WINDOW_MS = 70 * 60 * 1000;

/** Per database, when each opening was last written, so a player's ranges skip the query. */
const recentOpenings = new WeakMap<Database, Map<string, number>>();

/**
 * Records a staff member's opening of a citizen's data once per OPENING_WINDOW_MS: later
 * requests of the same opening (ranges, refetches, a renewed URL) write nothing. Returns whether
 * it wrote an entry. Two processes may each write one at the same instant; the trail prefers a
 * rare duplicate to a missed opening.
 */
export async function recordOpening(
  db: Database,
  entry: AuditEntry & { actorUserId: number },
  now = Date.now(),
): Promise<boolean> {
  let written = recentOpenings.get(db);
  if (!written) recentOpenings.set(db, (written = new Map()));
  const key = `${entry.companyId}:${entry.actorUserId}:${entry.action}:${entry.subjectKind}:${entry.subjectId}`;
  const last = written.get(key);
  if (last !== undefined && now - last < OPENING_WINDOW_MS) return false;
  const since = new Date(now - OPENING_WINDOW_MS);
  const subject = { ...entry, subjectId: String(entry.subjectId), since };
  const recorded = await hasRecentAuditEvent(db, subject);
  if (!recorded) await recordAudit(db, entry);
  if (written.size > 10_000) written.clear();
  written.set(key, now);
  return !recorded;
}

/** The trail, newest first, filtered by person, kind, action and date. */
export async function listAudit(db: Database, filter: AuditFilter): Promise<AuditEvent[]> {
  return listAuditEvents(db, filter);
}
