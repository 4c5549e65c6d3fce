import { and, eq, like } from 'drizzle-orm';
import { flowSimulatorPayments, orderEvents, orders, outboxMessages } from '../db/schema';
import { bearer } from './accounts';
import type { TestContext } from './test-app';

/** The checkout's purchase body, valid as the form sends it (Región Metropolitana, Santiago: region 7). */
export function purchaseBody(overrides: Record<string, unknown> = {}) {
  return {
    product_id: 1,
    qty: 1,
    email: 'compras@example.com',
    name: 'Rosa',
    last_name: 'Pérez',
    phone: '+56912345678',
    address: 'Av. Libertador 1234, depto 5',
    region_id: 7,
    comuna_id: 0,
    zip_code: '',
    ...overrides,
  };
}

/** The id of a commune of a region, by name, from the seeded territory. */
export async function communeId(ctx: TestContext, regionId: number, name: string): Promise<number> {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/communes?region_id=${regionId}` });
  const commune = (response.json().comunas as { id: number; comuna: string }[]).find(
    (c) => c.comuna === name,
  );
  if (!commune) throw new Error(`no commune ${name} in region ${regionId}`);
  return commune.id;
}

export async function createPlanOrder(
  ctx: TestContext,
  token: string,
  body: Record<string, unknown> = {},
  remoteAddress?: string,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/app/pagos/createPurchaseOrder',
    headers: bearer(token),
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/**
 * Starts a plan payment and returns Flow's token for it. A file that starts many payments passes
 * buyers' own addresses, as real buyers have, to stay under the per-IP limit.
 */
export async function startedPaymentToken(
  ctx: TestContext,
  sessionToken: string,
  remoteAddress?: string,
): Promise<string> {
  const response = await createPlanOrder(ctx, sessionToken, {}, remoteAddress);
  if (response.statusCode !== 200) throw new Error(`createPurchaseOrder failed: ${response.body}`);
  return response.json().flowData.token as string;
}

/** Presses Pagar or Rechazar on the simulator's page, as the browser's form does. */
export async function pressOnSimulator(ctx: TestContext, flowToken: string, action: 'pay' | 'reject') {
  return ctx.app.inject({
    method: 'POST',
    url: '/dev/flow/pay',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: flowToken, action }).toString(),
  });
}

/** Settles a simulated payment at Flow without the simulator telling us (Flow's side only). */
export async function settleAtFlowSilently(
  ctx: TestContext,
  flowToken: string,
  outcome: 'paid' | 'rejected',
) {
  await ctx.database.db
    .update(flowSimulatorPayments)
    .set(
      outcome === 'paid'
        ? { status: 2, paymentMedia: 'Webpay', paymentDate: '2026-05-04 13:45:10' }
        : { status: 3 },
    )
    .where(eq(flowSimulatorPayments.token, flowToken));
}

/** What Flow posts to the confirmation URL: the token, form-encoded, nothing else. */
export async function confirmPayment(ctx: TestContext, flowToken: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/flow/confirmation',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: flowToken }).toString(),
  });
}

/** Posts a body of any content type (none when `contentType` is undefined) to Flow's confirmation route. */
export async function postToConfirmation(
  ctx: TestContext,
  contentType: string | undefined,
  payload: string | Record<string, unknown>,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payments/flow/confirmation',
    ...(contentType ? { headers: { 'content-type': contentType } } : {}),
    payload,
  });
}

export async function orderStatus(ctx: TestContext, flowToken: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/getOrderStatusByToken',
    payload: { order_token: flowToken },
  });
}

export async function storedOrder(ctx: TestContext, flowToken: string) {
  const [order] = await ctx.database.db.select().from(orders).where(eq(orders.flowToken, flowToken));
  if (!order) throw new Error('no order for that token');
  return order;
}

/** An order's history, oldest first. */
export async function eventsOf(ctx: TestContext, orderId: number) {
  return ctx.database.db
    .select({ status: orderEvents.status, note: orderEvents.note })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(orderEvents.id);
}

export async function paidEventsOf(ctx: TestContext, orderId: number) {
  return ctx.database.db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.status, 'paid')));
}

export async function receiptsTo(ctx: TestContext, email: string) {
  return ctx.database.db
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.recipient, email), like(outboxMessages.subject, '%comprobante%')));
}
