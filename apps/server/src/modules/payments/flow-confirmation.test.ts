import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { flowSimulatorPayments, orders } from '../../db/schema';
import { newSession } from '../../testing/accounts';
import {
  confirmPayment,
  eventsOf,
  orderStatus,
  paidEventsOf,
  postToConfirmation,
  pressOnSimulator,
  receiptsTo,
  settleAtFlowSilently,
  startedPaymentToken,
  storedOrder,
} from '../../testing/payments';
import { useTestApp } from '../../testing/test-app';

describe('Flow confirmation', () => {
  const ctx = useTestApp();
  let buyer: string;
  const buyerEmail = 'confirmaciones@example.com';
  beforeAll(async () => {
    buyer = await newSession(ctx, buyerEmail);
  });

  it('ignores a random token', async () => {
    const token = await startedPaymentToken(ctx, buyer);
    const forged = await confirmPayment(ctx, 'A'.repeat(40));
    expect(forged.statusCode).toBe(200);
    expect((await storedOrder(ctx, token)).status).toBe('pending');
  });

  it('believes only Flow: a post claiming payment for an unpaid order changes nothing', async () => {
    const token = await startedPaymentToken(ctx, buyer);
    const claim = await postToConfirmation(
      ctx,
      'application/x-www-form-urlencoded',
      new URLSearchParams({ token, status: '2', amount: '74995' }).toString(),
    );
    expect(claim.statusCode).toBe(200);
    expect((await storedOrder(ctx, token)).status).toBe('pending');
  });

  it('another order’s token settles that order, never this one', async () => {
    const mine = await startedPaymentToken(ctx, buyer);
    const other = await startedPaymentToken(ctx, buyer);
    await settleAtFlowSilently(ctx, other, 'paid');
    await confirmPayment(ctx, other);
    expect((await storedOrder(ctx, other)).status).toBe('paid');
    expect((await storedOrder(ctx, mine)).status).toBe('pending');
  });

  it('a rejected payment’s token leaves the order unpaid (rejected)', async () => {
    const token = await startedPaymentToken(ctx, buyer);
    await pressOnSimulator(ctx, token, 'reject');
    await confirmPayment(ctx, token);
    const order = await storedOrder(ctx, token);
    expect(order.status).toBe('rejected');
    expect(order.paidAt).toBeNull();
    expect((await orderStatus(ctx, token)).json().orderStatus.status).toBe(3);
  });

  it('a paid amount that differs from the order leaves it unpaid', async () => {
    const token = await startedPaymentToken(ctx, buyer);
    await ctx.database.db
      .update(flowSimulatorPayments)
      .set({ status: 2, amount: 350, paymentMedia: 'Webpay' })
      .where(eq(flowSimulatorPayments.token, token));
    await confirmPayment(ctx, token);
    const order = await storedOrder(ctx, token);
    expect(order.status).toBe('pending');
    expect((await orderStatus(ctx, token)).json().orderStatus.status).toBe(1);
    // The result page asks again and again: the history says it once.
    await orderStatus(ctx, token);
    const notes = (await eventsOf(ctx, order.id)).map((event) => event.note);
    expect(notes.filter((note) => note === 'Flow informó un pago que no coincide con la orden')).toHaveLength(
      1,
    );
  });

  it('a payment of another commerce order under our token leaves it unpaid', async () => {
    const token = await startedPaymentToken(ctx, buyer);
    await settleAtFlowSilently(ctx, token, 'paid');
    await ctx.database.db
      .update(orders)
      .set({ commerceOrder: 'CS-otro-numero' })
      .where(eq(orders.flowToken, token));
    await confirmPayment(ctx, token);
    expect((await storedOrder(ctx, token)).status).toBe('pending');
  });

  it('ten parallel confirmations and an early return mark it paid once and send one receipt', async () => {
    const email = 'una-sola-vez@example.com';
    const session = await newSession(ctx, email);
    const token = await startedPaymentToken(ctx, session);
    await settleAtFlowSilently(ctx, token, 'paid');
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => confirmPayment(ctx, token)),
      orderStatus(ctx, token),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(11).fill(200));
    const order = await storedOrder(ctx, token);
    expect(order.status).toBe('paid');
    // One 'paid' event for the payment and one for its receipt.
    expect(await paidEventsOf(ctx, order.id)).toHaveLength(2);
    const receipts = await receiptsTo(ctx, email);
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('$74.995');
    expect(receipts[0]!.text).toContain('ID de Pago');
    // Later confirmations (Flow retries) change nothing either.
    await confirmPayment(ctx, token);
    expect(await receiptsTo(ctx, email)).toHaveLength(1);
  });

  it('accepts Flow’s form post only: other content types are refused, not crashed on', async () => {
    const json = await postToConfirmation(ctx, undefined, { token: 'x' });
    expect(json.statusCode).toBe(200);
    const text = await postToConfirmation(ctx, 'text/plain', 'token=x');
    expect(text.statusCode).toBe(400);
    const xml = await postToConfirmation(ctx, 'application/xml', '<token>x</token>');
    expect(xml.statusCode).toBe(415);
    const huge = await postToConfirmation(
      ctx,
      'application/x-www-form-urlencoded',
      `token=${'A'.repeat(20_000)}`,
    );
    expect(huge.statusCode).toBe(413);
  });
});
