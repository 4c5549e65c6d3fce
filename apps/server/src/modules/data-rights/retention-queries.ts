import { and, eq, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { RETENTION_KINDS, RETENTION_RULES, type RetentionKind } from '@seguridad/contracts/http/retention';
import type { Database } from '../../db/client';
import {
  auditEvents,
  callAttachments,
  callbacks,
  callChatMessages,
  companies,
  contactMessages,
  networkInvitations,
  orders,
  outboxMessages,
  promoDraws,
  promoEntries,
  recordingSettings,
  retentionSettings,
  securityEvents,
  videoCalls,
  videoMails,
  wheelSpins,
} from '../../db/schema';

/** One kind's period for a company: its own row, or the policy's default. */
export async function retentionTableOf(
  db: Database,
  companyId: number,
): Promise<Record<RetentionKind, number>> {
  const rows = await db
    .select({ kind: retentionSettings.kind, days: retentionSettings.days })
    .from(retentionSettings)
    .where(eq(retentionSettings.companyId, companyId));
  const [recordings] = await db
    .select({ days: recordingSettings.retentionDays })
    .from(recordingSettings)
    .where(eq(recordingSettings.companyId, companyId));
  const table = Object.fromEntries(
    RETENTION_KINDS.map((kind) => [kind, RETENTION_RULES[kind].defaultDays]),
  ) as Record<RetentionKind, number>;
  for (const row of rows) if (RETENTION_KINDS.includes(row.kind)) table[row.kind] = row.days;
  if (recordings) table.call_recordings = recordings.days;
  return table;
}

/** Sets one kind's period for a company; the caller checked the rule's bounds. */
export async function setRetentionPeriod(
  db: Database,
  change: { companyId: number; kind: RetentionKind; days: number; userId: number },
): Promise<void> {
  if (change.kind === 'call_recordings') {
    await db
      .insert(recordingSettings)
      .values({ companyId: change.companyId, retentionDays: change.days })
      .onConflictDoUpdate({ target: recordingSettings.companyId, set: { retentionDays: change.days } });
    return;
  }
  const values = { days: change.days, updatedBy: change.userId, updatedAt: new Date() };
  await db
    .insert(retentionSettings)
    .values({ companyId: change.companyId, kind: change.kind, ...values })
    .onConflictDoUpdate({ target: [retentionSettings.companyId, retentionSettings.kind], set: values });
}

/**
 * The period of a kind that belongs to accounts rather than to one company (security log, wheel,
 * promo, orders, outbox): the longest any company keeps it, so that no tenant's data goes before
 * the period that tenant set.
 */
export async function platformPeriodOf(db: Database, kind: RetentionKind): Promise<number> {
  const [row] = await db
    .select({
      longest: sql<
        number | null
      >`max(coalesce(${retentionSettings.days}, ${RETENTION_RULES[kind].defaultDays}))`,
    })
    .from(companies)
    .leftJoin(
      retentionSettings,
      and(eq(retentionSettings.companyId, companies.id), eq(retentionSettings.kind, kind)),
    );
  return Number(row?.longest ?? RETENTION_RULES[kind].defaultDays);
}

/** `created < now - days`, with `days` an SQL expression (a company's own period). */
function olderThan(column: PgColumn, now: Date, days: SQL | number): SQL {
  return lt(column, sql`${now.toISOString()}::timestamptz - make_interval(days => ${days})`);
}

/** The company's period of `kind`, read where the row's company is `companyColumn`. */
function companyDays(kind: RetentionKind, companyColumn: SQL | PgColumn): SQL {
  return sql`coalesce((select ${retentionSettings.days} from ${retentionSettings} where ${retentionSettings.companyId} = ${companyColumn} and ${retentionSettings.kind} = ${kind}), ${RETENTION_RULES[kind].defaultDays})::int`;
}

/** The call's company and whether it is held, for rows that hang from a call. */
const callCompany = (callId: PgColumn) =>
  sql`(select ${videoCalls.companyId} from ${videoCalls} where ${videoCalls.id} = ${callId})`;
const callNotHeld = (callId: PgColumn) =>
  sql`not exists (select 1 from ${videoCalls} where ${videoCalls.id} = ${callId} and ${videoCalls.holdReason} is not null)`;

/** What one batch removed: rows, and the storage objects to remove now that no row names them. */
export type RetentionBatch = {
  rows: number;
  fileKeys: string[];
  /** Of a company's own kinds: how many rows of each company went, for its audit trail. */
  byCompany: Map<number, number>;
};

function countByCompany(rows: { companyId: number | null }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const row of rows)
    if (row.companyId !== null) counts.set(row.companyId, (counts.get(row.companyId) ?? 0) + 1);
  return counts;
}

const NO_COMPANY = new Map<number, number>();

/**
 * Deletes up to `limit` rows of `kind` past their period at `now`, skipping held ones. Each batch
 * picks its rows with `for update skip locked`, so two processes running the job at once never
 * take the same rows; a row another process is deleting is simply not there for this one.
 */
export async function deleteExpiredBatch(
  db: Database,
  kind: Exclude<RetentionKind, 'call_recordings'>,
  now: Date,
  limit: number,
): Promise<RetentionBatch> {
  switch (kind) {
    case 'video_mails': {
      const picked = db
        .select({ id: videoMails.id })
        .from(videoMails)
        .where(
          and(
            isNull(videoMails.holdReason),
            olderThan(videoMails.createdAt, now, companyDays(kind, videoMails.companyId)),
          ),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      const removed = await db.delete(videoMails).where(inArray(videoMails.id, picked)).returning({
        videoKey: videoMails.videoKey,
        thumbnailKey: videoMails.thumbnailKey,
        companyId: videoMails.companyId,
      });
      return {
        rows: removed.length,
        fileKeys: removed.flatMap((row) => [row.videoKey, row.thumbnailKey]),
        byCompany: countByCompany(removed),
      };
    }
    case 'call_chat': {
      const picked = db
        .select({ id: callChatMessages.id })
        .from(callChatMessages)
        .where(
          and(
            callNotHeld(callChatMessages.callId),
            olderThan(
              callChatMessages.createdAt,
              now,
              companyDays(kind, callCompany(callChatMessages.callId)),
            ),
          ),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      const removed = await db
        .delete(callChatMessages)
        .where(inArray(callChatMessages.id, picked))
        .returning({ companyId: sql<number | null>`${callCompany(callChatMessages.callId)}` });
      return { rows: removed.length, fileKeys: [], byCompany: countByCompany(removed) };
    }
    case 'call_attachments': {
      const picked = db
        .select({ id: callAttachments.id })
        .from(callAttachments)
        .where(
          and(
            callNotHeld(callAttachments.callId),
            olderThan(callAttachments.createdAt, now, companyDays(kind, callCompany(callAttachments.callId))),
          ),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      const removed = await db
        .delete(callAttachments)
        .where(inArray(callAttachments.id, picked))
        .returning({
          storageKey: callAttachments.storageKey,
          companyId: sql<number | null>`${callCompany(callAttachments.callId)}`,
        });
      return {
        rows: removed.length,
        fileKeys: removed.map((row) => row.storageKey),
        byCompany: countByCompany(removed),
      };
    }
    case 'contact_messages': {
      const picked = db
        .select({ id: contactMessages.id })
        .from(contactMessages)
        .where(
          and(
            isNull(contactMessages.holdReason),
            olderThan(contactMessages.createdAt, now, companyDays(kind, contactMessages.companyId)),
          ),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      const removed = await db
        .delete(contactMessages)
        .where(inArray(contactMessages.id, picked))
        .returning({ companyId: contactMessages.companyId });
      return { rows: removed.length, fileKeys: [], byCompany: countByCompany(removed) };
    }
    case 'callbacks': {
      const picked = db
        .select({ id: callbacks.id })
        .from(callbacks)
        .where(olderThan(callbacks.createdAt, now, companyDays(kind, callbacks.companyId)))
        .limit(limit)
        .for('update', { skipLocked: true });
      const removed = await db
        .delete(callbacks)
        .where(inArray(callbacks.id, picked))
        .returning({ companyId: callbacks.companyId });
      return { rows: removed.length, fileKeys: [], byCompany: countByCompany(removed) };
    }
    case 'network_invitations': {
      // Confirmed invitations are the network itself: they go when a member leaves or is removed.
      const picked = db
        .select({ id: networkInvitations.id })
        .from(networkInvitations)
        .where(
          and(
            ne(networkInvitations.status, 2),
            olderThan(networkInvitations.createdAt, now, companyDays(kind, networkInvitations.companyId)),
          ),
        )
        .limit(limit)
        .for('update', { skipLocked: true });
      const removed = await db
        .delete(networkInvitations)
        .where(inArray(networkInvitations.id, picked))
        .returning({ companyId: networkInvitations.companyId });
      return { rows: removed.length, fileKeys: [], byCompany: countByCompany(removed) };
    }
    case 'promo': {
      // The draw's data goes once its period after the draw is over; before the draw, nothing goes.
      const days = await platformPeriodOf(db, kind);
      const [draw] = await db
        .select({ drawnAt: promoDraws.drawnAt })
        .from(promoDraws)
        .where(olderThan(promoDraws.drawnAt, now, days));
      if (!draw) return { rows: 0, fileKeys: [], byCompany: NO_COMPANY };
      const picked = db
        .select({ id: promoEntries.id })
        .from(promoEntries)
        .limit(limit)
        .for('update', { skipLocked: true });
      const removed = await db
        .delete(promoEntries)
        .where(inArray(promoEntries.id, picked))
        .returning({ id: promoEntries.id });
      return { rows: removed.length, fileKeys: [], byCompany: NO_COMPANY };
    }
    case 'audit_trail': {
      const picked = db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(olderThan(auditEvents.createdAt, now, companyDays(kind, auditEvents.companyId)))
        .limit(limit)
        .for('update', { skipLocked: true });
      const removed = await db
        .delete(auditEvents)
        .where(inArray(auditEvents.id, picked))
        .returning({ companyId: auditEvents.companyId });
      return { rows: removed.length, fileKeys: [], byCompany: countByCompany(removed) };
    }
    case 'wheel_spins':
      return deleteOlder(
        db,
        wheelSpins,
        wheelSpins.id,
        wheelSpins.createdAt,
        now,
        await platformPeriodOf(db, kind),
        limit,
      );
    case 'security_log':
      return deleteOlder(
        db,
        securityEvents,
        securityEvents.id,
        securityEvents.createdAt,
        now,
        await platformPeriodOf(db, kind),
        limit,
      );
    case 'outbox_messages':
      return deleteOlder(
        db,
        outboxMessages,
        outboxMessages.id,
        outboxMessages.createdAt,
        now,
        await platformPeriodOf(db, kind),
        limit,
      );
    case 'orders':
      // Past the tax period an order goes with its history (order_events by cascade).
      return deleteOlder(
        db,
        orders,
        orders.id,
        orders.createdAt,
        now,
        await platformPeriodOf(db, kind),
        limit,
      );
  }
}

async function deleteOlder(
  db: Database,
  table: typeof wheelSpins | typeof securityEvents | typeof outboxMessages | typeof orders,
  id: PgColumn,
  createdAt: PgColumn,
  now: Date,
  days: number,
  limit: number,
): Promise<RetentionBatch> {
  const picked = db
    .select({ id })
    .from(table)
    .where(olderThan(createdAt, now, days))
    .limit(limit)
    .for('update', { skipLocked: true });
  const removed = await db.delete(table).where(inArray(id, picked)).returning({ id });
  return { rows: removed.length, fileKeys: [], byCompany: NO_COMPANY };
}
