import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { drawWinnersResponseSchema, promoApi } from '@seguridad/contracts/http/promo';
import { publishedWinners } from './promo-queries';

export const winnersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    promoApi.winners.pattern,
    {
      schema: {
        tags: ['promo'],
        summary: 'Published winners of the camera draw, phones masked',
        response: { 200: drawWinnersResponseSchema },
      },
    },
    async (_request, reply) => {
      const data = await publishedWinners(app.database.db);
      reply.header('Cache-Control', 'public, max-age=60');
      return { success: true as const, data };
    },
  );
};
