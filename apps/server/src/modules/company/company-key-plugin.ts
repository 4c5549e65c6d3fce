import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COMPANY_KEY_HEADER } from '@seguridad/contracts/constants';
import type { Speciality } from '@seguridad/contracts/http/company';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { accessGuard } from '../../lib/access-guards';
import { clientAddressKey } from '../../lib/client-address';
import { companyByPublicKey, specialitiesOf, type CompanyContext } from './company-queries';

/**
 * Widget calls arrive at high rates and the key → company mapping almost never changes, so a hit
 * is kept for a few seconds. A change from the console clears this process's cache at once, and
 * the other processes' through Redis; should that message be lost, they see it within that time.
 */
const CACHE_TTL_MS = 5_000;
/**
 * A key the database did not know is remembered as unknown for a minute (a console change clears
 * it at once), so a page that repeats a wrong key costs one lookup a minute (decision 038).
 */
const UNKNOWN_KEY_TTL_MS = 60_000;
/** Keys found valid are exempt from the per-address budget below for an hour. */
const VALID_KEY_TTL_MS = 60 * 60_000;
/**
 * Lookups of keys this process has not found valid, per address and minute, on the widget page
 * (which has no other limit): each random key is a database query. A valid key spends at most one
 * of them per process and hour, so citizens behind one NAT using their company's key never reach it.
 */
export const UNKNOWN_KEY_LOOKUPS_PER_MINUTE = 30;
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
function expiringCache<Key, Value>(ttlMs = CACHE_TTL_MS) {
  const entries = new Map<Key, { value: Value; expiresAt: number }>();
  return {
    get(key: Key): Value | undefined {
      const entry = entries.get(key);
      return entry && entry.expiresAt > Date.now() ? entry.value : undefined;
    },
    set(key: Key, value: Value): void {
      if (entries.size > 10_000) entries.clear();
      entries.set(key, { value, expiresAt: Date.now() + ttlMs });
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
    const companies = expiringCache<string, CompanyContext>();
    const unknownKeys = expiringCache<string, true>(UNKNOWN_KEY_TTL_MS);
    const validKeys = expiringCache<string, true>(VALID_KEY_TTL_MS);
    const specialities = expiringCache<number, Speciality[]>();

    async function companyByKey(key: string): Promise<CompanyContext | null> {
      const cached = companies.get(key);
      if (cached !== undefined) return cached;
      if (unknownKeys.get(key)) return null;
      const company = (await companyByPublicKey(app.database.db, key)) ?? null;
      if (company) {
        companies.set(key, company);
        validKeys.set(key, true);
      } else unknownKeys.set(key, true);
      return company;
    }

    /**
     * `companyByKey` for a request with no other limit (the widget page): a key that would cost a
     * lookup and was not found valid lately spends one of the address's budget, and past it the
     * request answers 429 without touching the database.
     */
    async function companyByKeyFrom(key: string, request: FastifyRequest): Promise<CompanyContext | null> {
      const needsLookup = !companies.get(key) && !unknownKeys.get(key);
      if (needsLookup && !validKeys.get(key)) {
        const budget = await app.attempts.hit(
          `unknownCompanyKey:ip:${clientAddressKey(request.ip)}`,
          UNKNOWN_KEY_LOOKUPS_PER_MINUTE,
          60_000,
        );
        if (!budget.allowed) throw new AppError(429, 'too_many_requests', errorMessages.tooManyRequests);
      }
      return companyByKey(key);
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
      unknownKeys.clear();
      specialities.clear();
    }

    async function requireCompany(request: FastifyRequest): Promise<void> {
      const key = givenKey(request);
      const company = key ? await companyByKey(key) : null;
      if (!company) throw new AppError(401, 'invalid_company_key', errorMessages.companyKeyInvalid);
      request.company = company;
    }

    app.decorate('companyByKey', companyByKey);
    app.decorate('companyByKeyFrom', companyByKeyFrom);
    app.decorate('companySpecialities', companySpecialities);
    app.decorate('forgetCompanyCache', forgetCompanyCache);
    app.decorate('requireCompany', accessGuard(requireCompany, 'company-key'));
    app.decorateRequest('company', undefined);
  },
  { name: 'company-key', dependencies: ['app-config', 'attempts'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for the public widget calls: resolves the `company-key` header or answers 401. */
    requireCompany: (request: FastifyRequest) => Promise<void>;
    forgetCompanyCache: () => void;
    companySpecialities: (companyId: number) => Promise<Speciality[]>;
    companyByKey: (key: string) => Promise<CompanyContext | null>;
    /** `companyByKey` with the per-address budget of unknown keys (the widget page). */
    companyByKeyFrom: (key: string, request: FastifyRequest) => Promise<CompanyContext | null>;
  }
  interface FastifyRequest {
    /** The company a widget call names, once `requireCompany` let it through. */
    company: CompanyContext | undefined;
  }
}
