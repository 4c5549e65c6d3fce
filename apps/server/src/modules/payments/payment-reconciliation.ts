import type { FastifyBaseLogger } from 'fastify';
import { claimPendingOrders, claimUnsentReceipts, closeUnpaidOrder, type OrderRow } from './order-queries';
import { sendReceipt, settleFromFlow } from './payment-service';
import type { Deps } from '../../lib/dependencies';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A pending order this old is closed as cancelled. Flow stops taking its payment after
 * FLOW_PAYMENT_WINDOW_SECONDS (2 days); the rest is margin for a Flow outage or a late report, so
 * that an order is never closed while its payment could still go through.
 */
export const UNPAID_ORDER_LIFETIME_MS = 7 * DAY_MS;
/** Orders claimed per query: few rows held at a time, and another process can take the next ones. */
export const SWEEP_BATCH_SIZE = 20;
/** At most this many orders asked about, and as many receipts tried, per run: a backlog drains over runs. */
export const SWEEP_MAX_PER_RUN = 200;
/** A receipt is tried this many times in all, the first by whoever settled the order as paid. */
export const RECEIPT_MAX_ATTEMPTS = 8;
/** The wait before the first retry, doubled after each (15 min, 30 min, 1 h … 16 h: ~32 h in all). */
export const RECEIPT_FIRST_RETRY_MS = 15 * 60 * 1000;
/** Paid longer ago than this, a receipt is no longer tried (orders paid before retries existed). */
export const RECEIPT_RETRY_WINDOW_MS = 3 * DAY_MS;

const closedNote = `Sin pago en ${UNPAID_ORDER_LIFETIME_MS / DAY_MS} días: orden anulada`;

export type ReconciliationResult = {
  /** Pending orders asked about at Flow. */
  checked: number;
  /** Of those, settled now (paid, rejected or cancelled, by this run or by someone else meanwhile). */
  settled: number;
  /** Still pending past UNPAID_ORDER_LIFETIME_MS, closed as cancelled. */
  closed: number;
  /** Flow gave no answer: left pending for a later run. */
  unreachable: number;
  receiptsSent: number;
  receiptsFailed: number;
};

export type ReconciliationOptions = {
  now?: Date;
  /** Stops the run between orders (the server is closing). */
  signal?: AbortSignal;
};

/**
 * One reconciliation run (docs/decisions/021-payment-reconciliation.md): asks Flow about pending
 * orders whose confirmation never came and settles them as any confirmation would, closes those
 * still unpaid past their lifetime, then retries receipts that could not be sent. Every process
 * may run it at once: each order is claimed by one run only. One order failing never stops the
 * others.
 */
export async function reconcilePayments(
  app: Deps<'config' | 'database' | 'flow' | 'log' | 'mail'>,
  options: ReconciliationOptions = {},
): Promise<ReconciliationResult> {
  const now = options.now ?? new Date();
  const result: ReconciliationResult = {
    checked: 0,
    settled: 0,
    closed: 0,
    unreachable: 0,
    receiptsSent: 0,
    receiptsFailed: 0,
  };
  const stopped = () => options.signal?.aborted === true;
  const log = app.log;

  // Without Flow nothing can be verified, and nothing is closed unverified.
  if (app.flow.kind !== 'disabled') {
    while (!stopped() && result.checked < SWEEP_MAX_PER_RUN) {
      const batch = await claimPendingOrders(app.database.db, {
        now,
        minAgeMs: app.config.paymentSweep.minAgeMs,
        limit: Math.min(SWEEP_BATCH_SIZE, SWEEP_MAX_PER_RUN - result.checked),
      });
      if (batch.length === 0) break;
      for (const order of batch) {
        if (stopped()) break;
        result.checked += 1;
        await reconcileOrder(app, order, now, result, log);
      }
    }
  }

  let receiptsTried = 0;
  while (!stopped() && receiptsTried < SWEEP_MAX_PER_RUN) {
    const batch = await claimUnsentReceipts(app.database.db, {
      now,
      windowMs: RECEIPT_RETRY_WINDOW_MS,
      firstRetryMs: RECEIPT_FIRST_RETRY_MS,
      maxAttempts: RECEIPT_MAX_ATTEMPTS,
      limit: Math.min(SWEEP_BATCH_SIZE, SWEEP_MAX_PER_RUN - receiptsTried),
    });
    if (batch.length === 0) break;
    for (const order of batch) {
      if (stopped()) break;
      receiptsTried += 1;
      if (await sendReceipt(app, order, log)) result.receiptsSent += 1;
      else result.receiptsFailed += 1;
    }
  }
  return result;
}

async function reconcileOrder(
  app: Deps<'config' | 'database' | 'flow' | 'mail'>,
  order: OrderRow,
  now: Date,
  result: ReconciliationResult,
  log: FastifyBaseLogger,
) {
  try {
    const { order: current, flowReached } = await settleFromFlow(app, order, log);
    if (!flowReached) {
      result.unreachable += 1;
      return;
    }
    if (current.status !== 'pending') {
      result.settled += 1;
      return;
    }
    if (now.getTime() - order.createdAt.getTime() >= UNPAID_ORDER_LIFETIME_MS) {
      if (await closeUnpaidOrder(app.database.db, order.id, closedNote)) {
        log.info({ orderId: order.id }, 'payments: an order never paid was closed');
        result.closed += 1;
      }
    }
  } catch (error) {
    log.error({ err: error, orderId: order.id }, 'payments: reconciling an order failed');
  }
}
