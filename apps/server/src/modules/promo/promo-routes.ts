import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@seguridad/contracts/http/auth';
import {
  eligibleListResponseSchema,
  promoInviteBodySchema,
  promoStatusResponseSchema,
  publicDrawResponseSchema,
  promoApi,
} from '@seguridad/contracts/http/promo';
import { networkTexts, promoTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { currentDraw } from './draw-queries';
import { publicDrawOf } from './draw-service';
import { inviteFromPromo, placesLeft, promoStatus } from './promo-service';

/** The promo page's calls and the draw's public record (docs/decisions/015). */
export const promoRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  /** Invitations send e-mail: the same per-IP ceiling as the network's (plus its per-user one). */
  const inviteIpLimit = { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } };

  app.get(
    promoApi.status.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['promo'], response: { 200: promoStatusResponseSchema, ...errorResponses(401) } },
    },
    guarded('user')(async (request) => promoStatus(db, request.user)),
  );

  app.post(
    promoApi.invite.pattern,
    {
      preHandler: app.authenticate,
      config: inviteIpLimit,
      schema: {
        tags: ['promo'],
        summary: 'Invites one contact from the promo dialog (refuses one’s own and repeated mailboxes)',
        body: promoInviteBodySchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    guarded('user')(async (request) => {
      await inviteFromPromo(app, request.user, request.body.guest_email);
      return { code: 200 as const, message: networkTexts.invitationSent };
    }),
  );

  app.get(
    promoApi.draw.pattern,
    {
      schema: {
        tags: ['promo'],
        summary: 'Places left, and the published draw with its proof',
        response: { 200: publicDrawResponseSchema },
      },
    },
    async (_request, reply) => {
      const [draw, places] = await Promise.all([currentDraw(db), placesLeft(db)]);
      reply.header('Cache-Control', 'no-cache');
      return { success: true as const, places_left: places, draw: draw ? publicDrawOf(draw) : null };
    },
  );

  app.get(
    promoApi.eligibleList.pattern,
    {
      schema: {
        tags: ['promo'],
        summary: 'The published eligible list (entry id, masked name and phone), in list order',
        response: { 200: eligibleListResponseSchema, ...errorResponses(404) },
      },
    },
    async (_request, reply) => {
      const draw = await currentDraw(db);
      if (!draw) throw new AppError(404, 'draw_not_published', promoTexts.notYetPublished);
      reply.header('Content-Disposition', 'attachment; filename="sorteo-camaras-participantes.json"');
      return { list_hash: draw.listHash, entries: draw.eligible };
    },
  );
};
