import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SERVICE_TIME_ZONE } from '@seguridad/contracts/constants';
import {
  CALLBACK_ASAP,
  callbackBodySchema,
  callbackCreatedResponseSchema,
  callbackSlotsResponseSchema,
  markCallbackDoneBodySchema,
  callbacksApi,
} from '@seguridad/contracts/http/callbacks';
import { okResponseSchema } from '@seguridad/contracts/http/auth';
import { databaseIdSchema } from '@seguridad/contracts/http/ids';
import { callbackSlots, isWithinWorkingHours } from '@seguridad/contracts/helpers/working-hours';
import { callbackTexts, errorMessages } from '@seguridad/contracts/messages';
import { operatorEvents } from '@seguridad/contracts/realtime/operator';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import type { CompanyContext } from '../company/company-queries';
import { operatorRoom } from '../../lib/socket-rooms';
import { callbacksForPhoneSince, markCallbackDone, saveCallback } from './callback-queries';

const errors = errorResponses(400, 401, 403, 404, 429, 503);

/** Callback requests one phone number may have queued at a company per window, from any address. */
export const CALLBACKS_PER_PHONE_MAX = 2;
const PHONE_WINDOW_MS = 24 * 60 * 60 * 1000;

/** serviceStatus.callBack, as the widget reads it: on, and within working hours. */
function callBackOpen(company: CompanyContext, now: Date): boolean {
  return company.callBackEnabled && isWithinWorkingHours(company.workingHours, now, SERVICE_TIME_ZONE);
}

/**
 * Callback requests (decision 018): the widget leaves a +569 mobile and a preferred time; the
 * request reaches the company's operators live (`inbox:new` kind callback), who mark it done.
 */
export const callbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    callbacksApi.slots.pattern,
    {
      preHandler: app.requireCompany,
      schema: {
        tags: ['company'],
        summary: "Today's one-hour slots a callback may still be asked for",
        response: { 200: callbackSlotsResponseSchema, ...errors },
      },
    },
    guarded('company')(async (request) => {
      const now = new Date();
      const company = request.company;
      const slots = callBackOpen(company, now)
        ? callbackSlots(company.workingHours, now, SERVICE_TIME_ZONE)
        : [];
      return { success: true as const, data: { slots } };
    }),
  );

  app.post(
    callbacksApi.request.pattern,
    {
      preHandler: app.requireCompany,
      config: { rateLimit: { max: app.config.callbacksMax, timeWindow: '10 minutes' } },
      schema: {
        tags: ['company'],
        summary: 'Solicitar llamada: a callback request for the call centre',
        body: callbackBodySchema,
        response: { 200: callbackCreatedResponseSchema, ...errors },
      },
    },
    guarded('company')(async (request) => {
      const now = new Date();
      const company = request.company;
      if (!callBackOpen(company, now)) throw new AppError(503, 'callback_off', callbackTexts.off);
      const { phone_number: phone, preferred_time: preferredTime } = request.body;
      if (
        preferredTime !== CALLBACK_ASAP &&
        !callbackSlots(company.workingHours, now, SERVICE_TIME_ZONE).includes(preferredTime)
      ) {
        throw new AppError(400, 'validation_failed', errorMessages.badRequest, [callbackTexts.slotInvalid]);
      }
      // The per-IP limit does not protect a victim's number queued from many addresses.
      const recent = await callbacksForPhoneSince(
        db,
        company.id,
        phone,
        new Date(now.getTime() - PHONE_WINDOW_MS),
      );
      if (recent >= CALLBACKS_PER_PHONE_MAX) throw new AppError(429, 'phone_busy', callbackTexts.phoneBusy);
      const id = await saveCallback(db, { companyId: company.id, phone, preferredTime });
      app.io.to(operatorRoom(company.id)).emit(operatorEvents.inboxNew, { kind: 'callback', id });
      app.supervisionChanged(company.id);
      return { success: true as const, data: { id } };
    }),
  );

  app.post(
    callbacksApi.markHandled.pattern,
    {
      preHandler: app.requireOperator,
      schema: {
        tags: ['operator'],
        params: z.object({ id: databaseIdSchema }),
        body: markCallbackDoneBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { companyId } = request.operator;
      const found = await markCallbackDone(db, {
        id: request.params.id,
        companyId,
        userId: request.user.id,
        note: request.body.note,
      });
      if (!found) throw new AppError(404, 'not_found', errorMessages.notFound);
      app.io
        .to(operatorRoom(companyId))
        .emit(operatorEvents.inboxHandled, { kind: 'callback', id: request.params.id });
      app.supervisionChanged(companyId);
      return { code: 200 as const, message: 'Marcado como atendido' };
    }),
  );
};
