import { z } from 'zod';
import { flowSignature } from './flow-signature';
import type { FlowTransport } from './flow-transport';

/** Flow's payment statuses: 1 pending, 2 paid, 3 rejected, 4 cancelled. */
export type FlowStatus = 1 | 2 | 3 | 4;

export type CreatePaymentInput = {
  commerceOrder: string;
  subject: string;
  amount: number;
  email: string;
  urlConfirmation: string;
  urlReturn: string;
  /** Flow refuses to take the payment this long after creating it; without it, it never expires. */
  timeoutSeconds: number;
};
export type CreatedPayment = { url: string; token: string; flowOrder: number };

const createdPaymentSchema = z.object({
  url: z.string().min(1),
  token: z.string().min(1),
  flowOrder: z.coerce.number().int(),
});

const paymentStatusSchema = z.object({
  flowOrder: z.coerce.number().int(),
  commerceOrder: z.string(),
  requestDate: z.string().nullish(),
  status: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])),
  subject: z.string().nullish(),
  currency: z.string(),
  amount: z.coerce.number(),
  payer: z.string().nullish(),
  paymentData: z
    .object({
      date: z.string().nullish(),
      media: z.string().nullish(),
      amount: z.coerce.number().nullish(),
    })
    .passthrough()
    .nullish(),
});
export type FlowPaymentStatus = z.infer<typeof paymentStatusSchema>;

/** Why a call to Flow did not give an answer we can use. */
export class FlowError extends Error {
  constructor(
    readonly kind: 'timeout' | 'network' | 'refused' | 'malformed' | 'disabled',
    message: string,
    readonly httpStatus?: number,
  ) {
    super(message);
    this.name = 'FlowError';
  }
}

/** The two calls of Flow's API the checkout needs. One interface; the config picks the endpoint. */
export interface FlowClient {
  readonly kind: 'flow' | 'simulator' | 'disabled';
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  getStatus(token: string): Promise<FlowPaymentStatus>;
}

export type FlowClientOptions = {
  kind: 'flow' | 'simulator';
  apiUrl: string;
  apiKey: string;
  secretKey: string;
  timeoutMs: number;
  transport: FlowTransport;
};

/** Rejects when the signal fires, whatever the transport does (an in-process one ignores signals). */
function beforeDeadline<T>(work: Promise<T>, signal: AbortSignal, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new FlowError('timeout', `Flow did not answer within ${timeoutMs} ms`));
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

export function createFlowClient(options: FlowClientOptions): FlowClient {
  const sign = (params: Record<string, string>) => ({
    ...params,
    s: flowSignature(params, options.secretKey),
  });

  async function call(method: 'GET' | 'POST', path: string, params: Record<string, string>) {
    const signed = new URLSearchParams(sign({ apiKey: options.apiKey, ...params })).toString();
    const url = `${options.apiUrl}${path}`;
    const signal = AbortSignal.timeout(options.timeoutMs);
    let response;
    try {
      response = await beforeDeadline(
        options.transport(
          method === 'GET'
            ? { method, url: `${url}?${signed}`, headers: { accept: 'application/json' }, signal }
            : {
                method,
                url,
                headers: {
                  accept: 'application/json',
                  'content-type': 'application/x-www-form-urlencoded',
                },
                body: signed,
                signal,
              },
        ),
        signal,
        options.timeoutMs,
      );
    } catch (error) {
      if (error instanceof FlowError) throw error;
      if (signal.aborted)
        throw new FlowError('timeout', `Flow did not answer within ${options.timeoutMs} ms`);
      throw new FlowError('network', `Flow could not be reached: ${(error as Error).message}`);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(response.body);
    } catch {
      throw new FlowError('malformed', `Flow answered ${response.status} with a body that is not JSON`);
    }
    if (response.status < 200 || response.status >= 300) {
      const message = (payload as { message?: unknown } | null)?.message;
      throw new FlowError(
        'refused',
        `Flow refused ${path} (${response.status}): ${typeof message === 'string' ? message : ''}`,
        response.status,
      );
    }
    return payload;
  }

  function parse<T>(schema: z.ZodType<T>, payload: unknown, path: string): T {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new FlowError('malformed', `Flow's answer to ${path} has an unexpected shape`);
    return parsed.data;
  }

  return {
    kind: options.kind,
    async createPayment(input) {
      const payload = await call('POST', '/payment/create', {
        commerceOrder: input.commerceOrder,
        subject: input.subject,
        currency: 'CLP',
        amount: String(input.amount),
        email: input.email,
        urlConfirmation: input.urlConfirmation,
        urlReturn: input.urlReturn,
        timeout: String(input.timeoutSeconds),
      });
      return parse(createdPaymentSchema, payload, '/payment/create');
    },
    async getStatus(token) {
      const payload = await call('GET', '/payment/getStatus', { token });
      return parse(paymentStatusSchema, payload, '/payment/getStatus');
    },
  };
}

/** Production without `FLOW_*`: every payment call fails, and the checkout says payments are off. */
export function disabledFlowClient(): FlowClient {
  const refuse = () => Promise.reject(new FlowError('disabled', 'Flow is not configured (FLOW_*)'));
  return { kind: 'disabled', createPayment: refuse, getStatus: refuse };
}
