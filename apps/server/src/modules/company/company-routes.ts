import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { specialitiesResponseSchema } from '@seguridad/contracts/http/company';
import { guarded } from '../../lib/route-guards';

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/company/specialities',
    {
      preHandler: app.companyPreHandler,
      schema: {
        tags: ['company'],
        summary: 'Specialities a caller can choose before a video call',
        security: [{ companyKey: [] }],
        response: { 200: specialitiesResponseSchema, ...errorResponses(401) },
      },
    },
    // Answered in the same tick while this process holds the list (5 s), without a promise.
    guarded('company')((request) => {
      const cached = app.cachedCompanySpecialities(request.company.id);
      if (cached) return { success: true as const, data: cached };
      return app.companySpecialities(request.company.id).then((data) => ({ success: true as const, data }));
    }),
  );
};
