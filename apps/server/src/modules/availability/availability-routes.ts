import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  availabilityApi,
  availabilityResponseSchema,
  setAvailabilityBodySchema,
  type Availability,
} from '@seguridad/contracts/http/availability';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import type { Database } from '../../db/client';
import { operatorsInCall, routingMembers, saveChosenState } from './availability-queries';

const errors = errorResponses(400, 401, 403, 404, 409);

/** What the centre sees of the member now: their choice, or En llamada while holding a call. */
async function availabilityOf(db: Database, companyId: number, userId: number): Promise<Availability> {
  const [members, inCall] = await Promise.all([
    routingMembers(db, companyId),
    operatorsInCall(db, companyId),
  ]);
  const member = members.find((candidate) => candidate.userId === userId);
  const chosen = member?.state ?? 'available';
  return {
    user_id: userId,
    state: inCall.has(userId) ? 'in_call' : chosen,
    chosen,
    reason: chosen === 'paused' ? (member?.pauseReason ?? null) : null,
    since: (member?.changedAt ?? new Date()).toISOString(),
  };
}

/**
 * The operator's own state (decision 043): Disponible or En pausa with a reason, and letting a
 * call offered to them pass. Every member of the staff has one (supervisors and administrators
 * answer calls too).
 */
export const availabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const schemaBase = { tags: ['operator'] };

  app.get(
    availabilityApi.mine.pattern,
    {
      preHandler: app.requireOperator,
      schema: {
        ...schemaBase,
        summary: 'My state',
        response: { 200: availabilityResponseSchema, ...errors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => ({
      code: 200 as const,
      availability: await availabilityOf(db, request.operator.companyId, request.user.id),
    })),
  );

  app.put(
    availabilityApi.set.pattern,
    {
      preHandler: app.requireOperator,
      schema: {
        ...schemaBase,
        summary: 'Choose Disponible, or En pausa with a reason',
        body: setAvailabilityBodySchema,
        response: { 200: availabilityResponseSchema, ...errors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { companyId } = request.operator;
      const body = request.body;
      await saveChosenState(db, {
        userId: request.user.id,
        companyId,
        state: body.state,
        reason: body.state === 'paused' ? body.reason : null,
      });
      // Pausing withdraws an offer this operator holds; coming back may bring one.
      app.callRealtime.routeCalls(companyId);
      app.supervisionChanged(companyId);
      return { code: 200 as const, availability: await availabilityOf(db, companyId, request.user.id) };
    }),
  );
};
