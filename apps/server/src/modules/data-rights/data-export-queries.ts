import { and, count, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { DATA_EXPORT_DAYS, type DataExport } from '@seguridad/contracts/http/data-exports';
import type { Database } from '../../db/client';
import { dataExports, users } from '../../db/schema';

type ExportRow = typeof dataExports.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;
/** A build still marked running after this long died with its process: another one takes it. */
export const STALE_BUILD_MS = 30 * 60 * 1000;

export function shownExport(row: ExportRow): DataExport {
  return {
    id: row.id,
    status: row.status === 'ready' ? 'ready' : row.status === 'failed' ? 'failed' : 'preparing',
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    bytes: row.bytes,
  };
}

export type ExportAsked = { row: ExportRow } | { refused: 'in_progress' | 'too_many' };

/**
 * Records a new export for the account unless one is in progress or it asked `perDay` times in
 * the last 24 hours. The partial unique index settles two requests racing on two processes.
 */
export async function askForExport(
  db: Database,
  userId: number,
  perDay: number,
  now = new Date(),
): Promise<ExportAsked> {
  return db.transaction(async (tx) => {
    // Serialises this account's requests, so the day's count cannot be passed by a race.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [open] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(and(eq(dataExports.userId, userId), inArray(dataExports.status, ['pending', 'building'])));
    if (open) return { refused: 'in_progress' as const };
    const [asked] = await tx
      .select({ n: count() })
      .from(dataExports)
      .where(
        and(eq(dataExports.userId, userId), gt(dataExports.createdAt, new Date(now.getTime() - DAY_MS))),
      );
    if ((asked?.n ?? 0) >= perDay) return { refused: 'too_many' as const };
    const [row] = await tx.insert(dataExports).values({ userId, createdAt: now }).returning();
    return { row: row! };
  });
}

/** The account's newest export that has not expired. */
export async function latestExportOf(
  db: Database,
  userId: number,
  now = new Date(),
): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.userId, userId),
        or(sql`${dataExports.expiresAt} is null`, gt(dataExports.expiresAt, now)),
      ),
    )
    .orderBy(desc(dataExports.id))
    .limit(1);
  return row;
}

/** The account's own ready, unexpired export `id`; undefined for anyone else's. */
export async function readyExportOf(
  db: Database,
  userId: number,
  id: number,
  now = new Date(),
): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(dataExports)
    .where(
      and(
        eq(dataExports.id, id),
        eq(dataExports.userId, userId),
        eq(dataExports.status, 'ready'),
        gt(dataExports.expiresAt, now),
      ),
    );
  return row?.storageKey ? row : undefined;
}

/**
 * Takes the oldest export waiting (or left running by a process that died) and marks it building,
 * in one transaction picking with `skip locked`: several processes never build the same one.
 */
export async function claimNextExport(db: Database, now = new Date()): Promise<ExportRow | undefined> {
  return db.transaction(async (tx) => {
    const [next] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        or(
          eq(dataExports.status, 'pending'),
          and(
            eq(dataExports.status, 'building'),
            lt(dataExports.startedAt, new Date(now.getTime() - STALE_BUILD_MS)),
          ),
        ),
      )
      .orderBy(dataExports.id)
      .limit(1)
      .for('update', { skipLocked: true });
    if (!next) return undefined;
    const [claimed] = await tx
      .update(dataExports)
      .set({ status: 'building', startedAt: now })
      .where(eq(dataExports.id, next.id))
      .returning();
    return claimed;
  });
}

/**
 * Records the built ZIP; undefined when the row is gone (the account was deleted meanwhile), and
 * the caller then removes the file it wrote.
 */
export async function markExportReady(
  db: Database,
  id: number,
  file: { key: string; bytes: number },
  now = new Date(),
): Promise<ExportRow | undefined> {
  const [row] = await db
    .update(dataExports)
    .set({
      status: 'ready',
      storageKey: file.key,
      bytes: file.bytes,
      readyAt: now,
      expiresAt: new Date(now.getTime() + DATA_EXPORT_DAYS * DAY_MS),
    })
    .where(and(eq(dataExports.id, id), eq(dataExports.status, 'building')))
    .returning();
  return row;
}

/** A failed build shows as failed; the citizen may ask again (it counts in the day's limit). */
export async function markExportFailed(db: Database, id: number, now = new Date()): Promise<void> {
  await db
    .update(dataExports)
    .set({ status: 'failed', expiresAt: new Date(now.getTime() + DATA_EXPORT_DAYS * DAY_MS) })
    .where(eq(dataExports.id, id));
}

/** Deletes up to `limit` exports past their expiry, picked `skip locked`; returns their files. */
export async function deleteExpiredExports(db: Database, now: Date, limit: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(lt(dataExports.expiresAt, now))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (expired.length === 0) return [];
    const removed = await tx
      .delete(dataExports)
      .where(
        inArray(
          dataExports.id,
          expired.map((row) => row.id),
        ),
      )
      .returning({ key: dataExports.storageKey });
    return removed.flatMap((row) => (row.key ? [row.key] : []));
  });
}
