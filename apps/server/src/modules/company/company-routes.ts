import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@seguridad/contracts/http/errors';
import { specialitiesResponseSchema } from '@seguridad/contracts/http/company';

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/company/specialities',
    {
      preHandler: app.requireCompany,
      schema: {
        tags: ['company'],
        summary: 'Specialities a caller can choose before a video call',
        security: [{ companyKey: [] }],
        response: { 200: specialitiesResponseSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const company = request.company!;
      return { success: true as const, data: await app.companySpecialities(company.id) };
    },
  );
};
