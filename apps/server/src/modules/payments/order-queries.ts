import { and, asc, count, desc, eq, gte } from 'drizzle-orm';
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
 * get nothing. Returns the updated order to the one caller that changed it.
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
  await db.update(orders).set({ receiptSentAt: new Date() }).where(eq(orders.id, orderId));
  await addOrderEvent(db, orderId, 'paid', 'Comprobante enviado por correo');
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
