import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { OrderState, OrderSummary } from '@seguridad/contracts/http/payments';
import type { Database } from '../../db/client';
import { orderEvents, orders, type OrderShipping } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;

export type NewOrder = {
  userId: number;
  commerceOrder: string;
  planId: number;
  monthsPaid: number;
  qty: number;
  subject: string;
  amount: number;
  email: string;
  shipping: OrderShipping | null;
};

/** A new order, pending, with its first event. */
export async function insertOrder(db: Database, values: NewOrder): Promise<OrderRow> {
  const [order] = await db.insert(orders).values(values).returning();
  if (!order) throw new Error('order insert returned nothing');
  await addOrderEvent(db, order.id, 'pending', 'Orden creada');
  return order;
}

export async function addOrderEvent(db: Database, orderId: number, status: string, note: string) {
  await db.insert(orderEvents).values({ orderId, status, note });
}

/**
 * Records a note the first time only: what every status check would otherwise repeat (the
 * result page asks every few seconds) goes into the order's history once.
 */
export async function addOrderEventOnce(db: Database, orderId: number, status: string, note: string) {
  await db.execute(sql`
    insert into ${orderEvents} (order_id, status, note)
    select ${orderId}, ${status}, ${note}
    where not exists (select 1 from ${orderEvents} where order_id = ${orderId} and note = ${note})`);
}

export async function attachFlowPayment(
  db: Database,
  orderId: number,
  payment: { token: string; flowOrder: number },
): Promise<void> {
  await db
    .update(orders)
    .set({ flowToken: payment.token, flowOrder: payment.flowOrder })
    .where(eq(orders.id, orderId));
  await addOrderEvent(db, orderId, 'pending', `Pago creado en Flow (orden ${payment.flowOrder})`);
}

export async function markOrderFailed(db: Database, orderId: number, note: string): Promise<void> {
  await db
    .update(orders)
    .set({ status: 'failed' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')));
  await addOrderEvent(db, orderId, 'failed', note);
}

export async function findOrderByToken(db: Database, token: string): Promise<OrderRow | null> {
  const [order] = await db.select().from(orders).where(eq(orders.flowToken, token));
  return order ?? null;
}

export async function findOrderOfUser(
  db: Database,
  userId: number,
  orderId: number,
): Promise<OrderRow | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  return order ?? null;
}

export async function ordersOfUser(db: Database, userId: number): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

export async function eventsOfOrder(db: Database, orderId: number) {
  return db
    .select({ state: orderEvents.status, note: orderEvents.note, at: orderEvents.createdAt })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
}

export async function ordersStartedSince(db: Database, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), gte(orders.createdAt, since)));
  return row?.total ?? 0;
}

export type Settlement =
  | { state: 'paid'; flowOrder: number; paymentMedia: string | null; paymentDate: string | null }
  | { state: 'rejected' | 'cancelled'; flowOrder: number };

/**
 * Moves a pending order to its outcome, exactly once: the UPDATE only matches while the order is
 * still pending, so of any number of concurrent confirmations one gets the row back and the rest
 * get nothing. Returns the updated order to the one caller that changed it. Settling as paid also
 * counts the receipt's first attempt, which that caller makes, so no sweep retries it meanwhile.
 */
export async function settleOrder(
  db: Database,
  orderId: number,
  outcome: Settlement,
): Promise<OrderRow | null> {
  const [order] = await db
    .update(orders)
    .set(
      outcome.state === 'paid'
        ? {
            status: 'paid',
            flowOrder: outcome.flowOrder,
            paymentMedia: outcome.paymentMedia,
            paymentDate: outcome.paymentDate,
            paidAt: new Date(),
            receiptAttempts: 1,
            receiptAttemptedAt: new Date(),
          }
        : { status: outcome.state, flowOrder: outcome.flowOrder },
    )
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning();
  if (!order) return null;
  const notes = { paid: 'Pago confirmado por Flow', rejected: 'Pago rechazado', cancelled: 'Pago anulado' };
  await addOrderEvent(db, orderId, outcome.state, notes[outcome.state]);
  return order;
}

export async function markReceiptSent(db: Database, orderId: number): Promise<void> {
  const [sent] = await db
    .update(orders)
    .set({ receiptSentAt: new Date() })
    .where(and(eq(orders.id, orderId), isNull(orders.receiptSentAt)))
    .returning({ id: orders.id });
  if (sent) await addOrderEvent(db, orderId, 'paid', 'Comprobante enviado por correo');
}

/** Which orders a claim takes: those matching `where`, the first `limit` in `orderBy`. */
type DueOrders = { where: SQL | undefined; orderBy: SQL[]; limit: number };

/**
 * Stamps the `due` orders with `stamp` in one statement: the selected rows are locked, and rows
 * another process is claiming at that moment are skipped, not waited for.
 */
function claimOrders(
  db: Database,
  due: DueOrders,
  stamp: PgUpdateSetSource<typeof orders>,
): Promise<OrderRow[]> {
  const ids = db
    .select({ id: orders.id })
    .from(orders)
    .where(due.where)
    .orderBy(...due.orderBy)
    .limit(due.limit)
    .for('update', { skipLocked: true });
  return db.update(orders).set(stamp).where(inArray(orders.id, ids)).returning();
}

/**
 * Claims up to `limit` pending orders that are due a question to Flow: older than `minAge`, and
 * not asked lately. How lately shrinks as the order ages (a quarter of its age, six hours at most),
 * so an abandoned checkout costs a few dozen calls over its life, not one per sweep. Least recently
 * asked first, then oldest, so a long queue cannot starve the newest orders, the likeliest to have
 * been paid. The claim stamps `flow_checked_at` in the same statement, and rows another process is
 * claiming are skipped: two sweeps never ask about the same order at once.
 */
export async function claimPendingOrders(
  db: Database,
  options: { now: Date; minAgeMs: number; limit: number },
): Promise<OrderRow[]> {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const claimed = await claimOrders(
    db,
    {
      where: and(
        eq(orders.status, 'pending'),
        isNotNull(orders.flowToken),
        lte(orders.createdAt, new Date(options.now.getTime() - options.minAgeMs)),
        or(
          isNull(orders.flowCheckedAt),
          sql`${orders.flowCheckedAt} <= ${now} - least((${now} - ${orders.createdAt}) / 4, interval '6 hours')`,
        ),
      ),
      orderBy: [sql`${orders.flowCheckedAt} asc nulls first`, asc(orders.createdAt), asc(orders.id)],
      limit: options.limit,
    },
    { flowCheckedAt: options.now },
  );
  return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}

/**
 * Claims up to `limit` paid orders whose receipt was never sent and is due another try: fewer
 * than `maxAttempts` so far, paid within `windowMs`, and the last try at least `firstRetryMs`
 * ago, doubling with each try. The claim counts the attempt in the same statement and skips rows
 * another process is claiming, so of two sweeps only one sends each receipt.
 */
export async function claimUnsentReceipts(
  db: Database,
  options: { now: Date; windowMs: number; firstRetryMs: number; maxAttempts: number; limit: number },
): Promise<OrderRow[]> {
  const now = sql`${options.now.toISOString()}::timestamptz`;
  const claimed = await claimOrders(
    db,
    {
      where: and(
        eq(orders.status, 'paid'),
        isNull(orders.receiptSentAt),
        isNotNull(orders.userId),
        sql`${orders.receiptAttempts} < ${options.maxAttempts}`,
        gte(orders.paidAt, new Date(options.now.getTime() - options.windowMs)),
        sql`coalesce(${orders.receiptAttemptedAt}, ${orders.paidAt}) <= ${now} - interval '1 millisecond' * (${options.firstRetryMs}::double precision * power(2, greatest(${orders.receiptAttempts} - 1, 0)))`,
      ),
      orderBy: [asc(orders.paidAt), asc(orders.id)],
      limit: options.limit,
    },
    { receiptAttempts: sql`${orders.receiptAttempts} + 1`, receiptAttemptedAt: options.now },
  );
  return claimed.sort((a, b) => (a.paidAt?.getTime() ?? 0) - (b.paidAt?.getTime() ?? 0) || a.id - b.id);
}

/** Closes a still pending order that will never be paid, with why; false if it was no longer pending. */
export async function closeUnpaidOrder(db: Database, orderId: number, note: string): Promise<boolean> {
  const [closed] = await db
    .update(orders)
    .set({ status: 'cancelled' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'pending')))
    .returning({ id: orders.id });
  if (!closed) return false;
  await addOrderEvent(db, orderId, 'cancelled', note);
  return true;
}

export function orderSummary(order: OrderRow): OrderSummary {
  return {
    id: order.id,
    commerceOrder: order.commerceOrder,
    subject: order.subject,
    amount: order.amount,
    currency: order.currency,
    state: order.status as OrderState,
    flowOrder: order.flowOrder,
    paymentMedia: order.paymentMedia,
    paymentDate: order.paymentDate,
    createdAt: order.createdAt.toISOString(),
    paidAt: order.paidAt?.toISOString() ?? null,
    receiptSentAt: order.receiptSentAt?.toISOString() ?? null,
  };
}
