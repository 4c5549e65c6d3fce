import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  amountForMonths,
  createPurchaseOrderBodySchema,
  orderDetailResponseSchema,
  orderParamsSchema,
  ordersResponseSchema,
  orderStatusBodySchema,
  orderStatusResponseSchema,
  purchaseBodySchema,
  startPaymentResponseSchema,
  paymentsApi,
} from '@seguridad/contracts/http/payments';
import { checkoutTexts, errorMessages, paymentTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { findPlan, regionAndCommune, regionExists } from './catalog-queries';
import {
  eventsOfOrder,
  findOrderByToken,
  findOrderOfUser,
  ordersOfUser,
  ordersStartedSince,
  orderSummary,
} from './order-queries';
import { orderStatusOf, settleFromFlow, startPayment } from './payment-service';

/** Payments one account may start per hour: each one is a call to Flow. */
export const ORDERS_PER_HOUR_MAX = 20;

const errors = errorResponses(400, 401, 404, 422, 429, 503);

export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const startLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

  async function limitOrders(userId: number) {
    const recent = await ordersStartedSince(db, userId, new Date(Date.now() - 60 * 60 * 1000));
    if (recent >= ORDERS_PER_HOUR_MAX) throw new AppError(429, 'too_many_orders', paymentTexts.tooManyOrders);
  }

  async function planOrThrow(planId: number) {
    const plan = await findPlan(db, planId);
    if (!plan) throw new AppError(404, 'plan_not_found', paymentTexts.planNotFound);
    return plan;
  }

  /** Spec §3 Payment plan request: the plan paid for `months_paid` months, at the plan's price. */
  app.post(
    paymentsApi.createPurchaseOrder.pattern,
    {
      preHandler: app.authenticate,
      config: startLimit,
      schema: {
        tags: ['payments'],
        summary: 'Starts paying the plan for some months; answers the Flow page to send the browser to',
        body: createPurchaseOrderBodySchema,
        response: { 200: startPaymentResponseSchema, ...errors },
      },
    },
    guarded('user')(async (request) => {
      const { plan_id: planId, months_paid: monthsPaid } = request.body;
      const plan = await planOrThrow(planId);
      await limitOrders(request.user.id);
      const flowData = await startPayment(
        app,
        {
          userId: request.user.id,
          planId: plan.id,
          monthsPaid,
          qty: 1,
          subject: `${plan.name} — ${monthsPaid} ${monthsPaid === 1 ? 'mes' : 'meses'}`,
          amount: amountForMonths(plan.price, monthsPaid),
          email: request.user.email,
          shipping: null,
        },
        request.log,
      );
      return { code: 200 as const, flowData };
    }),
  );

  /** The checkout's "Start purchase" (spec §3 Purchase request): one year of the plan, shipped. */
  app.post(
    paymentsApi.purchase.pattern,
    {
      preHandler: app.authenticate,
      config: startLimit,
      schema: {
        tags: ['payments'],
        summary: "The checkout's purchase: the plan for a year, with the smartband's shipping data",
        body: purchaseBodySchema,
        response: { 200: startPaymentResponseSchema, ...errors },
      },
    },
    guarded('user')(async (request) => {
      const body = request.body;
      const plan = await planOrThrow(body.product_id);
      const place = await regionAndCommune(db, body.region_id, body.comuna_id);
      if (!place) {
        const known = await regionExists(db, body.region_id);
        throw known
          ? new AppError(422, 'commune_not_in_region', checkoutTexts.communeNotInRegion)
          : new AppError(422, 'region_not_found', checkoutTexts.regionNotFound);
      }
      await limitOrders(request.user.id);
      const flowData = await startPayment(
        app,
        {
          userId: request.user.id,
          planId: plan.id,
          monthsPaid: 12,
          qty: body.qty,
          subject: `${plan.name} — 1 año`,
          amount: plan.price * body.qty,
          email: body.email,
          shipping: {
            name: body.name,
            last_name: body.last_name,
            phone: body.phone,
            address: body.address,
            region_id: body.region_id,
            region: place.region,
            comuna_id: body.comuna_id,
            comuna: place.comuna,
            zip_code: body.zip_code,
          },
        },
        request.log,
      );
      return { code: 200 as const, flowData };
    }),
  );

  /**
   * Spec §4 Payment return: the page back from Flow asks how the payment went. The Flow token is
   * the credential (unguessable, and only the buyer's browser and Flow have it). A still pending
   * order asks Flow once, so a browser back before the confirmation still settles it.
   */
  app.post(
    paymentsApi.orderStatusByToken.pattern,
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: "A payment's outcome by its Flow token",
        body: orderStatusBodySchema,
        response: { 200: orderStatusResponseSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const order = await findOrderByToken(db, request.body.order_token);
      if (!order) throw new AppError(404, 'order_not_found', paymentTexts.orderNotFound);
      const { order: current } = await settleFromFlow(app, order, request.log);
      return { code: 200 as const, orderStatus: orderStatusOf(current) };
    },
  );

  app.get(
    paymentsApi.orders.pattern,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: "The signed-in buyer's orders, newest first",
        response: { 200: ordersResponseSchema, ...errorResponses(401) },
      },
    },
    guarded('user')(async (request) => {
      const rows = await ordersOfUser(db, request.user.id);
      return { code: 200 as const, orders: rows.map(orderSummary) };
    }),
  );

  app.get(
    paymentsApi.order.pattern,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['payments'],
        summary: 'One of the buyer’s orders with its status history',
        params: orderParamsSchema,
        response: { 200: orderDetailResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    guarded('user')(async (request) => {
      const order = await findOrderOfUser(db, request.user.id, request.params.id);
      if (!order) throw new AppError(404, 'order_not_found', errorMessages.notFound);
      const events = await eventsOfOrder(db, order.id);
      return {
        code: 200 as const,
        order: {
          ...orderSummary(order),
          events: events.map((event) => ({ ...event, at: event.at.toISOString() })),
        },
      };
    }),
  );
};
