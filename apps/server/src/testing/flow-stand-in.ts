import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { hasValidFlowSignature } from '../integrations/flow/flow-signature';
import { createTestApp, openedLater, type TestContext } from './test-app';

const API_KEY = 'STAND-IN-KEY';
const SECRET = 'stand-in-secret';

type StandInPayment = { commerceOrder: string; amount: number; flowOrder: number; status: 1 | 2 | 3 | 4 };

/**
 * A local stand-in of Flow's two endpoints over real HTTP, for what the simulator cannot do: not
 * answer. Payments get tokens TOKEN-1, TOKEN-2…; `getStatus` is held open while `hang` is set
 * (until the client's deadline), otherwise it answers the payment's status.
 */
export async function startFlowStandIn() {
  const payments = new Map<string, StandInPayment>();
  const statusRequests: string[] = [];
  const createRequests: Record<string, string>[] = [];
  const held: ServerResponse[] = [];
  let statusListener: (() => void) | undefined;
  const state = { hang: true };

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
        createRequests.push(params);
        const token = `TOKEN-${payments.size + 1}`;
        const payment = {
          commerceOrder: params.commerceOrder ?? '',
          amount: Number(params.amount),
          flowOrder: 776 + payments.size + 1,
          status: 1 as const,
        };
        payments.set(token, payment);
        return response.end(
          JSON.stringify({ url: 'https://stand-in/pay', token, flowOrder: payment.flowOrder }),
        );
      }
      const token = params.token ?? '';
      statusRequests.push(token);
      statusListener?.();
      const payment = payments.get(token);
      if (state.hang) {
        held.push(response);
        return;
      }
      if (!payment) {
        response.statusCode = 400;
        return response.end(JSON.stringify({ code: 400, message: 'Token not found' }));
      }
      const paid = payment.status === 2;
      response.end(
        JSON.stringify({
          flowOrder: payment.flowOrder,
          commerceOrder: payment.commerceOrder,
          requestDate: '2026-05-04 13:40:00',
          status: payment.status,
          subject: 'Plan Básico',
          currency: 'CLP',
          amount: payment.amount,
          payer: 'comprador@example.com',
          paymentData: paid
            ? { date: '2026-05-04 13:45:10', media: 'Webpay', amount: payment.amount }
            : { date: null, media: null, amount: null },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    state,
    /** Every token `getStatus` was asked about, in order. */
    statusRequests,
    /** The signed parameters of every `payment/create`. */
    createRequests,
    /**
     * The `FLOW_*` variables that point the server's client here, with a short deadline: short
     * enough that a hanging Flow costs a test little, long enough that a loaded machine still
     * gets a local answer in time (300 ms was not, with two suites on two cores).
     */
    env: {
      FLOW_API_URL: `http://127.0.0.1:${port}/api`,
      FLOW_API_KEY: API_KEY,
      FLOW_SECRET_KEY: SECRET,
      FLOW_TIMEOUT_MS: '1500',
    },
    /** What Flow will answer for a payment from now on. */
    settle(token: string, status: 2 | 3 | 4) {
      const payment = payments.get(token);
      if (!payment) throw new Error(`the stand-in has no payment ${token}`);
      payment.status = status;
    },
    /** Resolves when the next `getStatus` request arrives. */
    nextStatusRequest(): Promise<void> {
      return new Promise((resolve) => {
        statusListener = () => {
          statusListener = undefined;
          resolve();
        };
      });
    },
    async close() {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FlowStandIn = Awaited<ReturnType<typeof startFlowStandIn>>;

/**
 * A Flow stand-in and a test app that talks to it, for the tests of the enclosing `describe`
 * block: both opened in `beforeAll`, the app closed before the stand-in in `afterAll`.
 */
export function useTestAppOnFlowStandIn(): { ctx: TestContext; standIn: FlowStandIn } {
  let standIn: FlowStandIn | undefined;
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    standIn = await startFlowStandIn();
    ctx = await createTestApp({ env: standIn.env });
  });
  afterAll(async () => {
    await ctx?.close();
    await standIn?.close();
  });
  return { ctx: openedLater(() => ctx, 'test app'), standIn: openedLater(() => standIn, 'Flow stand-in') };
}
