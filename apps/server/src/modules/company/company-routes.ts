import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { specialitiesResponseSchema, companyApi } from '@seguridad/contracts/http/company';
import { guarded } from '../../lib/route-guards';

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    companyApi.specialities.pattern,
    {
      preHandler: app.requireCompany,
      schema: {
        tags: ['company'],
        summary: 'Specialities a caller can choose before a video call',
        response: { 200: specialitiesResponseSchema, ...errorResponses(401) },
      },
    },
    guarded('company')(async (request) => ({
      success: true as const,
      data: await app.companySpecialities(request.company.id),
    })),
  );
};
