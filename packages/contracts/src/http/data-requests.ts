import { z } from 'zod';
import { okResponseSchema } from './auth';
import { apiRoute } from './api-route';

/**
 * Rights requests (decision 034): a citizen files one from «Mis datos»; it must be answered within
 * 30 calendar days, extendable once by up to 30 more with a reason (art. 11 of Ley N° 19.628 as
 * rewritten by Ley N° 21.719).
 */
export const DATA_REQUEST_DAYS = 30;
export const DATA_REQUEST_EXTENSION_DAYS = 30;
/** The console flags a request this close to its deadline. */
export const DATA_REQUEST_NEAR_DAYS = 5;
export const DATA_REQUEST_DETAIL_MAX = 2_000;

export const DATA_REQUEST_KINDS = [
  'opposition',
  'blocking',
  'rectification',
  'suppression',
  'other',
] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];
export type DataRequestStatus = 'open' | 'answered';

export const dataRequestKindLabels: Record<DataRequestKind, string> = {
  opposition: 'Oposición',
  blocking: 'Bloqueo',
  rectification: 'Rectificación',
  suppression: 'Supresión',
  other: 'Otra solicitud',
};

const textField = (required: string, max: number) =>
  z.string({ error: required }).trim().min(3, required).max(max, `Puede tener hasta ${max} caracteres.`);

export const dataRequestBodySchema = z.object({
  kind: z.enum(DATA_REQUEST_KINDS, { error: 'Elige el tipo de solicitud.' }),
  detail: textField('Cuéntanos qué necesitas.', DATA_REQUEST_DETAIL_MAX),
});

export const dataRequestSchema = z.object({
  id: z.number().int(),
  /**
   * The company that answers it. A filing goes to every company holding the person's data, one
   * request each, so that each sees and answers only its own part (decision 052).
   */
  company: z.string(),
  kind: z.enum(DATA_REQUEST_KINDS),
  detail: z.string(),
  status: z.enum(['open', 'answered']),
  created_at: z.string(),
  due_at: z.string(),
  extended: z.boolean(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
});
export type DataRequest = z.infer<typeof dataRequestSchema>;

export const myDataRequestsResponseSchema = z.object({
  code: z.literal(200),
  requests: z.array(dataRequestSchema),
});

export const filedDataRequestResponseSchema = z.object({
  code: z.literal(200),
  message: z.string(),
  /** The platform's own part (the first); `requests` holds every company's. */
  request: dataRequestSchema,
  requests: z.array(dataRequestSchema),
});

export const consoleDataRequestSchema = dataRequestSchema.extend({
  email: z.string(),
  /** Open and due within `DATA_REQUEST_NEAR_DAYS`, or overdue. */
  near_deadline: z.boolean(),
});
export const consoleDataRequestsResponseSchema = z.object({
  code: z.literal(200),
  requests: z.array(consoleDataRequestSchema),
});

export const dataRequestParamsSchema = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const dataRequestAnswerBodySchema = z.object({ answer: textField('Escribe la respuesta.', 5_000) });
export const dataRequestExtendBodySchema = z.object({
  reason: textField('Indica el motivo de la prórroga.', 1_000),
});

/** Data-rights requests: the citizen files them, the company answers. */
export const dataRequestsApi = {
  file: apiRoute('POST', '/api/v1/user/data-requests', 'user', {
    body: dataRequestBodySchema,
    response: filedDataRequestResponseSchema,
  }),
  mine: apiRoute('GET', '/api/v1/user/data-requests', 'user', { response: myDataRequestsResponseSchema }),
  companyList: apiRoute('GET', '/api/v1/operator/data-requests', 'admin', {
    response: consoleDataRequestsResponseSchema,
  }),
  answer: apiRoute('POST', '/api/v1/operator/data-requests/:id/answer', 'admin', {
    body: dataRequestAnswerBodySchema,
    response: okResponseSchema,
  }),
  extend: apiRoute('POST', '/api/v1/operator/data-requests/:id/extend', 'admin', {
    body: dataRequestExtendBodySchema,
    response: okResponseSchema,
  }),
} as const;
