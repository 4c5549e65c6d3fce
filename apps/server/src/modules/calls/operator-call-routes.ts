import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  acceptCallResponseSchema,
  callHistoryResponseSchema,
  callQueueResponseSchema,
  privateRoomResponseSchema,
  callsApi,
} from '@seguridad/contracts/http/calls';
import { errorResponses } from '../../lib/error-responses';
import { recordAudit } from '../audit/audit-service';
import { roleAtLeast } from '../membership/operator-access';
import { guarded } from '../../lib/route-guards';
import { chatMessageSchema } from '@seguridad/contracts/realtime/call';
import { callTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { newRoomName, toQueuedCall } from './call-access';
import { callErrors, callIdParams, notifyRealtime } from './call-route-schemas';
import { callOfCompany } from './call-queries';
import { chatMessagesAfter } from './chat-queries';
import { availabilityTexts } from '@seguridad/contracts/messages/availability';
import { namesOf, specialitiesServedBy } from '../availability/availability-queries';
import { queuedCallWithOffer, seesCall, serves } from './call-routing';
import { acceptWaitingCall, callHistory, insertPrivateRoom, operatorQueue } from './operator-call-queries';

const chatResponseSchema = z.object({ code: z.literal(200), messages: z.array(chatMessageSchema) });

/** The operator console's side of calls: the queue, taking a call, private rooms, the record. */
export const operatorCallRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const schemaBase = { tags: ['operator'] };

  app.get(
    callsApi.queue.pattern,
    {
      preHandler: app.requireOperator,
      schema: {
        ...schemaBase,
        summary: "The company's waiting calls, oldest first, and this operator's open private rooms",
        response: { 200: callQueueResponseSchema, ...callErrors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { companyId, role } = request.operator;
      const [calls, operatorsOnline, specialityIds] = await Promise.all([
        operatorQueue(db, companyId, request.user.id),
        app.callRealtime.operatorsOnline(companyId),
        specialitiesServedBy(db, companyId, request.user.id),
      ]);
      const visible = calls.filter((call) => call.isPrivate || seesCall({ role, specialityIds }, call));
      const names = await namesOf(db, [...new Set(visible.flatMap((call) => call.offeredTo ?? []))]);
      return {
        code: 200 as const,
        calls: visible.map((call) => queuedCallWithOffer(call, names)),
        operators_online: operatorsOnline,
      };
    }),
  );

  app.post(
    callsApi.accept.pattern,
    {
      preHandler: app.requireOperator,
      schema: {
        ...schemaBase,
        summary: 'Takes a waiting call (one operator wins); then join its room as operator',
        params: callIdParams,
        response: { 200: acceptCallResponseSchema, ...callErrors, ...errorResponses(409) },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { companyId, role } = request.operator;
      const operatorId = request.user.id;
      const callId = request.params.id;
      const waiting = await callOfCompany(db, callId, companyId);
      if (waiting && !waiting.isPrivate && waiting.status === 'waiting' && role === 'operator') {
        const specialityIds = await specialitiesServedBy(db, companyId, operatorId);
        if (!serves({ specialityIds }, waiting)) {
          throw new AppError(403, 'not_your_speciality', availabilityTexts.notYourSpeciality);
        }
      }
      // One statement decides between operators racing for the same call.
      const accepted = await acceptWaitingCall(db, { id: callId, companyId, operatorId });
      if (accepted) {
        await notifyRealtime(request.log, 'callAccepted', app.callRealtime.callAccepted(accepted));
        return { code: 200 as const, call: toQueuedCall(accepted) };
      }
      const current = await callOfCompany(db, callId, companyId);
      // Another operator's private room is as invisible as another company's call.
      if (!current || (current.isPrivate && current.operatorId !== operatorId)) {
        throw new AppError(404, 'call_not_found', callTexts.callNotFound);
      }
      // Re-entering a call this operator already holds (a reload of the console, a private room).
      if (current.status === 'active' && current.operatorId === operatorId) {
        return { code: 200 as const, call: toQueuedCall(current) };
      }
      if (current.status === 'active') throw new AppError(409, 'call_taken', callTexts.callTaken);
      if (current.status === 'waiting') throw new AppError(409, 'offer_held', availabilityTexts.offerHeld);
      throw new AppError(404, 'call_not_found', callTexts.callNotFound);
    }),
  );

  app.post(
    callsApi.createPrivateRoom.pattern,
    {
      preHandler: app.requireOperator,
      schema: {
        ...schemaBase,
        summary: 'Creates a private room and the link that opens the widget straight into it',
        response: { 200: privateRoomResponseSchema, ...callErrors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const call = await insertPrivateRoom(db, {
        companyId: request.operator.companyId,
        operatorId: request.user.id,
        name: newRoomName(),
        specialityName: callTexts.defaultSpeciality,
      });
      await notifyRealtime(request.log, 'callQueued', app.callRealtime.callQueued(call));
      return {
        code: 200 as const,
        call: toQueuedCall(call),
        link: `${app.config.publicBaseUrl}/?privatevideo=${encodeURIComponent(call.room)}`,
      };
    }),
  );

  app.get(
    callsApi.history.pattern,
    {
      preHandler: app.requireOperator,
      schema: {
        ...schemaBase,
        summary: "The company's latest calls, newest first, with the size of their chat",
        response: { 200: callHistoryResponseSchema, ...callErrors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      // An operator's history is their own calls; a supervisor's, the company's (decision 033).
      const ownOnly = roleAtLeast(request.operator.role, 'supervisor') ? undefined : request.user.id;
      const rows = await callHistory(db, request.operator.companyId, ownOnly);
      return {
        code: 200 as const,
        calls: rows.map(({ call, chatMessages, rating }) => ({
          id: call.id,
          room: call.room,
          speciality: call.specialityName,
          from: call.fromPage,
          private: call.isPrivate,
          kind: call.kind,
          status: call.status,
          created_at: call.createdAt.toISOString(),
          accepted_at: call.acceptedAt?.toISOString() ?? null,
          ended_at: call.endedAt?.toISOString() ?? null,
          end_reason: call.endReason,
          chat_messages: chatMessages,
          rating,
        })),
      };
    }),
  );

  app.get(
    callsApi.chat.pattern,
    {
      preHandler: app.requireOperator,
      schema: {
        ...schemaBase,
        summary: "A call's chat transcript, in order (user 1 is the caller, 2 the operator)",
        params: callIdParams,
        response: { 200: chatResponseSchema, ...callErrors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const call = await callOfCompany(db, request.params.id, request.operator.companyId);
      const mayRead =
        roleAtLeast(request.operator.role, 'supervisor') || call?.operatorId === request.user.id;
      if (!call || !mayRead) throw new AppError(404, 'call_not_found', callTexts.callNotFound);
      const messages = await chatMessagesAfter(db, call.id, call.room, 0);
      await recordAudit(db, {
        companyId: call.companyId,
        actorUserId: request.user.id,
        action: 'call.transcript_open',
        subjectKind: 'call',
        subjectId: call.id,
        ip: request.ip,
      });
      return { code: 200 as const, messages };
    }),
  );
};
