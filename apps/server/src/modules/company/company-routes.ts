import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@seguridad/contracts/http/errors';
import { specialitiesResponseSchema, type Speciality } from '@seguridad/contracts/http/company';
import { specialities } from '../../db/schema';

/** Specialities change only from the console; a short cache keeps the widget's first call cheap. */
const SPECIALITIES_TTL_MS = 5_000;

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = new Map<number, { list: Speciality[]; expiresAt: number }>();

  async function specialitiesOf(companyId: number): Promise<Speciality[]> {
    const cached = cache.get(companyId);
    if (cached && cached.expiresAt > Date.now()) return cached.list;
    const list = await app.database.db
      .select({ id: specialities.id, name: specialities.name })
      .from(specialities)
      .where(eq(specialities.companyId, companyId))
      .orderBy(asc(specialities.position), asc(specialities.id));
    cache.set(companyId, { list, expiresAt: Date.now() + SPECIALITIES_TTL_MS });
    return list;
  }

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
      return { success: true as const, data: await specialitiesOf(company.id) };
    },
  );
};
