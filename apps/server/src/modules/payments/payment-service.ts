import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { paymentsApi } from '@seguridad/contracts/http/payments';
import { paymentTexts } from '@seguridad/contracts/messages';
import { FlowError } from '../../integrations/flow/flow-client';
import { AppError } from '../../lib/app-error';
import { userInfoOf } from '../identity/user-queries';
import {
  addOrderEventOnce,
  attachFlowPayment,
  findOrderByToken,
  insertOrder,
  markOrderFailed,
  markReceiptSent,
  settleOrder,
  type NewOrder,
  type OrderRow,
} from './order-queries';
import { purchaseReceiptMail } from './payment-mails';
import type { Deps } from '../../lib/dependencies';

/**
 * How long a buyer has to pay at Flow. Flow keeps a payment payable forever unless told otherwise;
 * with a window, the reconciliation can close an order that was never paid without the buyer
 * being able to pay it afterwards (docs/decisions/021-payment-reconciliation.md).
 */
export const FLOW_PAYMENT_WINDOW_SECONDS = 2 * 24 * 60 * 60;

/** Ours at Flow: random, so orders of two databases (a reset sandbox) never collide. */
export function newCommerceOrder(): string {
  return `CS-${randomBytes(9).toString('base64url')}`;
}

/**
 * Stores the order, then asks Flow for a payment of exactly its amount. A refusal or a timeout
 * leaves the order failed (with why, in its history) and answers the checkout's own sentence.
 */
export async function startPayment(
  app: Deps<'config' | 'database' | 'flow'>,
  values: Omit<NewOrder, 'commerceOrder'>,
  log: FastifyBaseLogger,
): Promise<{ url: string; token: string }> {
  // No Flow and no simulator (not in demo mode): say so plainly rather than store an order that
  // cannot be paid.
  if (app.flow.kind === 'disabled') {
    throw new AppError(503, 'payments_unavailable', paymentTexts.unavailable);
  }
  const db = app.database.db;
  const order = await insertOrder(db, { ...values, commerceOrder: newCommerceOrder() });
  try {
    const created = await app.flow.createPayment({
      commerceOrder: order.commerceOrder,
      subject: order.subject,
      amount: order.amount,
      email: order.email,
      urlConfirmation: `${app.config.publicBaseUrl}${paymentsApi.flowConfirmation.path()}`,
      urlReturn: `${app.config.publicBaseUrl}${paymentsApi.flowReturn.path()}`,
      timeoutSeconds: FLOW_PAYMENT_WINDOW_SECONDS,
    });
    await attachFlowPayment(db, order.id, created);
    return { url: created.url, token: created.token };
  } catch (error) {
    log.warn({ err: error, orderId: order.id }, 'flow: the payment could not be created');
    const why = error instanceof FlowError ? error.kind : 'error';
    await markOrderFailed(db, order.id, `Flow no creó el pago (${why})`);
    throw new AppError(503, 'payment_start_failed', paymentTexts.startFailed);
  }
}

export type SettleResult = { order: OrderRow; flowReached: boolean };

/**
 * Asks Flow how a pending order's payment went and believes only that answer: the amount,
 * currency and commerce order must be ours. Paid, rejected or cancelled settle the order once;
 * the caller that settled it as paid sends the receipt. When Flow cannot be reached the order
 * stays as it was, for the next confirmation or status check.
 */
export async function settleFromFlow(
  app: Deps<'config' | 'database' | 'flow' | 'mail'>,
  order: OrderRow,
  log: FastifyBaseLogger,
): Promise<SettleResult> {
  if (order.status !== 'pending' || !order.flowToken) return { order, flowReached: true };
  const db = app.database.db;
  let status;
  try {
    status = await app.flow.getStatus(order.flowToken);
  } catch (error) {
    log.warn({ err: error, orderId: order.id }, 'flow: getStatus failed; the order stays pending');
    return { order, flowReached: false };
  }
  const paidAmount = status.paymentData?.amount;
  const matches =
    status.commerceOrder === order.commerceOrder &&
    status.currency === order.currency &&
    status.amount === order.amount &&
    (status.status !== 2 || paidAmount === undefined || paidAmount === null || paidAmount === order.amount);
  if (!matches) {
    log.error(
      {
        orderId: order.id,
        flow: { commerceOrder: status.commerceOrder, amount: status.amount, currency: status.currency },
      },
      'flow: the payment does not match our order; it stays unpaid',
    );
    await addOrderEventOnce(db, order.id, order.status, 'Flow informó un pago que no coincide con la orden');
    return { order, flowReached: true };
  }
  if (status.status === 1) return { order, flowReached: true };
  const settled = await settleOrder(
    db,
    order.id,
    status.status === 2
      ? {
          state: 'paid',
          flowOrder: status.flowOrder,
          paymentMedia: status.paymentData?.media ?? null,
          paymentDate: status.paymentData?.date ?? null,
        }
      : { state: status.status === 3 ? 'rejected' : 'cancelled', flowOrder: status.flowOrder },
  );
  if (!settled) {
    // Another confirmation (or the browser's return) got there first: read what it wrote.
    return { order: (await findOrderByToken(db, order.flowToken)) ?? order, flowReached: true };
  }
  if (settled.status === 'paid') await sendReceipt(app, settled, log);
  return { order: settled, flowReached: true };
}

/**
 * E-mails the receipt of a paid order and records it. A failure is logged and left for the
 * reconciliation, which retries a few times (decision 021). Returns whether it was sent.
 */
export async function sendReceipt(
  app: Deps<'config' | 'database' | 'mail'>,
  order: OrderRow,
  log: FastifyBaseLogger,
): Promise<boolean> {
  // The buyer deleted the account: the order stays for tax law, but there is nobody to write to.
  if (order.userId === null || !order.email) return false;
  try {
    const user = await userInfoOf(app.database.db, order.userId);
    const name = order.shipping?.name ?? user?.profile.name ?? '';
    await app.mail.send(
      purchaseReceiptMail(
        { brandName: app.config.brandName, publicBaseUrl: app.config.publicBaseUrl, name },
        order,
      ),
    );
    await markReceiptSent(app.database.db, order.id);
    return true;
  } catch (error) {
    log.error({ err: error, orderId: order.id }, 'the receipt of a paid order could not be sent');
    return false;
  }
}

/** The spec's order status: Flow's status numbers, and how and when it was paid. */
export function orderStatusOf(order: OrderRow) {
  const status = ({ pending: 1, paid: 2, rejected: 3, cancelled: 4, failed: 3 } as const)[order.status];
  return {
    flowOrder: order.flowOrder,
    commerceOrder: order.commerceOrder,
    amount: order.amount,
    currency: order.currency,
    status,
    paymentData: { media: order.paymentMedia, date: order.paymentDate },
  };
}
