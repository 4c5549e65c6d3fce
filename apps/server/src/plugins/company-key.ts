import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COMPANY_KEY_HEADER } from '@seguridad/contracts/constants';
import type { Speciality } from '@seguridad/contracts/http/company';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../lib/app-error';
import { companyByPublicKey, specialitiesOf, type CompanyContext } from '../modules/company/company-queries';

/**
 * Widget calls arrive at high rates and the key → company mapping almost never changes, so a hit
 * is kept for a few seconds. A change from the console clears this process's cache at once; other
 * processes see it within that time.
 */
const CACHE_TTL_MS = 5_000;
const MAX_KEY_LENGTH = 200;
const COMPANY_KEY_QUERY = 'company_key';

export const companyKeyPlugin = fp(
  async (app: FastifyInstance) => {
    const cache = new Map<string, { company: CompanyContext | null; expiresAt: number }>();

    async function lookup(key: string): Promise<CompanyContext | null> {
      const cached = cache.get(key);
      if (cached && cached.expiresAt > Date.now()) return cached.company;
      const company = (await companyByPublicKey(app.database.db, key)) ?? null;
      if (cache.size > 10_000) cache.clear();
      cache.set(key, { company, expiresAt: Date.now() + CACHE_TTL_MS });
      return company;
    }

    // Specialities change only from the console; the widget's first call should stay cheap.
    const specialitiesCache = new Map<number, { list: Speciality[]; expiresAt: number }>();
    app.decorate('companySpecialities', async (companyId: number) => {
      const cached = specialitiesCache.get(companyId);
      if (cached && cached.expiresAt > Date.now()) return cached.list;
      const list = await specialitiesOf(app.database.db, companyId);
      specialitiesCache.set(companyId, { list, expiresAt: Date.now() + CACHE_TTL_MS });
      return list;
    });
    app.decorate('forgetCompanyCache', () => {
      cache.clear();
      specialitiesCache.clear();
    });
    app.decorate('companyByKey', lookup);
    app.decorateRequest('company', undefined);
    app.decorate('requireCompany', async (request: FastifyRequest) => {
      // The spec's `company_key` query parameter too (e.g. serviceStatus); the header wins.
      const header = request.headers[COMPANY_KEY_HEADER];
      const query = (request.query as Record<string, unknown> | undefined)?.[COMPANY_KEY_QUERY];
      const given = typeof header === 'string' && header.trim() ? header : query;
      const key = typeof given === 'string' ? given.trim() : '';
      const company = key && key.length <= MAX_KEY_LENGTH ? await lookup(key) : null;
      if (!company) throw new AppError(401, 'invalid_company_key', errorMessages.companyKeyInvalid);
      request.company = company;
    });
  },
  { name: 'company-key', dependencies: ['app-config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    forgetCompanyCache: () => void;
    companySpecialities: (companyId: number) => Promise<Speciality[]>;
    companyByKey: (key: string) => Promise<CompanyContext | null>;
  }
}
