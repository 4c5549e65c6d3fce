import { z } from 'zod';
import { databaseIdSchema, databaseIdValueSchema } from './ids';
import { accountEmailSchema } from './auth';
import {
  CHILE_COUNTRY_ID,
  DEFAULT_MONTHS_PAID,
  DEFAULT_PLAN_ID,
  DEFAULT_QTY,
  FLOW_STATUS,
  PASSWORD_MAX_LENGTH,
} from '../constants';
import { checkoutTexts, validationMessages as v } from '../messages';
import { apiRoute } from './api-route';

/**
 * Checkout and payments (spec §3 Payment plan request, Payment order status, Checkout plan,
 * Purchase request, Region, Commune; §7 createPurchaseOrder, getOrderStatusByToken and the
 * checkout calls by purpose). Amounts are whole Chilean pesos; they always come from the plan on
 * the server, never from the client.
 */

export { FLOW_STATUS };
export type FlowStatusCode = (typeof FLOW_STATUS)[keyof typeof FLOW_STATUS];

/** Longest months_paid accepted: the plan is sold by the year, so one year at most per payment. */
export const MONTHS_PAID_MAX = 12;

/**
 * What a payment of `monthsPaid` months costs: the yearly price pro rata, rounded up to a whole
 * peso (6 months of 149.990 → 74.995; 12 months → 149.990).
 */
export function amountForMonths(yearlyPriceClp: number, monthsPaid: number): number {
  return Math.ceil((yearlyPriceClp * monthsPaid) / 12);
}

// ── Plans, regions and communes ────────────────────────────────────────────

export const checkoutPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Whole pesos per year. */
  price: z.number().int(),
  description: z.array(z.string()),
});
export type CheckoutPlan = z.infer<typeof checkoutPlanSchema>;

export const planParamsSchema = z.object({ id: databaseIdSchema });
export const planResponseSchema = z.object({ code: z.literal(200), plan: checkoutPlanSchema });
export type PlanResponse = z.infer<typeof planResponseSchema>;

export const regionsQuerySchema = z.object({
  pais_id: databaseIdSchema.default(CHILE_COUNTRY_ID),
});
export const regionSchema = z.object({ id: z.number().int(), region: z.string() });
export type Region = z.infer<typeof regionSchema>;
export const regionsResponseSchema = z.object({ code: z.literal(200), regiones: z.array(regionSchema) });
export type RegionsResponse = z.infer<typeof regionsResponseSchema>;

export const communesQuerySchema = z.object({
  region_id: databaseIdSchema,
});
export const communeSchema = z.object({ id: z.number().int(), comuna: z.string() });
export type Commune = z.infer<typeof communeSchema>;
export const communesResponseSchema = z.object({ code: z.literal(200), comunas: z.array(communeSchema) });
export type CommunesResponse = z.infer<typeof communesResponseSchema>;

// ── Starting a payment ─────────────────────────────────────────────────────

/** `POST /api/app/pagos/createPurchaseOrder` (spec §3 Payment plan request). */
export const createPurchaseOrderBodySchema = z.object({
  plan_id: databaseIdValueSchema.default(DEFAULT_PLAN_ID),
  months_paid: z
    .number({ error: checkoutTexts.monthsInvalid })
    .int(checkoutTexts.monthsInvalid)
    .min(1, checkoutTexts.monthsInvalid)
    .max(MONTHS_PAID_MAX, checkoutTexts.monthsInvalid)
    .default(DEFAULT_MONTHS_PAID),
});
export type CreatePurchaseOrderBody = z.input<typeof createPurchaseOrderBodySchema>;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

/** A phone as people write it: digits, spaces and an optional leading +, 8 to 12 digits. */
const checkoutPhoneSchema = z
  .string({ error: v.checkoutPhoneRequired })
  .trim()
  .min(1, v.checkoutPhoneRequired)
  .transform((value) => value.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(/^\+?\d{8,12}$/, checkoutTexts.phoneInvalid));

/** A select left on its empty option reads NaN: the same message as a missing value. */
const requiredId = (message: string) =>
  z.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);

/** The shipping form's fields (spec §3 Purchase request, §5 checkout fields). */
export const shippingFieldsSchema = z.object({
  email: accountEmailSchema,
  name: requiredText(v.checkoutNameRequired, 80),
  last_name: requiredText(v.checkoutLastNameRequired, 80),
  phone: checkoutPhoneSchema,
  address: requiredText(v.checkoutAddressRequired, 200),
  region_id: requiredId(v.checkoutRegionRequired),
  comuna_id: requiredId(v.checkoutCommuneRequired),
  /** Optional: null when empty (spec §3). Chilean postal codes have 7 digits. */
  zip_code: z
    .string()
    .trim()
    .regex(/^(\d{7})?$/, checkoutTexts.zipInvalid)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type ShippingFields = z.output<typeof shippingFieldsSchema>;
export type ShippingFormValues = z.input<typeof shippingFieldsSchema>;

/** The checkout's "Start purchase" call (`POST /api/v1/checkout/purchase`). */
export const purchaseBodySchema = shippingFieldsSchema.extend({
  product_id: databaseIdValueSchema.default(DEFAULT_PLAN_ID),
  qty: z.literal(DEFAULT_QTY, { error: checkoutTexts.qtyInvalid }).default(DEFAULT_QTY),
});
export type PurchaseBody = z.input<typeof purchaseBodySchema>;

/** Both calls answer the provider's payment page: the browser goes to `url?token=token`. */
export const startPaymentResponseSchema = z.object({
  code: z.literal(200),
  flowData: z.object({ url: z.string(), token: z.string() }),
});
export type StartPaymentResponse = z.infer<typeof startPaymentResponseSchema>;

/** Where the browser goes to pay: the provider's URL with its token, as spec §4 says. */
export function paymentRedirectUrl(flowData: { url: string; token: string }): string {
  const separator = flowData.url.includes('?') ? '&' : '?';
  return `${flowData.url}${separator}token=${encodeURIComponent(flowData.token)}`;
}

/** The checkout's login form: the same call as every login, with the checkout's own message. */
export const checkoutLoginFormSchema = z.object({
  email: accountEmailSchema,
  password: z
    .string({ error: v.checkoutPasswordRequired })
    .min(1, v.checkoutPasswordRequired)
    .max(PASSWORD_MAX_LENGTH, v.passwordTooLong),
});

// ── The payment's outcome ──────────────────────────────────────────────────

/** `POST /api/auth/getOrderStatusByToken`: the provider's token is the credential. */
export const orderStatusBodySchema = z.object({
  order_token: z.string({ error: v.required }).trim().min(1, v.required).max(200, v.required),
});

export const orderStatusSchema = z.object({
  flowOrder: z.number().int().nullable(),
  commerceOrder: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  paymentData: z.object({
    /** How it was paid, as the provider names it (e.g. 'Webpay'). */
    media: z.string().nullable(),
    /** When it was paid, as the provider writes it ('2026-05-04 13:45:10', Chile time). */
    date: z.string().nullable(),
  }),
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const orderStatusResponseSchema = z.object({ code: z.literal(200), orderStatus: orderStatusSchema });
export type OrderStatusResponse = z.infer<typeof orderStatusResponseSchema>;

// ── The buyer's orders ─────────────────────────────────────────────────────

export const ORDER_STATES = ['pending', 'paid', 'rejected', 'cancelled', 'failed'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

export const orderSummarySchema = z.object({
  id: z.number().int(),
  commerceOrder: z.string(),
  subject: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  state: z.enum(ORDER_STATES),
  flowOrder: z.number().int().nullable(),
  paymentMedia: z.string().nullable(),
  paymentDate: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  receiptSentAt: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const ordersResponseSchema = z.object({ code: z.literal(200), orders: z.array(orderSummarySchema) });
export type OrdersResponse = z.infer<typeof ordersResponseSchema>;

export const orderParamsSchema = z.object({ id: databaseIdSchema });
export const orderEventSchema = z.object({ state: z.string(), note: z.string(), at: z.string() });
export const orderDetailResponseSchema = z.object({
  code: z.literal(200),
  order: orderSummarySchema.extend({ events: z.array(orderEventSchema) }),
});
export type OrderDetailResponse = z.infer<typeof orderDetailResponseSchema>;

/** Plans, places, purchases, orders, and the calls back from Flow. */
export const paymentsApi = {
  plan: apiRoute('GET', '/api/v1/plans/:id', 'public', { response: planResponseSchema }),
  regions: apiRoute('GET', '/api/v1/regions', 'public', {
    query: regionsQuerySchema,
    response: regionsResponseSchema,
  }),
  communes: apiRoute('GET', '/api/v1/communes', 'public', {
    query: communesQuerySchema,
    response: communesResponseSchema,
  }),
  createPurchaseOrder: apiRoute('POST', '/api/app/pagos/createPurchaseOrder', 'user', {
    body: createPurchaseOrderBodySchema,
    response: startPaymentResponseSchema,
  }),
  purchase: apiRoute('POST', '/api/v1/checkout/purchase', 'user', {
    body: purchaseBodySchema,
    response: startPaymentResponseSchema,
  }),
  orderStatusByToken: apiRoute('POST', '/api/auth/getOrderStatusByToken', 'public', {
    body: orderStatusBodySchema,
    response: orderStatusResponseSchema,
  }),
  orders: apiRoute('GET', '/api/v1/orders', 'user', { response: ordersResponseSchema }),
  order: apiRoute('GET', '/api/v1/orders/:id', 'user', { response: orderDetailResponseSchema }),
  flowConfirmation: apiRoute('POST', '/api/payments/flow/confirmation', 'public'),
  flowReturn: apiRoute('GET', '/api/payments/flow/return', 'public'),
  flowReturnPost: apiRoute('POST', '/api/payments/flow/return', 'public'),
} as const;
