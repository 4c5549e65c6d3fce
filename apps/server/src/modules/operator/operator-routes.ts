import { operatorEvents } from '@seguridad/contracts/realtime/operator';
import { databaseIdSchema } from '@seguridad/contracts/http/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companySettingsResponseSchema,
  inboxResponseSchema,
  membershipResponseSchema,
  specialityNameBodySchema,
  updateCompanySettingsBodySchema,
  type CompanySettings,
  operatorApi,
} from '@seguridad/contracts/http/operator';
import { okResponseSchema } from '@seguridad/contracts/http/auth';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import {
  addSpeciality,
  companySettings,
  removeSpeciality,
  updateCompanySettings,
} from './company-settings-queries';
import { companyInbox, markInboxItemHandled } from './inbox-queries';
import { recordAudit, recordOpening } from '../audit/audit-service';
import { membershipOf, twoStepStateOf } from '../membership/membership-queries';
import { operatorRoom } from '../../lib/socket-rooms';

const errors = errorResponses(400, 401, 403, 404);
const idParams = z.object({ id: databaseIdSchema });

/** The operator console's API: the company's inbox for its members, its settings for its admins. */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    operatorApi.membership.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['operator'], response: { 200: membershipResponseSchema, ...errorResponses(401) } },
    },
    guarded('user')(async (request) => {
      const member = await membershipOf(app.database.db, request.user.id);
      if (!member) return { code: 200 as const, member: false, role: null };
      const twoStep = await twoStepStateOf(
        app.database.db,
        member.companyId,
        request.user.id,
        app.config.staffTwoStepByDefault,
      );
      return {
        code: 200 as const,
        member: true,
        role: member.role,
        two_step_required: twoStep.required && !twoStep.confirmed,
      };
    }),
  );

  app.get(
    operatorApi.inbox.pattern,
    {
      preHandler: app.requireOperator,
      schema: { tags: ['operator'], response: { 200: inboxResponseSchema, ...errors } },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { companyId } = request.operator;
      const inbox = await companyInbox(db, companyId, app.config.mediaUrlSecret, request.user.id);
      // The list shows every contact message, name, e-mail and phone whole: reading it is the
      // access, once an hour per person however often the console re-lists it (decision 042).
      const shown = inbox.contacts.length + inbox.video_mails.length + inbox.callbacks.length;
      if (shown > 0) {
        await recordOpening(db, {
          companyId,
          actorUserId: request.user.id,
          action: 'inbox.view',
          subjectKind: 'inbox',
          subjectId: companyId,
          ip: request.ip,
          details: {
            contacts: inbox.contacts.length,
            video_mails: inbox.video_mails.length,
            callbacks: inbox.callbacks.length,
          },
        });
      }
      return { code: 200 as const, ...inbox };
    }),
  );

  for (const [route, kind] of [
    [operatorApi.videoMailHandled, 'videoMail'],
    [operatorApi.contactHandled, 'contact'],
  ] as const) {
    app.post(
      route.pattern,
      {
        preHandler: app.requireOperator,
        schema: { tags: ['operator'], params: idParams, response: { 200: okResponseSchema, ...errors } },
      },
      guarded(
        'user',
        'operator',
      )(async (request) => {
        const { companyId } = request.operator;
        const found = await markInboxItemHandled(db, {
          kind,
          id: request.params.id,
          companyId,
          userId: request.user.id,
        });
        if (!found) throw new AppError(404, 'not_found', errorMessages.notFound);
        app.io.to(operatorRoom(companyId)).emit(operatorEvents.inboxHandled, { kind, id: request.params.id });
        app.supervisionChanged(companyId);
        return { code: 200 as const, message: 'Marcado como atendido' };
      }),
    );
  }

  async function settingsOf(companyId: number, role: CompanySettings['role']) {
    const company = await companySettings(db, companyId, role);
    if (!company) throw new AppError(404, 'not_found', errorMessages.notFound);
    return { code: 200 as const, company };
  }

  /**
   * Tells widgets and the console that a company changed. The company caches go at once on this
   * process and, through Redis, on the others (without Redis there are no others).
   */
  function companyChanged(companyId: number) {
    app.forgetCompanyCache();
    if (app.redis) app.io.serverSideEmit('companyCacheStale', companyId);
    app.io.to(operatorRoom(companyId)).emit(operatorEvents.companyChanged, {});
  }
  if (app.redis) app.io.on('companyCacheStale', () => app.forgetCompanyCache());

  app.get(
    operatorApi.company.pattern,
    {
      preHandler: app.requireOperator,
      schema: { tags: ['operator'], response: { 200: companySettingsResponseSchema, ...errors } },
    },
    guarded('operator')(async (request) => settingsOf(request.operator.companyId, request.operator.role)),
  );

  app.patch(
    operatorApi.updateCompany.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      schema: {
        tags: ['operator'],
        body: updateCompanySettingsBodySchema,
        response: { 200: companySettingsResponseSchema, ...errors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { companyId } = request.operator;
      await updateCompanySettings(db, companyId, request.body);
      companyChanged(companyId);
      // What was set, as sent: services, hours, origins, launcher, retention of recordings.
      await recordAudit(db, {
        companyId,
        actorUserId: request.user.id,
        action: 'company.settings_change',
        subjectKind: 'company',
        subjectId: companyId,
        ip: request.ip,
        details: { ...request.body },
      });
      return settingsOf(companyId, 'admin');
    }),
  );

  app.post(
    operatorApi.addSpeciality.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      schema: {
        tags: ['operator'],
        body: specialityNameBodySchema,
        response: { 200: companySettingsResponseSchema, ...errors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { companyId } = request.operator;
      await addSpeciality(db, companyId, request.body.name);
      companyChanged(companyId);
      await recordAudit(db, {
        companyId,
        actorUserId: request.user.id,
        action: 'company.speciality_add',
        subjectKind: 'speciality',
        subjectId: request.body.name,
        ip: request.ip,
        details: { name: request.body.name },
      });
      return settingsOf(companyId, 'admin');
    }),
  );

  app.delete(
    operatorApi.removeSpeciality.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      schema: {
        tags: ['operator'],
        params: idParams,
        response: { 200: companySettingsResponseSchema, ...errors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { companyId } = request.operator;
      if (!(await removeSpeciality(db, companyId, request.params.id))) {
        throw new AppError(404, 'not_found', errorMessages.notFound);
      }
      companyChanged(companyId);
      await recordAudit(db, {
        companyId,
        actorUserId: request.user.id,
        action: 'company.speciality_remove',
        subjectKind: 'speciality',
        subjectId: request.params.id,
        ip: request.ip,
      });
      return settingsOf(companyId, 'admin');
    }),
  );
};
