import { and, eq, isNotNull } from 'drizzle-orm';
import type { HoldSubject } from '@seguridad/contracts/http/retention';
import type { Database } from '../../db/client';
import { contactMessages, videoCalls, videoMails } from '../../db/schema';

const tableOf = {
  call: videoCalls,
  video_mail: videoMails,
  contact_message: contactMessages,
} as const;

/**
 * Puts a legal hold on a company's call, video mail or contact message (a new reason replaces
 * the old one). False when the company has no such item.
 */
export async function placeHold(
  db: Database,
  hold: { subject: HoldSubject; id: number; companyId: number; reason: string; userId: number },
): Promise<boolean> {
  const table = tableOf[hold.subject];
  const updated = await db
    .update(table)
    .set({ holdReason: hold.reason, heldAt: new Date(), heldBy: hold.userId })
    .where(and(eq(table.id, hold.id), eq(table.companyId, hold.companyId)))
    .returning({ id: table.id });
  return updated.length > 0;
}

/** Releases a hold: the item's retention applies again. False when there was no held item. */
export async function releaseHold(
  db: Database,
  hold: { subject: HoldSubject; id: number; companyId: number },
): Promise<boolean> {
  const table = tableOf[hold.subject];
  const updated = await db
    .update(table)
    .set({ holdReason: null, heldAt: null, heldBy: null })
    .where(and(eq(table.id, hold.id), eq(table.companyId, hold.companyId), isNotNull(table.holdReason)))
    .returning({ id: table.id });
  return updated.length > 0;
}

/** The company's held items, newest hold first, for the console. */
export async function heldItemsOf(db: Database, companyId: number) {
  const rows = await Promise.all(
    (Object.keys(tableOf) as HoldSubject[]).map(async (subject) => {
      const table = tableOf[subject];
      const held = await db
        .select({ id: table.id, reason: table.holdReason, heldAt: table.heldAt })
        .from(table)
        .where(and(eq(table.companyId, companyId), isNotNull(table.holdReason)));
      return held.map((row) => ({
        subject,
        id: row.id,
        reason: row.reason ?? '',
        held_at: row.heldAt?.toISOString() ?? '',
      }));
    }),
  );
  return rows.flat().sort((a, b) => b.held_at.localeCompare(a.held_at));
}
