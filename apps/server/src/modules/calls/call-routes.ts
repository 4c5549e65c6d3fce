import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { QUICK_EXIT, SERVICE_TIME_ZONE } from '@seguridad/contracts/constants';
import {
  createVideoCallBodySchema,
  createVideoCallResponseSchema,
  relaySettingsResponseSchema,
  voiceTokenResponseSchema,
  callsApi,
} from '@seguridad/contracts/http/calls';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { successResponseSchema } from '@seguridad/contracts/http/widget';
import { isWithinWorkingHours } from '@seguridad/contracts/helpers/working-hours';
import { callTexts, errorMessages, phoneCallTexts } from '@seguridad/contracts/messages';
import { claimPrivateRoom, insertRefusedCall, insertWaitingCall } from './call-queries';
import { AppError } from '../../lib/app-error';
import { hashToken, newToken } from '../../lib/tokens';
import { signVoiceToken, verifyVoiceToken } from '../../lib/voice-token';
import {
  endCallByQuickExit,
  endOpenCall,
  newRoomName,
  participantOfRequest,
  signedInCallerOf,
  type CallRow,
} from './call-access';
import { turnCredentials } from './relay-credentials';
import { checkLinkBeforeClaim } from './call-link-service';
import { callErrors, callIdParams, callTokenHeaders, notifyRealtime } from './call-route-schemas';

/**
 * The caller token of a `navigator.sendBeacon` body: JSON, sent as text/plain (the default) or JSON,
 * and `reason: 'quick_exit'` when the citizen left with Salida rápida (decision 060).
 */
const endCallBodySchema = z
  .union([
    z.string().max(2_000),
    z.object({ token: z.string().max(200).optional(), reason: z.literal(QUICK_EXIT.endReason).optional() }),
  ])
  // Fastify hands a request without a body to the validator as null.
  .nullish();

type EndCallBody = { token?: string; quickExit: boolean };

function endCallBodyOf(body: z.infer<typeof endCallBodySchema>): EndCallBody {
  if (body === undefined || body === null) return { quickExit: false };
  let fields: { token?: unknown; reason?: unknown } | null = null;
  if (typeof body !== 'string') fields = body;
  else {
    try {
      const parsed: unknown = JSON.parse(body);
      fields = typeof parsed === 'object' ? (parsed as typeof fields) : null;
    } catch {
      fields = null;
    }
  }
  const token = fields?.token;
  return {
    ...(typeof token === 'string' && token.length > 0 ? { token } : {}),
    quickExit: fields?.reason === QUICK_EXIT.endReason,
  };
}

/** The caller's side of the call over HTTP (spec §7): start it, end it, and get the relay. */
export const callRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  function createdCall(call: CallRow, token: string) {
    return {
      success: true as const,
      data: {
        id: call.id,
        company_id: call.companyId,
        room: call.room,
        token,
        private: call.isPrivate,
        kind: call.kind,
      },
    };
  }

  app.get(
    callsApi.voiceToken.pattern,
    {
      preHandler: app.requireCompany,
      config: { rateLimit: { max: app.config.voiceToken.perIpMax, timeWindow: '10 minutes' } },
      schema: {
        tags: ['company'],
        summary: "A short-lived voice token: it lets this company's widget start one phone call (audio only)",
        response: { 200: voiceTokenResponseSchema, ...callErrors },
      },
    },
    guarded('company')(async (request, reply) => {
      const { secret, ttlSeconds } = app.config.voiceToken;
      const { token, claims } = signVoiceToken(secret, request.company.id, ttlSeconds);
      reply.header('Cache-Control', 'no-store');
      return { success: true as const, data: { token, expires_at: claims.expiresAt.toISOString() } };
    }),
  );

  app.post(
    callsApi.create.pattern,
    {
      preHandler: app.requireCompany,
      config: { rateLimit: { max: app.config.videoCallsMax, timeWindow: '10 minutes' } },
      schema: {
        tags: ['company'],
        summary: 'Starts a video call (or opens a private room) and returns the caller token',
        body: createVideoCallBodySchema,
        response: { 200: createVideoCallResponseSchema, ...callErrors, ...errorResponses(503) },
      },
    },
    guarded('company')(async (request) => {
      const company = request.company;
      const body = request.body;
      const token = newToken();
      const callerUserId = await signedInCallerOf(app, request);

      // A silent call goes through the public queue only: it is neither a phone call nor a private room.
      if (body.silent && (body.voiceToken || body.privateRoom)) {
        throw new AppError(400, 'bad_request', errorMessages.badRequest);
      }

      // A phone call: the token must be this company's, signed by us and still fresh.
      let voiceTokenId: string | null = null;
      if (body.voiceToken) {
        const claims = verifyVoiceToken(app.config.voiceToken.secret, body.voiceToken);
        if (!claims || claims.companyId !== company.id || body.privateRoom) {
          throw new AppError(403, 'voice_token_invalid', phoneCallTexts.tokenInvalid);
        }
        voiceTokenId = claims.tokenId;
      }

      const kind = body.silent ? 'text' : voiceTokenId ? 'phone' : 'video';

      if (body.privateRoom) {
        // A room made for a call link opens only while the link works (decision 061).
        const linked = await checkLinkBeforeClaim(app, company.id, body.privateRoom, request.log);
        // The link is the secret: whoever opens it (again, after a reload) becomes the caller.
        const call = await claimPrivateRoom(db, {
          name: body.privateRoom,
          companyId: company.id,
          callerTokenHash: hashToken(token),
          userId: callerUserId,
        });
        if (!call) throw new AppError(404, 'private_room_invalid', callTexts.privateRoomInvalid);
        await linked?.markOpened();
        return createdCall(call, token);
      }

      if (!company.videoCallEnabled) throw new AppError(503, 'video_call_off', callTexts.serviceOff);
      if (!isWithinWorkingHours(company.workingHours, new Date(), SERVICE_TIME_ZONE)) {
        throw new AppError(503, 'outside_hours', callTexts.outsideHours);
      }
      let speciality: { id: number | null; name: string } = { id: null, name: callTexts.defaultSpeciality };
      if (body.speciality) {
        const chosen = (await app.companySpecialities(company.id)).find(
          (candidate) => candidate.id === body.speciality,
        );
        if (!chosen) throw new AppError(400, 'speciality_invalid', errorMessages.badRequest);
        speciality = chosen;
      }
      if (
        !(await app.callRealtime.takesCalls(company.id, {
          specialityId: speciality.id,
          specialityName: speciality.name,
        }))
      ) {
        await insertRefusedCall(db, {
          companyId: company.id,
          room: newRoomName(),
          specialityId: speciality.id,
          specialityName: speciality.name,
          fromPage: body.from,
          kind,
          userId: callerUserId,
        });
        app.supervisionChanged(company.id);
        throw new AppError(503, 'no_operators', callTexts.noOperators);
      }

      const call = await insertWaitingCall(db, {
        companyId: company.id,
        room: newRoomName(),
        specialityId: speciality.id,
        specialityName: speciality.name,
        fromPage: body.from,
        callerTokenHash: hashToken(token),
        kind,
        voiceTokenId,
        userId: callerUserId,
      });
      if (!call) throw new AppError(403, 'voice_token_used', phoneCallTexts.tokenInvalid);
      await notifyRealtime(request.log, 'callQueued', app.callRealtime.callQueued(call));
      return createdCall(call, token);
    }),
  );

  app.post(
    callsApi.end.pattern,
    {
      schema: {
        tags: ['company'],
        summary:
          'Ends the call for everyone: caller token in the call-token header or the body (sendBeacon), or an operator session',
        params: callIdParams,
        headers: callTokenHeaders,
        body: endCallBodySchema,
        response: { 200: successResponseSchema, ...callErrors },
      },
    },
    async (request) => {
      const body = endCallBodyOf(request.body);
      const participant = await participantOfRequest(app, request, request.params.id, {
        companyKey: 'optional',
        callerToken: body.token,
        callerMayBeClosed: true,
      });
      if (!participant) throw new AppError(404, 'call_not_found', callTexts.callNotFound);
      // Only the citizen leaves quickly; an operator's end is an ordinary hang-up.
      const ended =
        body.quickExit && participant.side === 'caller'
          ? await endCallByQuickExit(app, participant.call.id)
          : await endOpenCall(app, participant.call.id);
      if (ended)
        await notifyRealtime(request.log, 'callEnded', app.callRealtime.callEnded(ended.call, ended.reason));
      return { success: true as const };
    },
  );

  app.get(
    callsApi.relaySettings.pattern,
    {
      schema: {
        tags: ['company'],
        summary: 'TURN relay credentials for a member of the call (null when the server has no relay)',
        params: callIdParams,
        headers: callTokenHeaders,
        response: { 200: relaySettingsResponseSchema, ...callErrors },
      },
    },
    async (request, reply) => {
      const participant = await participantOfRequest(app, request, request.params.id, {
        companyKey: 'required',
      });
      if (!participant) throw new AppError(404, 'call_not_found', callTexts.callNotFound);
      reply.header('Cache-Control', 'no-store');
      const turn = app.config.turn;
      return { success: true as const, data: turn ? turnCredentials(turn, participant.participantId) : null };
    },
  );
};
