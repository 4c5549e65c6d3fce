import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  communesQuerySchema,
  communesResponseSchema,
  planParamsSchema,
  planResponseSchema,
  regionsQuerySchema,
  regionsResponseSchema,
  paymentsApi,
} from '@seguridad/contracts/http/payments';
import { paymentTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { communesOf, findPlan, regionsOf } from './catalog-queries';

/** What the checkout shows before anyone signs in: the plan, the regions and their communes. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const publicCache = 'public, max-age=300';

  app.get(
    paymentsApi.plan.pattern,
    {
      schema: {
        tags: ['checkout'],
        summary: 'A plan for sale: name, yearly price and its description lines',
        params: planParamsSchema,
        response: { 200: planResponseSchema, ...errorResponses(400, 404) },
      },
    },
    async (request, reply) => {
      const plan = await findPlan(db, request.params.id);
      if (!plan) throw new AppError(404, 'plan_not_found', paymentTexts.planNotFound);
      reply.header('Cache-Control', publicCache);
      return { code: 200 as const, plan };
    },
  );

  app.get(
    paymentsApi.regions.pattern,
    {
      schema: {
        tags: ['checkout'],
        summary: 'Active regions of a country (Chile is 81)',
        querystring: regionsQuerySchema,
        response: { 200: regionsResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', publicCache);
      return { code: 200 as const, regiones: await regionsOf(db, request.query.pais_id) };
    },
  );

  app.get(
    paymentsApi.communes.pattern,
    {
      schema: {
        tags: ['checkout'],
        summary: 'Active communes of a region',
        querystring: communesQuerySchema,
        response: { 200: communesResponseSchema, ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', publicCache);
      return { code: 200 as const, comunas: await communesOf(db, request.query.region_id) };
    },
  );
};
