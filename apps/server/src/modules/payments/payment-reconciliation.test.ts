import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client';
import { orders } from '../../db/schema';
import type { MailSender } from '../../integrations/mail/mail-sender';
import { createOutboxMailSender } from '../../integrations/mail/outbox-mail-sender';
import { getAs, newSession } from '../../testing/accounts';
import { startFlowStandIn, useTestAppOnFlowStandIn, type FlowStandIn } from '../../testing/flow-stand-in';
import {
  confirmPayment,
  eventsOf,
  pressOnSimulator,
  receiptsTo,
  settleAtFlowSilently,
  startedPaymentToken,
  storedOrder,
} from '../../testing/payments';
import { createTestApp, openTestDatabase, useTestApp, type TestContext } from '../../testing/test-app';
import {
  RECEIPT_FIRST_RETRY_MS,
  RECEIPT_MAX_ATTEMPTS,
  SWEEP_MAX_PER_RUN,
  UNPAID_ORDER_LIFETIME_MS,
  reconcilePayments,
} from './payment-reconciliation';
import { FLOW_PAYMENT_WINDOW_SECONDS } from './payment-service';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Moves an order's creation back in time, as if the buyer had left Flow's page that long ago. */
async function ageOrder(ctx: TestContext, flowToken: string, ageMs: number) {
  await ctx.database.db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - ageMs) })
    .where(eq(orders.flowToken, flowToken));
}

async function notesOf(ctx: TestContext, orderId: number, note: string) {
  return (await eventsOf(ctx, orderId)).filter((event) => event.note === note);
}

function later(ms: number) {
  return new Date(Date.now() + ms);
}

let buyers = 0;

/**
 * A buyer of their own, so receipts are counted per test, on an address of their own, so the
 * file's many payments stay under the per-IP limit on starting them.
 */
async function buyer(ctx: TestContext, name: string) {
  const email = `${name}@example.com`;
  const session = await newSession(ctx, email);
  buyers += 1;
  const address = `192.0.2.${buyers}`;
  return { email, session, startPayment: () => startedPaymentToken(ctx, session, address) };
}

describe('payment reconciliation against the simulator', () => {
  const ctx = useTestApp();

  it('settles an order paid at Flow whose confirmation never came, with one receipt', async () => {
    const { email, startPayment } = await buyer(ctx, 'confirmacion-perdida');
    const token = await startPayment();
    await settleAtFlowSilently(ctx, token, 'paid');
    await ageOrder(ctx, token, 11 * MINUTE_MS);

    const result = await reconcilePayments(ctx.app);
    expect(result.settled).toBeGreaterThanOrEqual(1);
    const order = await storedOrder(ctx, token);
    expect(order).toMatchObject({ status: 'paid', paymentMedia: 'Webpay' });
    expect(order.receiptSentAt).not.toBeNull();
    const receipts = await receiptsTo(ctx, email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(order.commerceOrder);

    // Flow's confirmation arriving late, and later sweeps, change nothing.
    expect((await confirmPayment(ctx, token)).statusCode).toBe(200);
    await reconcilePayments(ctx.app, { now: later(DAY_MS) });
    expect(await receiptsTo(ctx, email)).toHaveLength(1);
    expect(await notesOf(ctx, order.id, 'Pago confirmado por Flow')).toHaveLength(1);
  });

  it('settles a rejected payment as rejected and leaves one still open at Flow pending', async () => {
    const { email, startPayment } = await buyer(ctx, 'rechazo-y-espera');
    const rejected = await startPayment();
    const open = await startPayment();
    await settleAtFlowSilently(ctx, rejected, 'rejected');
    await ageOrder(ctx, rejected, 30 * MINUTE_MS);
    await ageOrder(ctx, open, 30 * MINUTE_MS);

    await reconcilePayments(ctx.app);
    const rejectedOrder = await storedOrder(ctx, rejected);
    expect(rejectedOrder.status).toBe('rejected');
    expect(rejectedOrder.paidAt).toBeNull();
    const openOrder = await storedOrder(ctx, open);
    expect(openOrder.status).toBe('pending');
    expect(openOrder.flowCheckedAt).not.toBeNull();
    expect(await receiptsTo(ctx, email)).toHaveLength(0);

    // Paid at Flow afterwards: the next sweep that asks about it settles it.
    await settleAtFlowSilently(ctx, open, 'paid');
    await reconcilePayments(ctx.app, { now: later(10 * MINUTE_MS) });
    expect((await storedOrder(ctx, open)).status).toBe('paid');
    expect(await receiptsTo(ctx, email)).toHaveLength(1);
  });

  it('leaves an order younger than the minimum age to the buyer who is paying it', async () => {
    const { email, startPayment } = await buyer(ctx, 'pagando-ahora');
    const token = await startPayment();
    await settleAtFlowSilently(ctx, token, 'paid');
    await ageOrder(ctx, token, ctx.config.paymentSweep.minAgeMs - MINUTE_MS);

    await reconcilePayments(ctx.app);
    const order = await storedOrder(ctx, token);
    expect(order.status).toBe('pending');
    expect(order.flowCheckedAt).toBeNull();
    expect(await receiptsTo(ctx, email)).toHaveLength(0);
  });

  it('asks again about an open order only after a pause that grows with its age', async () => {
    const { startPayment } = await buyer(ctx, 'sin-decidir');
    const token = await startPayment();
    await ageOrder(ctx, token, 60 * MINUTE_MS);
    const start = Date.now();

    await reconcilePayments(ctx.app, { now: new Date(start) });
    const firstCheck = (await storedOrder(ctx, token)).flowCheckedAt;
    expect(firstCheck?.getTime()).toBe(start);
    // Asked when an hour old: asked again once a quarter of its age has passed since, 20 minutes
    // later (by then it is 80 minutes old); a sweep every few minutes meanwhile leaves it be.
    await reconcilePayments(ctx.app, { now: new Date(start + 15 * MINUTE_MS) });
    expect((await storedOrder(ctx, token)).flowCheckedAt?.getTime()).toBe(start);
    await reconcilePayments(ctx.app, { now: new Date(start + 21 * MINUTE_MS) });
    expect((await storedOrder(ctx, token)).flowCheckedAt?.getTime()).toBe(start + 21 * MINUTE_MS);
  });

  it('closes an order still unpaid past its lifetime, saying why; one paid by then is settled', async () => {
    const { email, session, startPayment } = await buyer(ctx, 'abandono');
    const abandoned = await startPayment();
    const paidLate = await startPayment();
    const young = await startPayment();
    await settleAtFlowSilently(ctx, paidLate, 'paid');
    await ageOrder(ctx, abandoned, UNPAID_ORDER_LIFETIME_MS + MINUTE_MS);
    await ageOrder(ctx, paidLate, UNPAID_ORDER_LIFETIME_MS + MINUTE_MS);
    await ageOrder(ctx, young, UNPAID_ORDER_LIFETIME_MS - DAY_MS);

    const result = await reconcilePayments(ctx.app);
    expect(result.closed).toBe(1);
    const closed = await storedOrder(ctx, abandoned);
    expect(closed.status).toBe('cancelled');
    expect((await eventsOf(ctx, closed.id)).at(-1)).toEqual({
      status: 'cancelled',
      note: 'Sin pago en 7 días: orden anulada',
    });
    expect((await storedOrder(ctx, paidLate)).status).toBe('paid');
    expect((await storedOrder(ctx, young)).status).toBe('pending');
    expect(await receiptsTo(ctx, email)).toHaveLength(1);

    // The buyer sees it as the web knows it: "Anulado" in Mis compras, with its history.
    const detail = await getAs(ctx, session, `/api/v1/orders/${closed.id}`);
    expect(detail.json().order).toMatchObject({ state: 'cancelled' });
    expect(detail.json().order.events.at(-1)).toMatchObject({ note: 'Sin pago en 7 días: orden anulada' });
  });

  it('two sweeps at once, in one process or two, settle an order once with one receipt', async () => {
    const { email, startPayment } = await buyer(ctx, 'dos-procesos');
    const token = await startPayment();
    await settleAtFlowSilently(ctx, token, 'paid');
    await ageOrder(ctx, token, 11 * MINUTE_MS);
    const other = await createTestApp({ database: ctx.database });
    try {
      await Promise.all([
        reconcilePayments(ctx.app),
        reconcilePayments(other.app),
        reconcilePayments(ctx.app),
      ]);
    } finally {
      await other.close();
    }
    const order = await storedOrder(ctx, token);
    expect(order.status).toBe('paid');
    expect(await receiptsTo(ctx, email)).toHaveLength(1);
    expect(await notesOf(ctx, order.id, 'Pago confirmado por Flow')).toHaveLength(1);
    expect(await notesOf(ctx, order.id, 'Comprobante enviado por correo')).toHaveLength(1);
  });

  it('tells Flow to stop taking a payment well before the order is closed', () => {
    expect(UNPAID_ORDER_LIFETIME_MS).toBeGreaterThan(2 * FLOW_PAYMENT_WINDOW_SECONDS * 1000);
  });
});

describe('receipts that could not be sent', () => {
  let database: DatabaseHandle;
  let ctx: TestContext;
  /** Addresses the mail server refuses, as an SMTP outage would. */
  const refused = new Set<string>();
  /** Addresses of the sends the mail server refused (the sign-up's own mail came before). */
  const sent: string[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    const outbox = createOutboxMailSender(database.db);
    const mail: MailSender = {
      kind: 'outbox',
      async send(message) {
        if (refused.has(message.to)) {
          sent.push(message.to);
          throw new Error('421 service not available');
        }
        await outbox.send(message);
      },
      async close() {},
    };
    ctx = await createTestApp({ database, mail });
  });
  afterAll(async () => {
    await ctx.close();
    await database.close();
  });

  /** A paid order whose receipt failed when it was paid. */
  async function paidWithoutReceipt(name: string) {
    const { email, startPayment } = await buyer(ctx, name);
    refused.add(email);
    const token = await startPayment();
    await pressOnSimulator(ctx, token, 'pay');
    const order = await storedOrder(ctx, token);
    expect(order).toMatchObject({ status: 'paid', receiptSentAt: null, receiptAttempts: 1 });
    return { email, token, order };
  }

  it('sends it on a later sweep, once', async () => {
    const { email, token, order } = await paidWithoutReceipt('comprobante-demorado');
    refused.delete(email);

    // Not at once: the first try may still be under way.
    await reconcilePayments(ctx.app, { now: later(RECEIPT_FIRST_RETRY_MS / 2) });
    expect(await receiptsTo(ctx, email)).toHaveLength(0);

    const result = await reconcilePayments(ctx.app, { now: later(RECEIPT_FIRST_RETRY_MS + MINUTE_MS) });
    expect(result.receiptsSent).toBeGreaterThanOrEqual(1);
    expect(await receiptsTo(ctx, email)).toHaveLength(1);
    expect((await storedOrder(ctx, token)).receiptSentAt).not.toBeNull();

    await reconcilePayments(ctx.app, { now: later(DAY_MS) });
    expect(await receiptsTo(ctx, email)).toHaveLength(1);
    expect(await notesOf(ctx, order.id, 'Comprobante enviado por correo')).toHaveLength(1);
  });

  it('two sweeps at once, in one process or two, send it once', async () => {
    const { email } = await paidWithoutReceipt('comprobante-en-paralelo');
    refused.delete(email);
    const other = await createTestApp({ database, mail: ctx.app.mail });
    const when = later(RECEIPT_FIRST_RETRY_MS + MINUTE_MS);
    try {
      await Promise.all([
        reconcilePayments(ctx.app, { now: when }),
        reconcilePayments(other.app, { now: when }),
        reconcilePayments(ctx.app, { now: when }),
      ]);
    } finally {
      await other.close();
    }
    expect(await receiptsTo(ctx, email)).toHaveLength(1);
  });

  it('gives up after a bounded number of tries, spaced further and further apart', async () => {
    const { email, token } = await paidWithoutReceipt('buzon-roto');
    const triesAt = (count: number) => sent.filter((to) => to === email).length === count;
    expect(triesAt(1)).toBe(true);
    let elapsed = 0;
    for (let attempt = 2; attempt <= RECEIPT_MAX_ATTEMPTS; attempt += 1) {
      const wait = RECEIPT_FIRST_RETRY_MS * 2 ** (attempt - 2);
      // Just before the wait is over nothing happens; just after, one more try.
      await reconcilePayments(ctx.app, { now: later(elapsed + wait - MINUTE_MS) });
      expect(triesAt(attempt - 1)).toBe(true);
      elapsed += wait + MINUTE_MS;
      await reconcilePayments(ctx.app, { now: later(elapsed) });
      expect(triesAt(attempt)).toBe(true);
    }
    await reconcilePayments(ctx.app, { now: later(elapsed + 2 * DAY_MS) });
    expect(triesAt(RECEIPT_MAX_ATTEMPTS)).toBe(true);
    const order = await storedOrder(ctx, token);
    expect(order).toMatchObject({
      status: 'paid',
      receiptSentAt: null,
      receiptAttempts: RECEIPT_MAX_ATTEMPTS,
    });
  });

  it('leaves alone an order paid long before retries existed', async () => {
    const { email, token } = await paidWithoutReceipt('pagado-hace-tiempo');
    refused.delete(email);
    await ctx.database.db
      .update(orders)
      .set({
        paidAt: sql`now() - interval '4 days'`,
        receiptAttempts: 0,
        receiptAttemptedAt: null,
      })
      .where(eq(orders.flowToken, token));
    await reconcilePayments(ctx.app);
    expect(await receiptsTo(ctx, email)).toHaveLength(0);
  });
});

describe('payment reconciliation when Flow does not answer', () => {
  const { ctx, standIn } = useTestAppOnFlowStandIn();

  it('leaves the order pending when Flow times out, and a later sweep settles it', async () => {
    const { email, startPayment } = await buyer(ctx, 'flow-caido');
    const token = await startPayment();
    expect(standIn.createRequests.at(-1)?.timeout).toBe(String(FLOW_PAYMENT_WINDOW_SECONDS));
    standIn.settle(token, 2);
    await ageOrder(ctx, token, 11 * MINUTE_MS);

    standIn.state.hang = true;
    const first = await reconcilePayments(ctx.app);
    expect(first).toMatchObject({ checked: 1, unreachable: 1, settled: 0 });
    expect((await storedOrder(ctx, token)).status).toBe('pending');
    expect(await receiptsTo(ctx, email)).toHaveLength(0);

    standIn.state.hang = false;
    const second = await reconcilePayments(ctx.app, { now: later(5 * MINUTE_MS) });
    expect(second).toMatchObject({ checked: 1, settled: 1 });
    expect((await storedOrder(ctx, token)).status).toBe('paid');
    expect(await receiptsTo(ctx, email)).toHaveLength(1);
  });

  it('goes on to the other orders when Flow refuses to answer about one', async () => {
    standIn.state.hang = false;
    const { startPayment } = await buyer(ctx, 'uno-falla');
    const unknown = await startPayment();
    const paid = await startPayment();
    await ctx.database.db
      .update(orders)
      .set({ flowToken: 'TOKEN-DESCONOCIDO' })
      .where(eq(orders.flowToken, unknown));
    await ageOrder(ctx, 'TOKEN-DESCONOCIDO', 20 * MINUTE_MS);
    standIn.settle(paid, 2);
    await ageOrder(ctx, paid, 15 * MINUTE_MS);

    const result = await reconcilePayments(ctx.app);
    expect(result).toMatchObject({ checked: 2, unreachable: 1, settled: 1 });
    expect(standIn.statusRequests.slice(-2)).toEqual(['TOKEN-DESCONOCIDO', paid]);
    expect((await storedOrder(ctx, 'TOKEN-DESCONOCIDO')).status).toBe('pending');
    expect((await storedOrder(ctx, paid)).status).toBe('paid');
  });

  it('asks Flow about a bounded number of orders a run; the next run takes the rest', async () => {
    standIn.state.hang = false;
    const { startPayment } = await buyer(ctx, 'atraso');
    const template = await storedOrder(ctx, await startPayment());
    const backlog = SWEEP_MAX_PER_RUN + 5;
    await ctx.database.db.insert(orders).values(
      Array.from({ length: backlog }, (_, index) => ({
        userId: template.userId,
        commerceOrder: `${template.commerceOrder}-${index}`,
        planId: template.planId,
        monthsPaid: template.monthsPaid,
        subject: template.subject,
        amount: template.amount,
        email: template.email,
        flowToken: `ATRASO-${index}`,
        createdAt: new Date(Date.now() - 60 * MINUTE_MS - index * 1000),
      })),
    );
    const askedAbout = () =>
      new Set(standIn.statusRequests.filter((token) => token.startsWith('ATRASO-'))).size;

    const first = await reconcilePayments(ctx.app);
    expect(first.checked).toBe(SWEEP_MAX_PER_RUN);
    expect(askedAbout()).toBe(SWEEP_MAX_PER_RUN);
    // A minute later the ones asked about are not due again; the five left over are.
    const second = await reconcilePayments(ctx.app, { now: later(MINUTE_MS) });
    expect(second.checked).toBe(5);
    expect(askedAbout()).toBe(backlog);
  });

  it('two sweeps at once ask Flow about an order once', async () => {
    standIn.state.hang = false;
    const { email, startPayment } = await buyer(ctx, 'una-pregunta');
    const token = await startPayment();
    standIn.settle(token, 2);
    await ageOrder(ctx, token, 11 * MINUTE_MS);
    const other = await createTestApp({ database: ctx.database, env: standIn.env });
    try {
      await Promise.all([reconcilePayments(ctx.app), reconcilePayments(other.app)]);
    } finally {
      await other.close();
    }
    expect(standIn.statusRequests.filter((asked) => asked === token)).toHaveLength(1);
    expect(await receiptsTo(ctx, email)).toHaveLength(1);
  });
});

describe('the reconciliation plugin', () => {
  let standIn: FlowStandIn;
  let ctx: TestContext;
  beforeAll(async () => {
    standIn = await startFlowStandIn();
    ctx = await createTestApp({
      env: {
        ...standIn.env,
        FLOW_TIMEOUT_MS: '1000',
        PAYMENT_SWEEP_FIRST_DELAY_MS: '0',
        PAYMENT_SWEEP_INTERVAL_MS: '1000',
        PAYMENT_SWEEP_MIN_AGE_MS: '0',
      },
    });
  });
  afterAll(async () => {
    await ctx.database.close();
    await standIn.close();
  });

  async function until(check: () => Promise<boolean>, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('sweeps on its own; on close it finishes the order in flight, stops, and sweeps no more', async () => {
    standIn.state.hang = false;
    const { startPayment } = await buyer(ctx, 'plugin');
    const paid = await startPayment();
    standIn.settle(paid, 2);
    await until(async () => (await storedOrder(ctx, paid)).status === 'paid', 5_000);

    standIn.state.hang = true;
    const asked = standIn.nextStatusRequest();
    const first = await startPayment();
    const second = await startPayment();
    await asked;
    const askedAt = Date.now();
    const askedSoFar = standIn.statusRequests.length;

    await ctx.app.close();
    const closedAfter = Date.now() - askedAt;
    // It waited for Flow's deadline (1 s) on the order in flight, and went no further.
    expect(closedAfter).toBeGreaterThanOrEqual(500);
    expect(closedAfter).toBeLessThan(4_000);
    expect(standIn.statusRequests).toHaveLength(askedSoFar);

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(standIn.statusRequests).toHaveLength(askedSoFar);
    expect((await storedOrder(ctx, first)).status).toBe('pending');
    expect((await storedOrder(ctx, second)).status).toBe('pending');
  });
});
