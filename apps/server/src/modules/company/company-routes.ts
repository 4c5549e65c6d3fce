import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/error-responses';
import { specialitiesResponseSchema, type Speciality } from '@seguridad/contracts/http/company';
import { guarded } from '../../lib/route-guards';
import { sendSerialized, serializeForReuse } from '../../lib/serialized-reply';

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every caller of a company gets the same reply while its list is cached: it is serialized (by
  // the route's own response schema) once per list, not once per request. A new list is a new
  // array, so a refreshed or changed list is serialized afresh.
  const serializedLists = new WeakMap<readonly Speciality[], string>();
  function replyWithList(reply: FastifyReply, list: readonly Speciality[]): void {
    let body = serializedLists.get(list);
    if (body === undefined) {
      body = serializeForReuse(reply, { success: true, data: list });
      serializedLists.set(list, body);
    }
    sendSerialized(reply, body);
  }

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
    guarded('company')((request, reply) => {
      const cached = app.cachedCompanySpecialities(request.company.id);
      if (cached) return replyWithList(reply, cached);
      return app.companySpecialities(request.company.id).then((list) => replyWithList(reply, list));
    }),
  );
};
