import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  callLinksApi,
  callLinksResponseSchema,
  sendCallLinkBodySchema,
  sendCallLinkResponseSchema,
} from '@seguridad/contracts/http/call-links';
import { errorMessages } from '@seguridad/contracts/messages';
import { isValidTwilioSignature } from '../../integrations/messaging/twilio-message-sender';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { acceptFormBodies } from '../../plugins/form-body';
import { linksOfOperator, recordDelivery } from './call-link-queries';
import { sendCallLink } from './call-link-service';

const errors = errorResponses(400, 401, 403, 404, 429, 502);

/** Twilio's delivery statuses that settle a message (the others are on the way). */
const DELIVERED = new Set(['delivered', 'read']);
const FAILED = new Set(['failed', 'undelivered']);

/** Call links by SMS or WhatsApp (decision 061): send one, list one's own, and Twilio's reports. */
export const callLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  acceptFormBodies(app);
  const db = app.database.db;

  app.post(
    callLinksApi.send.pattern,
    {
      preHandler: app.requireOperator,
      schema: {
        tags: ['operator'],
        summary: 'Sends a one-time link to a private call with this operator by SMS or WhatsApp',
        body: sendCallLinkBodySchema,
        response: { 200: sendCallLinkResponseSchema, ...errors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const sent = await sendCallLink(
        app,
        {
          companyId: request.operator.companyId,
          operatorId: request.user.id,
          phone: request.body.phone,
          channel: request.body.channel,
          ip: request.ip,
        },
        request.log,
      );
      return { code: 200 as const, ...sent };
    }),
  );

  app.get(
    callLinksApi.list.pattern,
    {
      preHandler: app.requireOperator,
      schema: {
        tags: ['operator'],
        summary: "This operator's latest call links, newest first, with where each one is",
        response: { 200: callLinksResponseSchema, ...errors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const links = await linksOfOperator(db, request.operator.companyId, request.user.id, new Date());
      return { code: 200 as const, links };
    }),
  );

  app.post(
    callLinksApi.messageStatus.pattern,
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags: ['webhooks'],
        summary: "Twilio's delivery report of a call link's message (form-encoded, signed)",
        body: z.record(z.string().max(100), z.string().max(2_000)),
        response: { 204: z.null(), ...errorResponses(400, 403, 404, 415, 429) },
      },
    },
    async (request, reply) => {
      const twilio = app.config.twilioMessaging;
      if (!twilio) throw new AppError(404, 'not_found', errorMessages.notFound);
      const url = `${app.config.publicBaseUrl}${callLinksApi.messageStatus.path()}`;
      const signature = request.headers['x-twilio-signature'];
      if (
        !isValidTwilioSignature(
          twilio.authToken,
          url,
          request.body,
          typeof signature === 'string' ? signature : undefined,
        )
      ) {
        throw new AppError(403, 'forbidden', errorMessages.forbidden);
      }
      const { MessageSid: providerId, MessageStatus: status } = request.body;
      if (providerId && status && (DELIVERED.has(status) || FAILED.has(status))) {
        await recordDelivery(db, providerId, DELIVERED.has(status) ? 'delivered' : 'failed', new Date());
      }
      return reply.code(204).send(null);
    },
  );
};
