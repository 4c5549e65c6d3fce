import type { z } from 'zod';
import { roleAtLeast, type StaffRole } from '../staff-access';

/**
 * One HTTP route of the API, declared once beside its schemas: the server registers `pattern`
 * (Fastify's `:name` parameters) with the route's own body, query and answer schemas; the web
 * requests `request(params)`, which carries the method and the types of what it sends and gets
 * back. Both come from the same declaration, so renaming a route or changing an answer breaks the
 * build on both ends instead of a request at run time.
 */
/** Every API path starts here; anything else is a page, an asset or a development tool. */
export const API_PREFIX = '/api/';
/** The OpenAPI page, generated from the routes' schemas; a page, so it gets the page headers. */
export const API_DOCS_PATH = '/api/docs';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route, declared with it (docs/security.md): the server installs the guard from
 * this and refuses a route without it; the console shows what the signed-in role may use.
 * - `public`: anyone; what the handler checks instead (a mailed token, a signed link, Flow's
 *   signature) is written in docs/security.md;
 * - `company-key`: a company's widget key, from an origin the company allowed;
 * - `caller-token`: a call's own people: its caller token, or the staff who may act on it;
 * - `user`: a signed-in person;
 * - `operator`, `supervisor`, `admin`: a company's staff of at least that role (`staff-access`).
 */
export const ROUTE_ACCESS = [
  'public',
  'company-key',
  'caller-token',
  'user',
  'operator',
  'supervisor',
  'admin',
] as const;
export type RouteAccess = (typeof ROUTE_ACCESS)[number];

/** Staff access levels and the role each asks for at least. */
const STAFF_ACCESS = { operator: 'operator', supervisor: 'supervisor', admin: 'admin' } as const;

/** True when a staff member of `role` may call a route of `access` (what the console shows). */
export function accessAllows(access: RouteAccess, role: StaffRole | null | undefined): boolean {
  if (access === 'public' || access === 'user') return true;
  if (!(access in STAFF_ACCESS)) return false;
  return role != null && roleAtLeast(role, STAFF_ACCESS[access as keyof typeof STAFF_ACCESS]);
}

/** The `:name` parameters of a pattern, as a union of names. */
export type PathParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

type PathArgs<Pattern extends string> = [PathParamNames<Pattern>] extends [never]
  ? []
  : [params: Record<PathParamNames<Pattern>, string | number>];

/**
 * What a route reads and answers, as the schemas the server validates with: `body` (JSON),
 * `query` (the query string) and `response` (its success answer). The server's registration must
 * state these very schemas (plugins/route-access.ts); the web's request takes its types from them.
 */
export type RouteSchemas = {
  readonly body?: z.ZodType;
  readonly query?: z.ZodType;
  readonly response?: z.ZodType;
};

/** What a client sends as the body of a route, or `unknown` when the route declares none. */
export type RouteBody<Schemas extends RouteSchemas> = Schemas['body'] extends z.ZodType
  ? z.input<Schemas['body']>
  : unknown;
/** What a client may send in a route's query string. */
export type RouteQuery<Schemas extends RouteSchemas> = Schemas['query'] extends z.ZodType
  ? z.input<Schemas['query']>
  : Record<string, string | number | boolean | undefined>;
/** What a route answers when it succeeds, or `unknown` when it declares no answer. */
export type RouteResponse<Schemas extends RouteSchemas> = Schemas['response'] extends z.ZodType
  ? z.output<Schemas['response']>
  : unknown;

export interface ApiRoute<
  Method extends HttpMethod = HttpMethod,
  Pattern extends string = string,
  Schemas extends RouteSchemas = RouteSchemas,
> {
  readonly method: Method;
  readonly pattern: Pattern;
  readonly access: RouteAccess;
  readonly schemas: Schemas;
  /** The path to request: every `:name` filled with its value, URL-encoded. */
  path(...params: PathArgs<Pattern>): string;
  /** A request to this route: its own method, the filled path, and the types of what it carries. */
  request(
    ...params: PathArgs<Pattern>
  ): RouteRequest<Method, RouteBody<Schemas>, RouteResponse<Schemas>, RouteQuery<Schemas>>;
}

declare const carried: unique symbol;

/**
 * What a client needs to call a route: the method is the route's, never written again, and the
 * types of the body, query and answer ride along (compile time only) so the client infers them.
 */
export type RouteRequest<
  Method extends HttpMethod = HttpMethod,
  Body = unknown,
  Response = unknown,
  Query = unknown,
> = {
  readonly method: Method;
  readonly path: string;
  readonly [carried]?: { body: Body; response: Response; query: Query };
};

/** The body type a route's request carries. */
export type RequestBody<Request> =
  Request extends RouteRequest<HttpMethod, infer Body, unknown, unknown> ? Body : unknown;
/** The answer type a route's request carries. */
export type RequestResponse<Request> =
  Request extends RouteRequest<HttpMethod, unknown, infer Response, unknown> ? Response : unknown;
/** The query type a route's request carries. */
export type RequestQuery<Request> =
  Request extends RouteRequest<HttpMethod, unknown, unknown, infer Query> ? Query : unknown;

const paramPattern = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names of a pattern's parameters at run time, in order. */
export function pathParamNames(pattern: string): string[] {
  return [...pattern.matchAll(paramPattern)].map((match) => match[1] ?? '');
}

export function apiRoute<
  const Method extends HttpMethod,
  const Pattern extends `/api/${string}`,
  const Schemas extends RouteSchemas = Record<never, never>,
>(
  method: Method,
  pattern: Pattern,
  access: RouteAccess,
  schemas: Schemas = {} as Schemas,
): ApiRoute<Method, Pattern, Schemas> {
  const path = (...args: PathArgs<Pattern>) => {
    const params: Partial<Record<string, string | number>> = args[0] ?? {};
    return pattern.replace(paramPattern, (_match, name: string) => {
      const value = params[name];
      if (value === undefined) throw new Error(`${pattern} needs :${name}`);
      return encodeURIComponent(String(value));
    });
  };
  return {
    method,
    pattern,
    access,
    schemas,
    path,
    request: (...args: PathArgs<Pattern>) => ({ method, path: path(...args) }),
  };
}
