import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { apiPaths } from '@seguridad/contracts/api-paths';
import {
  API_PREFIX,
  type ApiRoute,
  type RouteAccess as DeclaredAccess,
  type RouteSchemas,
} from '@seguridad/contracts/http/api-route';
import {
  guardsBeforeValidation,
  noStoreForSessions,
  requirementOf,
  routeAccessOf,
  type AccessRequirement,
  type RouteAccess,
} from '../lib/access-guards';

type Guard = (request: FastifyRequest) => Promise<void>;
type RouteHook = NonNullable<RouteOptions['preHandler']>;

/** What each declared access is checked by at the door; `public` and `caller-token` by the handler. */
const REQUIREMENT_OF_ACCESS: Record<DeclaredAccess, AccessRequirement | undefined> = {
  public: undefined,
  'caller-token': undefined,
  'company-key': 'company-key',
  user: 'session',
  operator: 'operator',
  supervisor: 'supervisor',
  admin: 'admin',
};

/** The OpenAPI security each access shows (the schemes `plugins/api-docs.ts` declares). */
const SECURITY_OF_ACCESS: Record<DeclaredAccess, Record<string, string[]>[] | undefined> = {
  public: undefined,
  'caller-token': [{ callToken: [], companyKey: [] }, { bearer: [] }],
  'company-key': [{ companyKey: [] }],
  user: [{ bearer: [] }],
  operator: [{ bearer: [] }],
  supervisor: [{ bearer: [] }],
  admin: [{ bearer: [] }],
};

/** Every route of the contracts by `METHOD pattern` (a GET's automatic HEAD shares its access). */
function declaredRoutes(): Map<string, ApiRoute> {
  const routes = new Map<string, ApiRoute>();
  for (const area of Object.values(apiPaths))
    for (const route of Object.values(area) as ApiRoute[])
      routes.set(`${route.method} ${route.pattern}`, route);
  return routes;
}

/** The schema a registration validates with for each part the contracts declare. */
function registeredSchemas(schema: RouteOptions['schema']): Record<keyof RouteSchemas, unknown> {
  const response = (schema?.response ?? {}) as Record<string, unknown>;
  const success = Object.keys(response).find((status) => status.startsWith('2'));
  return {
    body: schema?.body,
    query: schema?.querystring,
    response: success === undefined ? undefined : response[success],
  };
}

/**
 * The contracts' body, query and answer of a route are what the web's requests are typed by; a
 * registration that validates with another schema (or none) would let the two ends drift, so it
 * is a start-up error. A part the contracts leave out is the server's own (a form post, a file).
 */
function sameSchemasAsContract(route: string, schema: RouteOptions['schema'], declared: RouteSchemas) {
  const registered = registeredSchemas(schema);
  for (const part of ['body', 'query', 'response'] as const) {
    if (declared[part] !== undefined && registered[part] !== declared[part])
      throw new Error(`${route}: its ${part} schema is not the one @seguridad/contracts declares for it`);
  }
}

/**
 * Access is part of a route's declaration (docs/security.md): every API route is declared in
 * contracts with who may call it, and this one `onRoute` rule installs the guard that access asks
 * for, derives the route's OpenAPI security from it, and refuses to register an API route without
 * an access (a route only a test adds states `config.access`). A route outside the API (the site's
 * pages and files, development tools) may state `config.access`; pages are public. A route that also names a guard of its own
 * must name the same one: a mismatch is a start-up error, not a route guarded twice two ways.
 */
export const routeAccessPlugin = fp(
  async (app: FastifyInstance) => {
    const declared = declaredRoutes();
    const guardOf: Record<AccessRequirement, Guard> = {
      session: app.authenticate,
      operator: app.requireOperator,
      supervisor: app.requireSupervisor,
      admin: app.requireCompanyAdmin,
      'company-key': app.requireCompany,
    };
    const routeTable: RouteAccess[] = [];
    app.decorate('routeAccess', routeTable);
    app.addHook('onRoute', (route) => {
      const method = [route.method].flat()[0] ?? 'GET';
      const contract =
        declared.get(`${method} ${route.url}`) ??
        (method === 'HEAD' ? declared.get(`GET ${route.url}`) : undefined);
      const ownAccess = (route.config as { access?: DeclaredAccess } | undefined)?.access;
      const access = contract?.access ?? ownAccess;
      if (route.url.startsWith(API_PREFIX) && access === undefined)
        throw new Error(
          `${method} ${route.url} declares no access: declare it in @seguridad/contracts (apiRoute) with who may call it`,
        );
      if (contract && ownAccess !== undefined && ownAccess !== contract.access)
        throw new Error(
          `${method} ${route.url}: config.access ${ownAccess} differs from contracts' ${contract.access}`,
        );
      if (contract) sameSchemasAsContract(`${method} ${route.url}`, route.schema, contract.schemas);
      const requirement = access ? REQUIREMENT_OF_ACCESS[access] : undefined;
      const handlers = route.preHandler === undefined ? [] : [route.preHandler].flat();
      const named = handlers.map(requirementOf).filter((found) => found !== undefined);
      if (named.some((found) => found !== requirement))
        throw new Error(
          `${method} ${route.url} declares ${access ?? 'no access'} but names a ${named.join(', ')} guard`,
        );
      if (requirement && named.length === 0)
        route.preHandler = [guardOf[requirement], ...handlers] as RouteHook;
      const security = access ? SECURITY_OF_ACCESS[access] : undefined;
      if (route.schema && security) route.schema = { ...route.schema, security };
      routeTable.push(routeAccessOf(route, access));
      guardsBeforeValidation(route);
      noStoreForSessions(route);
    });
  },
  { name: 'route-access', dependencies: ['session-auth', 'operator-access', 'company-key'] },
);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call a route outside contracts (a test's route, a development tool). */
    access?: DeclaredAccess;
  }
  interface FastifyInstance {
    /** Every route registered after this plugin, with its access and guards (docs/security.md). */
    routeAccess: readonly RouteAccess[];
  }
}
