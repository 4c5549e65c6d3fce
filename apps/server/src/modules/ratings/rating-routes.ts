import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RATING_PER_IP_MAX,
  rateCallBodySchema,
  ratingListResponseSchema,
  ratingsApi,
} from '@seguridad/contracts/http/ratings';
import { successResponseSchema } from '@seguridad/contracts/http/widget';
import { callTexts, ratingTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { participantOfRequest } from '../calls/call-access';
import { callErrors, callIdParams, callTokenHeaders } from '../calls/call-route-schemas';
import { roleAtLeast } from '../membership/operator-access';
import { insertRating, ratingsOf } from './rating-queries';

/** «¿Cómo fue tu atención?» (decision 044): the caller rates an answered call once it ended. */
export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    ratingsApi.rate.pattern,
    {
      config: { rateLimit: { max: RATING_PER_IP_MAX, timeWindow: '10 minutes' } },
      schema: {
        tags: ['company'],
        summary: "The caller's rating of an answered call that ended: 1 to 5 stars and a comment, once",
        params: callIdParams,
        headers: callTokenHeaders,
        body: rateCallBodySchema,
        response: { 200: successResponseSchema, ...callErrors, ...errorResponses(409) },
      },
    },
    async (request) => {
      const participant = await participantOfRequest(app, request, request.params.id, {
        companyKey: 'required',
        callerMayBeClosed: true,
      });
      // Only the caller rates; an operator's session is no caller token.
      if (participant?.side !== 'caller') throw new AppError(404, 'call_not_found', callTexts.callNotFound);
      const { call } = participant;
      if (!call.acceptedAt || !call.endedAt) {
        throw new AppError(409, 'call_not_rateable', ratingTexts.notRateable);
      }
      const stored = await insertRating(db, {
        callId: call.id,
        stars: request.body.stars,
        comment: request.body.comment,
      });
      if (!stored) throw new AppError(409, 'already_rated', ratingTexts.alreadyRated);
      return { success: true as const };
    },
  );

  app.get(
    ratingsApi.list.pattern,
    {
      preHandler: app.requireOperator,
      schema: {
        tags: ['operator'],
        summary: "Ratings of the operator's own calls; a supervisor's or admin's, of the company's",
        response: { 200: ratingListResponseSchema, ...callErrors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      // As the call history: an operator sees their own calls, a supervisor the company's (decision 033).
      const ownOnly = roleAtLeast(request.operator.role, 'supervisor') ? undefined : request.user.id;
      const { average, count, latest } = await ratingsOf(db, request.operator.companyId, ownOnly);
      return {
        code: 200 as const,
        average,
        count,
        ratings: latest.map((rating) => ({
          call_id: rating.callId,
          stars: rating.stars,
          comment: rating.comment,
          created_at: rating.createdAt.toISOString(),
          operator_name: rating.operatorName,
        })),
      };
    }),
  );
};
