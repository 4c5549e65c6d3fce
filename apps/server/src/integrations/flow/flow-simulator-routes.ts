import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { errorMessages } from '@seguridad/contracts/messages';
import { FLOW_SIMULATOR_API_PATH, isLoopbackHost } from '../../config';
import { AppError } from '../../lib/app-error';
import { acceptFormBodies } from '../../plugins/form-body';
import { hasValidFlowSignature } from './flow-signature';
import {
  findSimulatedPayment,
  insertSimulatedPayment,
  settleSimulatedPayment,
  type SimulatedPayment,
} from './flow-simulator-queries';
import {
  SIMULATOR_CSS,
  returnUrlWithToken,
  simulatorNotFoundPage,
  simulatorPaymentPage,
} from './flow-simulator-page';

/** Flow refuses amounts under this many pesos. */
const FLOW_MIN_AMOUNT_CLP = 350;
const flatParams = z.record(z.string(), z.string());
const httpUrl = z.url({ protocol: /^https?$/ });

const createParamsSchema = z.object({
  apiKey: z.string().min(1),
  commerceOrder: z.string().min(1).max(45),
  subject: z.string().min(1).max(255),
  currency: z.literal('CLP').default('CLP'),
  amount: z.string().regex(/^\d+$/, 'Amount can not contain decimals'),
  email: z.email(),
  urlConfirmation: httpUrl,
  urlReturn: httpUrl,
  // Seconds until Flow stops taking the payment; accepted as Flow does, not enforced here.
  timeout: z.string().regex(/^\d+$/, 'timeout must be a whole number of seconds').optional(),
  s: z.string().min(1),
});

/** Chile's wall clock as Flow writes dates: '2026-05-04 13:45:10'. */
function flowDate(date = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'America/Santiago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).format(date);
}

function flowStatusBody(payment: SimulatedPayment) {
  return {
    flowOrder: payment.flowOrder,
    commerceOrder: payment.commerceOrder,
    requestDate: flowDate(payment.createdAt),
    status: payment.status,
    subject: payment.subject,
    currency: payment.currency,
    amount: payment.amount,
    payer: payment.email,
    optional: null,
    pending_info: { media: null, date: null },
    paymentData: {
      date: payment.paymentDate,
      media: payment.paymentMedia,
      conversionDate: null,
      conversionRate: null,
      amount: payment.status === 2 ? payment.amount : null,
      currency: payment.status === 2 ? payment.currency : null,
      fee: null,
      balance: null,
      transferDate: null,
    },
    merchantId: null,
  };
}

/** Flow's own error body. */
function flowError(reply: FastifyReply, status: 400 | 401 | 404, message: string) {
  return reply.code(status).send({ code: status, message });
}

/**
 * A stand-in for Flow's API and payment page, served in demo mode only and only to this machine
 * (app.ts registers it only when the Flow config is the simulator's, which needs demo mode). It checks signatures exactly as Flow does, keeps
 * its payments in the database, calls the confirmation URL server to server with only the token,
 * then sends the browser back to the return URL with the token.
 */
export async function flowSimulatorRoutes(app: FastifyInstance) {
  const flow = app.config.flow;
  if (flow.mode !== 'simulator' || !app.config.demoMode) return;
  // The outbox's rule: only this machine reaches the page that marks an order paid, unless the
  // deployer set DEMO_MODE=1 on purpose (a shared test server, with its loud warning). The
  // socket's own address: `X-Forwarded-For` is whatever the caller wants it to be.
  app.addHook('onRequest', async (request) => {
    if (app.config.demoModeExplicit) return;
    if (isLoopbackHost(request.raw.socket.remoteAddress ?? '')) return;
    throw new AppError(404, 'route_not_found', errorMessages.routeNotFound);
  });
  acceptFormBodies(app);
  const db = app.database.db;

  function signedParams(raw: unknown, reply: FastifyReply): Record<string, string> | null {
    const parsed = flatParams.safeParse(raw ?? {});
    if (!parsed.success) {
      void flowError(reply, 400, 'Invalid parameters');
      return null;
    }
    const params = parsed.data;
    if (params.apiKey !== (flow.mode === 'simulator' ? flow.apiKey : '')) {
      void flowError(reply, 401, 'Invalid apiKey');
      return null;
    }
    if (!hasValidFlowSignature(params, flow.mode === 'simulator' ? flow.secretKey : '')) {
      void flowError(reply, 401, 'Invalid signature');
      return null;
    }
    return params;
  }

  app.post(
    `${FLOW_SIMULATOR_API_PATH}/payment/create`,
    { schema: { hide: true } },
    async (request, reply) => {
      const params = signedParams(request.body, reply);
      if (!params) return reply;
      const parsed = createParamsSchema.safeParse(params);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return flowError(reply, 400, `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
      }
      const input = parsed.data;
      const amount = Number(input.amount);
      if (amount < FLOW_MIN_AMOUNT_CLP || amount > 2_000_000_000) {
        return flowError(reply, 400, `The minimum amount is ${FLOW_MIN_AMOUNT_CLP} CLP`);
      }
      const payment = await insertSimulatedPayment(db, {
        token: randomBytes(20).toString('hex').toUpperCase(),
        commerceOrder: input.commerceOrder,
        subject: input.subject,
        currency: input.currency,
        amount,
        email: input.email,
        urlConfirmation: input.urlConfirmation,
        urlReturn: input.urlReturn,
      });
      if (!payment) return flowError(reply, 400, 'The commerceOrder has already been paid or is in process');
      return {
        url: `${app.config.publicBaseUrl}/dev/flow/pay`,
        token: payment.token,
        flowOrder: payment.flowOrder,
      };
    },
  );

  app.get(
    `${FLOW_SIMULATOR_API_PATH}/payment/getStatus`,
    { schema: { hide: true } },
    async (request, reply) => {
      const params = signedParams(request.query, reply);
      if (!params) return reply;
      const payment = params.token ? await findSimulatedPayment(db, params.token) : null;
      if (!payment) return flowError(reply, 400, 'Token not found');
      return flowStatusBody(payment);
    },
  );

  app.get('/dev/flow/pay.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(SIMULATOR_CSS),
  );

  const tokenQuery = z.object({ token: z.string().max(200).optional() });

  app.get('/dev/flow/pay', { schema: { hide: true } }, async (request, reply) => {
    const token = tokenQuery.safeParse(request.query).data?.token;
    const payment = token ? await findSimulatedPayment(db, token) : null;
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (!payment) return reply.code(404).send(simulatorNotFoundPage());
    return reply.send(simulatorPaymentPage(payment, returnUrlWithToken(payment.urlReturn, payment.token)));
  });

  const payFormSchema = z.object({ token: z.string().min(1).max(200), action: z.enum(['pay', 'reject']) });

  app.post('/dev/flow/pay', { schema: { hide: true } }, async (request, reply) => {
    const form = payFormSchema.safeParse(request.body);
    const payment = form.success ? await findSimulatedPayment(db, form.data.token) : null;
    if (!form.success || !payment) {
      return reply.code(404).type('text/html; charset=utf-8').send(simulatorNotFoundPage());
    }
    const paid = form.data.action === 'pay';
    await settleSimulatedPayment(db, payment.token, {
      status: paid ? 2 : 3,
      paymentMedia: paid ? 'Webpay' : null,
      paymentDate: paid ? flowDate() : null,
    });
    // Flow tells the commerce first (server to server, only the token), then returns the browser.
    try {
      const confirmation = await app.flowTransport({
        method: 'POST',
        url: payment.urlConfirmation,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token: payment.token }).toString(),
        signal: AbortSignal.timeout(flow.timeoutMs),
      });
      if (confirmation.status !== 200) {
        request.log.warn(
          { status: confirmation.status },
          'flow simulator: the confirmation URL did not answer 200',
        );
      }
    } catch (error) {
      request.log.warn(
        { err: error, reqId: request.id },
        'flow simulator: the confirmation URL could not be reached',
      );
    }
    return reply.redirect(returnUrlWithToken(payment.urlReturn, payment.token), 303);
  });
}
