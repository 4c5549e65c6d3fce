import { and, eq, inArray, lt, not, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
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
const callHeld = (callId: PgColumn) =>
  sql`exists (select 1 from ${videoCalls} where ${videoCalls.id} = ${callId} and ${videoCalls.holdReason} is not null)`;

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

/** Where the rows of one kind live, and what the loop below needs to know of them. */
type RetentionTarget = {
  table: PgTable;
  id: PgColumn;
  createdAt: PgColumn;
  /** The row's company: its period is that company's own. Absent, the platform's (`platformPeriodOf`). */
  company?: SQL | PgColumn;
  /** Rows that never go with age: held ones, or what is the network itself. */
  kept?: SQL;
  /** The storage objects a row names, removed once no row names them. */
  files?: PgColumn[];
};

/** Every kind the batch deletes by age (recordings go through their own job; promo below). */
const RETENTION_TARGETS: Record<Exclude<RetentionKind, 'call_recordings' | 'promo'>, RetentionTarget> = {
  video_mails: {
    table: videoMails,
    id: videoMails.id,
    createdAt: videoMails.createdAt,
    company: videoMails.companyId,
    kept: sql`${videoMails.holdReason} is not null`,
    files: [videoMails.videoKey, videoMails.thumbnailKey],
  },
  call_chat: {
    table: callChatMessages,
    id: callChatMessages.id,
    createdAt: callChatMessages.createdAt,
    company: callCompany(callChatMessages.callId),
    kept: callHeld(callChatMessages.callId),
  },
  call_attachments: {
    table: callAttachments,
    id: callAttachments.id,
    createdAt: callAttachments.createdAt,
    company: callCompany(callAttachments.callId),
    kept: callHeld(callAttachments.callId),
    files: [callAttachments.storageKey],
  },
  contact_messages: {
    table: contactMessages,
    id: contactMessages.id,
    createdAt: contactMessages.createdAt,
    company: contactMessages.companyId,
    kept: sql`${contactMessages.holdReason} is not null`,
  },
  callbacks: {
    table: callbacks,
    id: callbacks.id,
    createdAt: callbacks.createdAt,
    company: callbacks.companyId,
  },
  network_invitations: {
    table: networkInvitations,
    id: networkInvitations.id,
    createdAt: networkInvitations.createdAt,
    company: networkInvitations.companyId,
    // Confirmed invitations are the network itself: they go when a member leaves or is removed.
    kept: eq(networkInvitations.status, 2),
  },
  audit_trail: {
    table: auditEvents,
    id: auditEvents.id,
    createdAt: auditEvents.createdAt,
    company: auditEvents.companyId,
  },
  wheel_spins: { table: wheelSpins, id: wheelSpins.id, createdAt: wheelSpins.createdAt },
  security_log: { table: securityEvents, id: securityEvents.id, createdAt: securityEvents.createdAt },
  outbox_messages: { table: outboxMessages, id: outboxMessages.id, createdAt: outboxMessages.createdAt },
  // Past the tax period an order goes with its history (order_events by cascade).
  orders: { table: orders, id: orders.id, createdAt: orders.createdAt },
};

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
  if (kind === 'promo') return deleteExpiredPromo(db, now, limit);
  const target = RETENTION_TARGETS[kind];
  const days = target.company ? companyDays(kind, target.company) : await platformPeriodOf(db, kind);
  const aged = olderThan(target.createdAt, now, days);
  const picked = db
    .select({ id: target.id })
    .from(target.table)
    .where(target.kept ? and(not(target.kept), aged) : aged)
    .limit(limit)
    .for('update', { skipLocked: true });
  const files = target.files ?? [];
  const removed = (await db
    .delete(target.table)
    .where(inArray(target.id, picked))
    .returning({
      companyId: target.company ? sql<number | null>`${target.company}` : sql<number | null>`null`,
      ...Object.fromEntries(files.map((column, index) => [`file${index}`, column])),
    })) as ({ companyId: number | null } & Record<string, string | number | null>)[];
  return {
    rows: removed.length,
    fileKeys: removed.flatMap((row) => files.map((_column, index) => row[`file${index}`] as string)),
    byCompany: target.company ? countByCompany(removed) : NO_COMPANY,
  };
}

/** The draw's data goes once its period after the draw is over; before the draw, nothing goes. */
async function deleteExpiredPromo(db: Database, now: Date, limit: number): Promise<RetentionBatch> {
  const days = await platformPeriodOf(db, 'promo');
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
