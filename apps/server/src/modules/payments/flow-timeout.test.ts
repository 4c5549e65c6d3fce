import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasValidFlowSignature } from '../../integrations/flow/flow-signature';
import { newSession } from '../../testing/accounts';
import {
  confirmPayment,
  orderStatus,
  receiptsTo,
  startedPaymentToken,
  storedOrder,
} from '../../testing/payments';
import { createTestApp, type TestContext } from '../../testing/test-app';

const API_KEY = 'STAND-IN-KEY';
const SECRET = 'stand-in-secret';

/**
 * A local stand-in of Flow's two endpoints. `getStatus` never answers while `hang` is set (the
 * request is held open), then answers the payment as paid.
 */
function startFlowStandIn() {
  const state = { hang: true, held: [] as ServerResponse[], commerceOrder: '', amount: 0 };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const params = Object.fromEntries(
        request.method === 'POST' ? new URLSearchParams(body) : url.searchParams,
      ) as Record<string, string>;
      response.setHeader('content-type', 'application/json');
      if (params.apiKey !== API_KEY || !hasValidFlowSignature(params, SECRET)) {
        response.statusCode = 401;
        return response.end(JSON.stringify({ code: 401, message: 'Invalid signature' }));
      }
      if (url.pathname === '/api/payment/create') {
        state.commerceOrder = params.commerceOrder ?? '';
        state.amount = Number(params.amount);
        return response.end(
          JSON.stringify({ url: 'https://stand-in/pay', token: 'TOKEN-1', flowOrder: 777 }),
        );
      }
      if (state.hang) {
        state.held.push(response);
        return;
      }
      response.end(
        JSON.stringify({
          flowOrder: 777,
          commerceOrder: state.commerceOrder,
          requestDate: '2026-05-04 13:40:00',
          status: 2,
          subject: 'Plan Básico',
          currency: 'CLP',
          amount: state.amount,
          payer: 'lento@example.com',
          paymentData: { date: '2026-05-04 13:45:10', media: 'Webpay', amount: state.amount },
        }),
      );
    });
  });
  return { server, state };
}

describe('Flow that does not answer', () => {
  const standIn = startFlowStandIn();
  let ctx: TestContext;
  beforeAll(async () => {
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    const { port } = standIn.server.address() as AddressInfo;
    ctx = await createTestApp({
      env: {
        FLOW_API_URL: `http://127.0.0.1:${port}/api`,
        FLOW_API_KEY: API_KEY,
        FLOW_SECRET_KEY: SECRET,
        FLOW_TIMEOUT_MS: '300',
      },
    });
  });
  afterAll(async () => {
    await ctx.close();
    for (const response of standIn.state.held) response.destroy();
    standIn.server.closeAllConnections();
    await new Promise<void>((resolve) => standIn.server.close(() => resolve()));
  });

  it('leaves the order pending when getStatus times out, and a later check completes it', async () => {
    expect(ctx.config.flow.mode).toBe('flow');
    const email = 'lento@example.com';
    const session = await newSession(ctx, email);
    const token = await startedPaymentToken(ctx, session);
    expect(token).toBe('TOKEN-1');

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
