import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentsApi } from '@seguridad/contracts/http/payments';
import { errorMessages } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { acceptFormBodies } from '../../plugins/form-body';
import { findOrderByToken } from './order-queries';
import { settleFromFlow } from './payment-service';

const tokenField = z.string().trim().min(1).max(200);

/** The home page with the token: it fetches the order's status and shows the result dialog. */
function resultPagePath(token: string | undefined): string {
  return token ? `${webPaths.home}?token=${encodeURIComponent(token)}` : webPaths.home;
}

/** What Flow calls: the confirmation (server to server) and the browser's return. */
export const flowCallbackRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);
  const db = app.database.db;

  /**
   * Flow posts only `token`. Nothing else in the post is believed: the order settles on what
   * Flow's getStatus says. An unknown token is answered 200 (there is nothing to retry); when Flow
   * cannot be reached the answer is 503, so the confirmation is retried, and the order stays.
   */
  app.post(
    paymentsApi.flowConfirmation.pattern,
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        tags: ['payments'],
        summary: "Flow's payment confirmation (form-encoded `token`)",
        body: z.object({ token: tokenField }),
        response: { 200: z.object({ code: z.literal(200) }), ...errorResponses(400, 415, 429, 503) },
      },
    },
    async (request) => {
      const order = await findOrderByToken(db, request.body.token);
      if (!order) {
        request.log.warn({ reqId: request.id }, 'flow confirmation for a token of no order');
        return { code: 200 as const };
      }
      const { flowReached } = await settleFromFlow(app, order, request.log);
      if (!flowReached) throw new AppError(503, 'flow_unreachable', errorMessages.serviceUnavailable);
      return { code: 200 as const };
    },
  );

  const returnSchema = z.object({ token: tokenField.optional() });

  app.get(
    paymentsApi.flowReturn.pattern,
    {
      schema: { tags: ['payments'], summary: "The browser back from Flow's page", querystring: returnSchema },
    },
    async (request, reply) => reply.redirect(resultPagePath(request.query.token), 303),
  );

  app.post(
    paymentsApi.flowReturnPost.pattern,
    {
      schema: {
        tags: ['payments'],
        summary: "The browser back from Flow's page (form post)",
        body: returnSchema,
      },
    },
    async (request, reply) => reply.redirect(resultPagePath(request.body.token), 303),
  );
};
