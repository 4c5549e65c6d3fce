import { and, count, desc, eq, gte, isNull } from 'drizzle-orm';
import type { CallLink, CallLinkChannel, CallLinkState } from '@seguridad/contracts/http/call-links';
import type { Database } from '../../db/client';
import { callLinks, companies, videoCalls } from '../../db/schema';

type LinkRow = typeof callLinks.$inferSelect;
type CallRow = typeof videoCalls.$inferSelect;

/** Where a link is now, from its own row and its call's (decision 061). */
export function stateOf(
  link: LinkRow,
  call: Pick<CallRow, 'status' | 'callerTokenHash'>,
  now: Date,
): CallLinkState {
  if (call.status === 'ended' || call.status === 'abandoned') return link.openedAt ? 'ended' : 'expired';
  if (!link.openedAt) {
    if (link.expiresAt <= now) return 'expired';
    if (link.delivery === 'failed') return 'failed';
    return link.delivery === 'delivered' ? 'delivered' : 'sent';
  }
  return call.status === 'active' && call.callerTokenHash ? 'in_call' : 'opened';
}

export function toCallLink(
  link: LinkRow,
  call: Pick<CallRow, 'status' | 'callerTokenHash'>,
  now: Date,
): CallLink {
  return {
    id: link.id,
    call_id: link.callId,
    phone: link.phone,
    channel: link.channel,
    state: stateOf(link, call, now),
    sent_at: link.sentAt.toISOString(),
    expires_at: link.expiresAt.toISOString(),
  };
}

export async function callLinkMinutesOf(db: Database, companyId: number): Promise<number> {
  const [company] = await db
    .select({ minutes: companies.callLinkMinutes })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company?.minutes ?? 15;
}

/** Links this operator sent since `since`, and links this phone received at the company since `since`. */
export async function recentSends(
  db: Database,
  {
    companyId,
    operatorId,
    phone,
    operatorSince,
    phoneSince,
  }: {
    companyId: number;
    operatorId: number;
    phone: string;
    operatorSince: Date;
    phoneSince: Date;
  },
): Promise<{ byOperator: number; toPhone: number }> {
  const [[byOperator], [toPhone]] = await Promise.all([
    db
      .select({ total: count() })
      .from(callLinks)
      .where(and(eq(callLinks.operatorId, operatorId), gte(callLinks.sentAt, operatorSince))),
    db
      .select({ total: count() })
      .from(callLinks)
      .where(
        and(
          eq(callLinks.companyId, companyId),
          eq(callLinks.phone, phone),
          gte(callLinks.sentAt, phoneSince),
        ),
      ),
  ]);
  return { byOperator: byOperator?.total ?? 0, toPhone: toPhone?.total ?? 0 };
}

export async function insertCallLink(
  db: Database,
  link: {
    companyId: number;
    operatorId: number;
    callId: number;
    phone: string;
    channel: CallLinkChannel;
    expiresAt: Date;
  },
): Promise<LinkRow> {
  const [row] = await db.insert(callLinks).values(link).returning();
  return row!;
}

export async function setProviderId(db: Database, id: number, providerId: string): Promise<void> {
  await db.update(callLinks).set({ providerId }).where(eq(callLinks.id, id));
}

/** The provider's report: delivered or failed (a later "sent" never undoes a delivery). */
export async function recordDelivery(
  db: Database,
  providerId: string,
  delivery: 'delivered' | 'failed',
  at: Date,
): Promise<boolean> {
  const updated = await db
    .update(callLinks)
    .set(delivery === 'delivered' ? { delivery, deliveredAt: at } : { delivery })
    .where(eq(callLinks.providerId, providerId))
    .returning({ id: callLinks.id });
  return updated.length > 0;
}

/** The operator's latest links, newest first, with their calls' state. */
export async function linksOfOperator(db: Database, companyId: number, operatorId: number, now: Date) {
  const rows = await db
    .select({
      link: callLinks,
      call: { status: videoCalls.status, callerTokenHash: videoCalls.callerTokenHash },
    })
    .from(callLinks)
    .innerJoin(videoCalls, eq(videoCalls.id, callLinks.callId))
    .where(and(eq(callLinks.companyId, companyId), eq(callLinks.operatorId, operatorId)))
    .orderBy(desc(callLinks.sentAt), desc(callLinks.id))
    .limit(20);
  return rows.map((row) => toCallLink(row.link, row.call, now));
}

/** The link that opens this company's private room of this name, with its call, if it was made for one. */
export async function linkOfRoom(db: Database, companyId: number, room: string) {
  const [row] = await db
    .select({ link: callLinks, call: videoCalls })
    .from(callLinks)
    .innerJoin(videoCalls, eq(videoCalls.id, callLinks.callId))
    .where(and(eq(videoCalls.room, room), eq(videoCalls.companyId, companyId)))
    .limit(1);
  return row;
}

/** The first opening of the link; later openings (a reload) leave it. */
export async function markOpened(db: Database, id: number, at: Date): Promise<void> {
  await db
    .update(callLinks)
    .set({ openedAt: at })
    .where(and(eq(callLinks.id, id), isNull(callLinks.openedAt)));
}
