import type { FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import type { RouteAccess as DeclaredAccess } from '@seguridad/contracts/http/api-route';
import type { StaffRole } from '@seguridad/contracts/staff-access';

/** What an access guard requires, as docs/security.md names it. */
export type AccessRequirement = 'session' | StaffRole | 'company-key';

/** The access guards (`authenticate`, the operator and company-key guards), by identity. */
const accessGuards = new WeakMap<object, AccessRequirement>();

/** The requirement a guard was marked with, if the function is one. */
export function requirementOf(handler: unknown): AccessRequirement | undefined {
  return typeof handler === 'function' ? accessGuards.get(handler) : undefined;
}

/** Marks a function as an access guard, so a route naming it as preHandler runs it before validation. */
export function accessGuard<Guard extends (request: FastifyRequest) => Promise<void>>(
  guard: Guard,
  requirement: AccessRequirement,
): Guard {
  accessGuards.set(guard, requirement);
  return guard;
}

/** One route as the server registered it, with what its guards require (docs/security.md). */
export type RouteAccess = {
  method: string;
  url: string;
  /** What the route declares (contracts' `apiRoute`, or `config.access` outside the API). */
  access: DeclaredAccess | undefined;
  requires: AccessRequirement[];
  /** Requests per window from one address, when the route sets its own limit (false: none). */
  rateLimit: { max: number; timeWindow: string | number } | false | undefined;
};

/** What a route's guards require, read before `guardsBeforeValidation` moves them. */
export function routeAccessOf(route: RouteOptions, access: DeclaredAccess | undefined): RouteAccess {
  const handlers = [route.preHandler ?? [], route.preValidation ?? []].flat();
  const requires = handlers.flatMap((handler) => {
    const requirement = accessGuards.get(handler);
    return requirement ? [requirement] : [];
  });
  const limit = (route.config as { rateLimit?: RouteAccess['rateLimit'] } | undefined)?.rateLimit;
  return {
    method: [route.method].flat().join(','),
    url: route.url,
    access,
    requires,
    rateLimit: limit === false ? false : limit ? { max: limit.max, timeWindow: limit.timeWindow } : undefined,
  };
}

type RouteHook = NonNullable<RouteOptions['preHandler']>;

/**
 * The `onRoute` rule that makes every route authenticate before it validates: the access guards a
 * route lists as `preHandler` move to the front of its `preValidation`, which runs after the body
 * is parsed and before the schema checks it. An anonymous request with a bad body then answers 401
 * (and a signed-in one without the role 403), never field messages that describe the route's body
 * to someone who may not call it. Routes keep declaring `preHandler: app.authenticate` as before.
 */
export function guardsBeforeValidation(route: RouteOptions): void {
  const handlers = route.preHandler === undefined ? [] : [route.preHandler].flat();
  const guards = handlers.filter((handler) => accessGuards.has(handler));
  if (guards.length === 0) return;
  route.preHandler = handlers.filter((handler) => !accessGuards.has(handler)) as RouteHook;
  const validationHooks = route.preValidation === undefined ? [] : [route.preValidation].flat();
  route.preValidation = [...guards, ...validationHooks] as RouteOptions['preValidation'];
}

/**
 * An answer to a signed-in request carries that person's data: no cache on the way (a shared
 * proxy, the browser's disk) may keep it. A route that sets its own `Cache-Control` (signed media
 * links, downloads) keeps it.
 */
const noStoreWhenSignedIn: onSendHookHandler = (request, reply, payload, done) => {
  if (request.user !== undefined && !reply.hasHeader('cache-control'))
    reply.header('cache-control', 'no-store');
  done(null, payload);
};

/** The `onRoute` rule that adds `noStoreWhenSignedIn` to every route. */
export function noStoreForSessions(route: RouteOptions): void {
  const existing = route.onSend === undefined ? [] : [route.onSend].flat();
  route.onSend = [...existing, noStoreWhenSignedIn] as RouteOptions['onSend'];
}
