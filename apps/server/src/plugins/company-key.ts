import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COMPANY_KEY_HEADER } from '@seguridad/contracts/constants';
import type { Speciality } from '@seguridad/contracts/http/company';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../lib/app-error';
import { companyByPublicKey, specialitiesOf, type CompanyContext } from '../modules/company/company-queries';

/**
 * Widget calls arrive at high rates and the key → company mapping almost never changes, so a hit
 * is kept for a few seconds. A change from the console clears this process's cache at once, and
 * the other processes' through Redis; should that message be lost, they see it within that time.
 */
const CACHE_TTL_MS = 5_000;
const MAX_KEY_LENGTH = 200;
const COMPANY_KEY_QUERY = 'company_key';

export const companyKeyPlugin = fp(
  async (app: FastifyInstance) => {
    const cache = new Map<string, { company: CompanyContext | null; expiresAt: number }>();

    /** The cached answer for `key` while it is fresh; undefined when the database must be asked. */
    function cachedCompany(key: string): CompanyContext | null | undefined {
      const cached = cache.get(key);
      return cached && cached.expiresAt > Date.now() ? cached.company : undefined;
    }

    async function lookup(key: string): Promise<CompanyContext | null> {
      const cached = cachedCompany(key);
      if (cached !== undefined) return cached;
      const company = (await companyByPublicKey(app.database.db, key)) ?? null;
      if (cache.size > 10_000) cache.clear();
      cache.set(key, { company, expiresAt: Date.now() + CACHE_TTL_MS });
      return company;
    }

    // Specialities change only from the console; the widget's first call should stay cheap.
    const specialitiesCache = new Map<number, { list: Speciality[]; expiresAt: number }>();
    function cachedSpecialities(companyId: number): Speciality[] | undefined {
      const cached = specialitiesCache.get(companyId);
      return cached && cached.expiresAt > Date.now() ? cached.list : undefined;
    }
    app.decorate('cachedCompanySpecialities', cachedSpecialities);
    app.decorate('companySpecialities', async (companyId: number) => {
      const cached = cachedSpecialities(companyId);
      if (cached) return cached;
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

    /** The key a widget call names: the header, else the spec's `company_key` query parameter. */
    function givenKey(request: FastifyRequest): string {
      const header = request.headers[COMPANY_KEY_HEADER];
      const query = (request.query as Record<string, unknown> | undefined)?.[COMPANY_KEY_QUERY];
      const given = typeof header === 'string' && header.trim() ? header : query;
      const key = typeof given === 'string' ? given.trim() : '';
      return key.length <= MAX_KEY_LENGTH ? key : '';
    }

    function admit(request: FastifyRequest, company: CompanyContext | null): void {
      if (!company) throw new AppError(401, 'invalid_company_key', errorMessages.companyKeyInvalid);
      request.company = company;
    }

    app.decorate('requireCompany', async (request: FastifyRequest) => {
      const key = givenKey(request);
      admit(request, key ? await lookup(key) : null);
    });
    // The same check as a callback hook: a cached key (nearly every widget call) is admitted
    // without a promise, so the route can answer in the same tick.
    app.decorate(
      'companyPreHandler',
      (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
        const key = givenKey(request);
        const cached = key ? cachedCompany(key) : null;
        if (cached !== undefined) {
          try {
            admit(request, cached);
          } catch (error) {
            return done(error as Error);
          }
          return done();
        }
        lookup(key).then(
          (company) => {
            try {
              admit(request, company);
            } catch (error) {
              return done(error as Error);
            }
            done();
          },
          (error: Error) => done(error),
        );
      },
    );
  },
  { name: 'company-key', dependencies: ['app-config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    forgetCompanyCache: () => void;
    companySpecialities: (companyId: number) => Promise<Speciality[]>;
    /** The company's specialities when this process holds a fresh copy, without waiting. */
    cachedCompanySpecialities: (companyId: number) => Speciality[] | undefined;
    /** `requireCompany` as a route preHandler (callback style: no promise on a cached key). */
    companyPreHandler: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;
    companyByKey: (key: string) => Promise<CompanyContext | null>;
  }
}
