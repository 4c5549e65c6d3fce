import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DRAW } from '@seguridad/contracts/constants';
import { maskPhone } from '@seguridad/contracts/helpers/phone';
import { drawWinnersResponseSchema } from '@seguridad/contracts/http/promo';
import { drawWinners } from '../../db/schema';

export const winnersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/promo/winners',
    {
      schema: {
        tags: ['promo'],
        summary: 'Published winners of the camera draw, phones masked',
        response: { 200: drawWinnersResponseSchema },
      },
    },
    async (_request, reply) => {
      const rows = await app.database.db
        .select({ name: drawWinners.name, phone: drawWinners.phone })
        .from(drawWinners)
        .orderBy(asc(drawWinners.position))
        .limit(DRAW.publishedWinners);
      reply.header('Cache-Control', 'public, max-age=60');
      return {
        success: true as const,
        data: rows.map((row) => ({ name: row.name, phone: maskPhone(row.phone) })),
      };
    },
  );
};
