import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

import { createdAt } from './columns';
import { plans, users } from './core';

// ─── Payments: checkout orders and the Flow simulator (docs/decisions/013-checkout-and-flow.md) ───

/**
 * A purchase of the plan. `amount` is always the plan's price as the server computed it;
 * `flowToken` is the payment provider's token, unguessable, which the payment result page and
 * the provider's confirmation present. `status` moves from pending exactly once.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /**
     * The buyer; null once the account is deleted: tax law keeps the purchase 6 years, with the
     * person removed from it (the e-mail emptied, the shipping data dropped; decision 034).
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Our order number at the provider (`commerceOrder`): random, so no two databases collide. */
    commerceOrder: text('commerce_order').notNull().unique(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    monthsPaid: integer('months_paid').notNull(),
    qty: integer('qty').notNull().default(1),
    subject: text('subject').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('CLP'),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'paid', 'rejected', 'cancelled', 'failed'] })
      .notNull()
      .default('pending'),
    flowToken: text('flow_token').unique(),
    flowOrder: integer('flow_order'),
    paymentMedia: text('payment_media'),
    /** As the provider writes it ('2026-05-04 13:45:10', Chile time). */
    paymentDate: text('payment_date'),
    /** The checkout's shipping data (name, address, region, commune…); null for plan-only orders. */
    shipping: jsonb('shipping').$type<OrderShipping>(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    receiptSentAt: timestamp('receipt_sent_at', { withTimezone: true }),
    /**
     * When the reconciliation last asked the provider about this pending order. Set in the same
     * statement that picks the order, so another process's sweep passes it over.
     */
    flowCheckedAt: timestamp('flow_checked_at', { withTimezone: true }),
    /** Tries to e-mail the receipt so far (the first by whoever settled it as paid), and the last. */
    receiptAttempts: integer('receipt_attempts').notNull().default(0),
    receiptAttemptedAt: timestamp('receipt_attempted_at', { withTimezone: true }),
  },
  (table) => [
    index('orders_user_idx').on(table.userId, table.createdAt),
    // The reconciliation's two queues (docs/decisions/021-payment-reconciliation.md): small partial
    // indexes, so a sweep never scans the settled history.
    index('orders_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    index('orders_receipt_due_idx')
      .on(table.paidAt)
      .where(sql`${table.status} = 'paid' and ${table.receiptSentAt} is null`),
  ],
);

export type OrderShipping = {
  name: string;
  last_name: string;
  phone: string;
  address: string;
  region_id: number;
  region: string;
  comuna_id: number;
  comuna: string;
  zip_code: string | null;
};

/** Every state an order went through, and why: created, sent to the provider, paid, refused… */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.id)],
);

/**
 * The payments of the built-in Flow simulator (never used in production): kept in the database so
 * a restart does not lose a payment in progress. Statuses are Flow's: 1 pending, 2 paid,
 * 3 rejected, 4 cancelled.
 */
export const flowSimulatorPayments = pgTable('flow_simulator_payments', {
  flowOrder: serial('flow_order').primaryKey(),
  token: text('token').notNull().unique(),
  commerceOrder: text('commerce_order').notNull().unique(),
  subject: text('subject').notNull(),
  currency: text('currency').notNull(),
  amount: integer('amount').notNull(),
  email: text('email').notNull(),
  urlConfirmation: text('url_confirmation').notNull(),
  urlReturn: text('url_return').notNull(),
  status: integer('status').notNull().default(1),
  paymentMedia: text('payment_media'),
  paymentDate: text('payment_date'),
  createdAt: createdAt(),
});
