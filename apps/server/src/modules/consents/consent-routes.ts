import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consentListResponseSchema,
  consentParamsSchema,
  consentsApi,
  consentWithdrawnResponseSchema,
  recordingNoticeBodySchema,
} from '@seguridad/contracts/http/consents';
import { consentMessages } from '@seguridad/contracts/messages/consents';
import { successResponseSchema } from '@seguridad/contracts/http/widget';
import { callTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { participantOfRequest } from '../calls/call-access';
import { callErrors, callIdParams, callTokenHeaders } from '../calls/call-route-schemas';
import { recordingById } from '../recordings/recording-queries';
import { consentsOf, recordRecordingNotice, shownConsent, withdrawConsent } from './consent-queries';

/** Consent records (decision 049): the citizen's list and «Retirar», and the call's recording notice. */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    consentsApi.mine.pattern,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        summary: "The account's consents, with the notices of the calls it made signed in",
        response: { 200: consentListResponseSchema, ...errorResponses(401) },
      },
    },
    guarded('user')(async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const rows = await consentsOf(db, request.user.id);
      return { code: 200 as const, consents: rows.map(shownConsent) };
    }),
  );

  app.post(
    consentsApi.withdraw.pattern,
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['user'],
        summary: 'Withdraws one of the account’s consents and stops what depended on it',
        params: consentParamsSchema,
        response: { 200: consentWithdrawnResponseSchema, ...errorResponses(401, 404, 409, 429) },
      },
    },
    guarded('user')(async (request) => {
      const outcome = await withdrawConsent(db, request.user.id, request.params.id);
      // Another account's record is as absent as one that never existed.
      if (outcome.kind === 'not_found')
        throw new AppError(404, 'consent_not_found', consentMessages.notFound);
      if (outcome.kind === 'not_withdrawable')
        throw new AppError(409, 'consent_not_withdrawable', consentMessages.notWithdrawable);
      if (outcome.kind === 'already')
        throw new AppError(409, 'consent_already_withdrawn', consentMessages.alreadyWithdrawn);
      return {
        code: 200 as const,
        message: consentMessages.withdrawnNotice,
        consent: shownConsent(outcome.row),
      };
    }),
  );

  app.post(
    consentsApi.recordingNoticeShown.pattern,
    {
      config: { rateLimit: { max: 30, timeWindow: '10 minutes' } },
      schema: {
        tags: ['company'],
        summary: "The caller's view showed the recording notice: recorded once against the call",
        params: callIdParams,
        headers: callTokenHeaders,
        body: recordingNoticeBodySchema,
        response: { 200: successResponseSchema, ...callErrors, ...errorResponses(409) },
      },
    },
    async (request) => {
      const participant = await participantOfRequest(app, request, request.params.id, {
        companyKey: 'required',
        callerMayBeClosed: true,
      });
      if (participant?.side !== 'caller') throw new AppError(404, 'call_not_found', callTexts.callNotFound);
      const recording = await recordingById(db, request.body.recording_id);
      if (recording?.callId !== participant.call.id) {
        throw new AppError(409, 'not_recording', consentMessages.recordingNotShown);
      }
      await recordRecordingNotice(db, participant.call.id);
      return { success: true as const };
    },
  );
};
