import { roleAtLeast, type StaffRole } from '../staff-access';

/**
 * One HTTP route of the API, declared once beside its schemas: the server registers `pattern`
 * (Fastify's `:name` parameters), the web requests `path(params)`. Both come from the same
 * string, so renaming a route breaks the build on both ends instead of a request at run time.
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

export interface ApiRoute<Method extends HttpMethod = HttpMethod, Pattern extends string = string> {
  readonly method: Method;
  readonly pattern: Pattern;
  readonly access: RouteAccess;
  /** The path to request: every `:name` filled with its value, URL-encoded. */
  path(...params: PathArgs<Pattern>): string;
  /** A request to this route: its own method and the filled path (what the web's client sends). */
  request(...params: PathArgs<Pattern>): RouteRequest<Method>;
}

/** What a client needs to call a route: the method is the route's, never written again. */
export type RouteRequest<Method extends HttpMethod = HttpMethod> = {
  readonly method: Method;
  readonly path: string;
};

const paramPattern = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names of a pattern's parameters at run time, in order. */
export function pathParamNames(pattern: string): string[] {
  return [...pattern.matchAll(paramPattern)].map((match) => match[1] ?? '');
}

export function apiRoute<const Method extends HttpMethod, const Pattern extends `/api/${string}`>(
  method: Method,
  pattern: Pattern,
  access: RouteAccess,
): ApiRoute<Method, Pattern> {
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
    path,
    request: (...args: PathArgs<Pattern>) => ({ method, path: path(...args) }),
  };
}
