import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What each access preHandler stores on the request once it has let the request through. The
 * types come from the modules' own `declare module 'fastify'`, so this helper imports none of them.
 */
type GuardSlots = { [Slot in 'user' | 'operator' | 'company']: NonNullable<FastifyRequest[Slot]> };
type Guarded<Slot extends keyof GuardSlots> = { [Key in Slot]: GuardSlots[Key] };

/**
 * Types a handler for what its route's preHandler guarantees (`authenticate` → `user`,
 * `requireOperator` → `user` + `operator`, `requireCompany` → `company`), so handlers read
 * `request.user.id` instead of asserting. A route that forgets its preHandler answers 500 here
 * rather than running without the guard.
 */
export function guarded<Slot extends keyof GuardSlots>(...slots: Slot[]) {
  return <Request extends FastifyRequest, Reply extends FastifyReply, Result>(
    handler: (request: Request & Guarded<Slot>, reply: Reply) => Result,
  ) =>
    function guardedHandler(this: unknown, request: Request, reply: Reply): Result {
      for (const slot of slots) {
        if (request[slot] === undefined)
          throw new Error(`route without the preHandler that sets request.${slot}`);
      }
      return handler(request as Request & Guarded<Slot>, reply);
    };
}
