import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COMPANY_KEY_HEADER } from '@seguridad/contracts/constants';
import type { Speciality } from '@seguridad/contracts/http/company';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { accessGuard } from '../../lib/access-guards';
import { companyByPublicKey, specialitiesOf, type CompanyContext } from './company-queries';

/**
 * Widget calls arrive at high rates and the key → company mapping almost never changes, so a hit
 * is kept for a few seconds. A change from the console clears this process's cache at once, and
 * the other processes' through Redis; should that message be lost, they see it within that time.
 */
const CACHE_TTL_MS = 5_000;
const MAX_KEY_LENGTH = 200;
const COMPANY_KEY_QUERY = 'company_key';

/** The key a widget call names: the header, else the spec's `company_key` query parameter. */
function givenKey(request: FastifyRequest): string {
  const header = request.headers[COMPANY_KEY_HEADER];
  const query = (request.query as Record<string, unknown> | undefined)?.[COMPANY_KEY_QUERY];
  const given = typeof header === 'string' && header.trim() ? header : query;
  const key = typeof given === 'string' ? given.trim() : '';
  return key.length <= MAX_KEY_LENGTH ? key : '';
}

/** A small expiring cache: the console's changes clear it (`forgetCompanyCache`). */
function expiringCache<Key, Value>() {
  const entries = new Map<Key, { value: Value; expiresAt: number }>();
  return {
    get(key: Key): Value | undefined {
      const entry = entries.get(key);
      return entry && entry.expiresAt > Date.now() ? entry.value : undefined;
    },
    set(key: Key, value: Value): void {
      if (entries.size > 10_000) entries.clear();
      entries.set(key, { value, expiresAt: Date.now() + CACHE_TTL_MS });
    },
    clear: () => entries.clear(),
  };
}

/**
 * The company-key guard of the public widget API (`requireCompany`, the routes' preHandler) and
 * the company lookups it caches.
 */
export const companyKeyPlugin = fp(
  async function companyKeyPlugin(app: FastifyInstance) {
    const companies = expiringCache<string, CompanyContext | null>();
    const specialities = expiringCache<number, Speciality[]>();

    async function companyByKey(key: string): Promise<CompanyContext | null> {
      const cached = companies.get(key);
      if (cached !== undefined) return cached;
      const company = (await companyByPublicKey(app.database.db, key)) ?? null;
      companies.set(key, company);
      return company;
    }

    async function companySpecialities(companyId: number): Promise<Speciality[]> {
      const cached = specialities.get(companyId);
      if (cached) return cached;
      const list = await specialitiesOf(app.database.db, companyId);
      specialities.set(companyId, list);
      return list;
    }

    function forgetCompanyCache(): void {
      companies.clear();
      specialities.clear();
    }

    async function requireCompany(request: FastifyRequest): Promise<void> {
      const key = givenKey(request);
      const company = key ? await companyByKey(key) : null;
      if (!company) throw new AppError(401, 'invalid_company_key', errorMessages.companyKeyInvalid);
      request.company = company;
    }

    app.decorate('companyByKey', companyByKey);
    app.decorate('companySpecialities', companySpecialities);
    app.decorate('forgetCompanyCache', forgetCompanyCache);
    app.decorate('requireCompany', accessGuard(requireCompany));
    app.decorateRequest('company', undefined);
  },
  { name: 'company-key', dependencies: ['app-config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for the public widget calls: resolves the `company-key` header or answers 401. */
    requireCompany: (request: FastifyRequest) => Promise<void>;
    forgetCompanyCache: () => void;
    companySpecialities: (companyId: number) => Promise<Speciality[]>;
    companyByKey: (key: string) => Promise<CompanyContext | null>;
  }
  interface FastifyRequest {
    /** The company a widget call names, once `requireCompany` let it through. */
    company: CompanyContext | undefined;
  }
}
