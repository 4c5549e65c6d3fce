import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilityApi } from '@seguridad/contracts/http/availability';
import { codeResponseSchema } from '@seguridad/contracts/http/auth';
import { availabilityTexts } from '@seguridad/contracts/messages/availability';
import { databaseIdSchema } from '@seguridad/contracts/http/ids';
import { callSocketEvents } from '@seguridad/contracts/realtime/call';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { declineOffer, routingMembers } from '../availability/availability-queries';
import { queuedCallWithOffer, viewerRooms } from './call-routing';

const errors = errorResponses(400, 401, 403, 404, 409);

/** An operator lets a call offered to them pass (decision 057): routing offers it to the next. */
export const offerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const schemaBase = { tags: ['operator'] };

  app.post(
    availabilityApi.decline.pattern,
    {
      preHandler: app.requireOperator,
      schema: {
        ...schemaBase,
        summary: 'Let a call offered to me pass: anyone who serves it may take it now',
        params: z.object({ id: databaseIdSchema }),
        response: { 200: codeResponseSchema, ...errors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { companyId } = request.operator;
      const declined = await declineOffer(db, {
        id: request.params.id,
        companyId,
        operatorId: request.user.id,
      });
      if (!declined) throw new AppError(409, 'not_offered', availabilityTexts.notOffered);
      const members = await routingMembers(db, companyId);
      const names = new Map(members.map((member) => [member.userId, member.name]));
      const rooms = viewerRooms(members, declined);
      if (rooms.length > 0)
        app.io.to(rooms).emit(callSocketEvents.queueUpdated, queuedCallWithOffer(declined, names));
      app.callRealtime.routeCalls(companyId);
      return { code: 200 as const };
    }),
  );
};
