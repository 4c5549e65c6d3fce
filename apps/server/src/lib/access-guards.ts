import type { FastifyRequest, RouteOptions } from 'fastify';

/** The access guards (`authenticate`, the operator and company-key guards), by identity. */
const accessGuards = new WeakSet<object>();

/** Marks a function as an access guard, so a route naming it as preHandler runs it before validation. */
export function accessGuard<Guard extends (request: FastifyRequest) => Promise<void>>(guard: Guard): Guard {
  accessGuards.add(guard);
  return guard;
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
