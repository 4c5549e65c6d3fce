import { and, desc, eq, gte, lt } from 'drizzle-orm';
import { SECURITY_LOG_RETENTION_DAYS } from '@seguridad/contracts/constants';
import type { SecurityEvent, SecurityEventKind } from '@seguridad/contracts/http/settings';
import type { Database } from '../../db/client';
import { securityEvents } from '../../db/schema';

const RETENTION_MS = SECURITY_LOG_RETENTION_DAYS * 24 * 60 * 60 * 1000;
/** The settings page shows the latest ones; a busy account keeps the rest until they age out. */
const SHOWN_EVENTS_MAX = 100;

const retentionCutoff = (now: Date) => new Date(now.getTime() - RETENTION_MS);

/**
 * Writes one entry of the account's security log, where the thing happens (sign-in, password
 * reset, two-step phones, revocations). The account's entries past the retention go at the same time.
 */
export async function recordSecurityEvent(
  db: Database,
  userId: number,
  kind: SecurityEventKind,
  detail: string | null = null,
  now = new Date(),
): Promise<void> {
  await db
    .insert(securityEvents)
    .values({ userId, kind, detail: detail?.slice(0, 200) ?? null, createdAt: now });
  await db
    .delete(securityEvents)
    .where(and(eq(securityEvents.userId, userId), lt(securityEvents.createdAt, retentionCutoff(now))));
}

/** The account's entries of the last `SECURITY_LOG_RETENTION_DAYS`, newest first. */
export async function securityEventsOf(
  db: Database,
  userId: number,
  now = new Date(),
): Promise<SecurityEvent[]> {
  const rows = await db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), gte(securityEvents.createdAt, retentionCutoff(now))))
    .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
    .limit(SHOWN_EVENTS_MAX);
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    detail: row.detail,
    created_at: row.createdAt.toISOString(),
  }));
}

/** Removes every account's entries past the retention (accounts that stopped signing in too). */
export async function purgeExpiredSecurityEvents(db: Database, now = new Date()): Promise<number> {
  const removed = await db
    .delete(securityEvents)
    .where(lt(securityEvents.createdAt, retentionCutoff(now)))
    .returning({ id: securityEvents.id });
  return removed.length;
}
