import { describe, expect, it } from 'vitest';
import { newSession } from '../../testing/accounts';
import { useTestAppOnFlowStandIn } from '../../testing/flow-stand-in';
import {
  confirmPayment,
  orderStatus,
  receiptsTo,
  startedPaymentToken,
  storedOrder,
} from '../../testing/payments';

describe('Flow that does not answer', () => {
  const { ctx, standIn } = useTestAppOnFlowStandIn();

  it('leaves the order pending when getStatus times out, and a later check completes it', async () => {
    expect(ctx.config.flow.mode).toBe('flow');
    const email = 'lento@example.com';
    const session = await newSession(ctx, email);
    const token = await startedPaymentToken(ctx, session);
    expect(token).toBe('TOKEN-1');

    standIn.settle(token, 2);
    const started = Date.now();
    const confirmation = await confirmPayment(ctx, token);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(confirmation.statusCode).toBe(503);
    expect((await storedOrder(ctx, token)).status).toBe('pending');
    const stillPending = await orderStatus(ctx, token);
    expect(stillPending.json().orderStatus.status).toBe(1);

    standIn.state.hang = false;
    const later = await orderStatus(ctx, token);
    expect(later.json().orderStatus).toMatchObject({ status: 2, flowOrder: 777 });
    expect((await storedOrder(ctx, token)).status).toBe('paid');
    expect(await receiptsTo(ctx, email)).toHaveLength(1);
  });
});
