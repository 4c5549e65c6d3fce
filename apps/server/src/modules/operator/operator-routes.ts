import { operatorEvents } from '@seguridad/contracts/realtime/operator';
import { databaseIdSchema } from '@seguridad/contracts/http/ids';
import { and, asc, desc, eq, isNull, max } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/error-responses';
import {
  companySettingsResponseSchema,
  inboxResponseSchema,
  membershipResponseSchema,
  specialityNameBodySchema,
  updateCompanySettingsBodySchema,
} from '@seguridad/contracts/http/operator';
import { okResponseSchema } from '@seguridad/contracts/http/auth';
import { errorMessages } from '@seguridad/contracts/messages';
import { companies, contactMessages, specialities, videoMails } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { signPath } from '../../lib/signed-urls';
import { videoMailMediaPath } from './media-routes';
import { membershipOf, operatorRoom } from './operator-access';
import { guarded } from '../../lib/route-guards';

const errors = errorResponses(400, 401, 403, 404);
const idParams = z.object({ id: databaseIdSchema });
const INBOX_LIMIT = 200;

/** The operator console's API: the company's inbox for its members, its settings for its admins. */
export const operatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/api/v1/operator/membership',
    {
      preHandler: app.authenticate,
      schema: { tags: ['operator'], response: { 200: membershipResponseSchema, ...errorResponses(401) } },
    },
    guarded('user')(async (request) => {
      const member = await membershipOf(app, request.user.id);
      return { code: 200 as const, member: Boolean(member), role: member?.role ?? null };
    }),
  );

  app.get(
    '/api/v1/operator/inbox',
    {
      preHandler: app.requireOperator,
      schema: { tags: ['operator'], response: { 200: inboxResponseSchema, ...errors } },
    },
    guarded('operator')(async (request) => {
      const { companyId } = request.operator;
      const [mails, contacts] = await Promise.all([
        db
          .select()
          .from(videoMails)
          .where(eq(videoMails.companyId, companyId))
          .orderBy(desc(videoMails.id))
          .limit(INBOX_LIMIT),
        db
          .select()
          .from(contactMessages)
          .where(eq(contactMessages.companyId, companyId))
          .orderBy(desc(contactMessages.id))
          .limit(INBOX_LIMIT),
      ]);
      const secret = app.config.mediaUrlSecret;
      return {
        code: 200 as const,
        video_mails: mails.map((mail) => ({
          id: mail.id,
          name: mail.name,
          email: mail.email,
          phone: mail.phone,
          message: mail.message,
          is_derived: mail.isDerived,
          duration_ms: mail.durationMs,
          created_at: mail.createdAt.toISOString(),
          handled_at: mail.handledAt?.toISOString() ?? null,
          video_url: signPath(secret, videoMailMediaPath(mail.id, 'video')),
          thumbnail_url: signPath(secret, videoMailMediaPath(mail.id, 'thumbnail')),
        })),
        contacts: contacts.map((contact) => ({
          id: contact.id,
          name: contact.name,
          email: contact.email,
          phone: contact.phone,
          message: contact.message,
          created_at: contact.createdAt.toISOString(),
          handled_at: contact.handledAt?.toISOString() ?? null,
        })),
      };
    }),
  );

  for (const [path, table, kind] of [
    ['/api/v1/operator/videoMails/:id/handled', videoMails, 'videoMail'],
    ['/api/v1/operator/contacts/:id/handled', contactMessages, 'contact'],
  ] as const) {
    app.post(
      path,
      {
        preHandler: app.requireOperator,
        schema: { tags: ['operator'], params: idParams, response: { 200: okResponseSchema, ...errors } },
      },
      guarded(
        'user',
        'operator',
      )(async (request) => {
        const { companyId } = request.operator;
        const updated = await db
          .update(table)
          .set({ handledAt: new Date(), handledBy: request.user.id })
          .where(
            and(eq(table.id, request.params.id), eq(table.companyId, companyId), isNull(table.handledAt)),
          )
          .returning({ id: table.id });
        if (updated.length === 0) {
          const [exists] = await db
            .select({ id: table.id })
            .from(table)
            .where(and(eq(table.id, request.params.id), eq(table.companyId, companyId)));
          if (!exists) throw new AppError(404, 'not_found', errorMessages.notFound);
        }
        app.io.to(operatorRoom(companyId)).emit(operatorEvents.inboxHandled, { kind, id: request.params.id });
        return { code: 200 as const, message: 'Marcado como atendido' };
      }),
    );
  }

  async function settingsOf(companyId: number, role: 'operator' | 'admin') {
    const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
    if (!company) throw new AppError(404, 'not_found', errorMessages.notFound);
    const list = await db
      .select({ id: specialities.id, name: specialities.name })
      .from(specialities)
      .where(eq(specialities.companyId, companyId))
      .orderBy(asc(specialities.position), asc(specialities.id));
    return {
      code: 200 as const,
      company: {
        name: company.name,
        role,
        public_key: company.publicKey,
        call_back: company.callBackEnabled,
        video_call: company.videoCallEnabled,
        video_mail: company.videoMailEnabled,
        working_hours: company.workingHours,
        allowed_origins: company.allowedOrigins,
        specialities: list,
      },
    };
  }

  /** Tells widgets and the console that a company changed; the cache of this process goes at once. */
  function companyChanged(companyId: number) {
    app.forgetCompanyCache();
    app.io.to(operatorRoom(companyId)).emit(operatorEvents.companyChanged, {});
  }

  app.get(
    '/api/v1/operator/company',
    {
      preHandler: app.requireOperator,
      schema: { tags: ['operator'], response: { 200: companySettingsResponseSchema, ...errors } },
    },
    guarded('operator')(async (request) => settingsOf(request.operator.companyId, request.operator.role)),
  );

  app.patch(
    '/api/v1/operator/company',
    {
      preHandler: app.requireCompanyAdmin,
      schema: {
        tags: ['operator'],
        body: updateCompanySettingsBodySchema,
        response: { 200: companySettingsResponseSchema, ...errors },
      },
    },
    guarded('operator')(async (request) => {
      const { companyId } = request.operator;
      const body = request.body;
      await db
        .update(companies)
        .set({
          ...(body.call_back === undefined ? {} : { callBackEnabled: body.call_back }),
          ...(body.video_call === undefined ? {} : { videoCallEnabled: body.video_call }),
          ...(body.video_mail === undefined ? {} : { videoMailEnabled: body.video_mail }),
          ...(body.working_hours === undefined ? {} : { workingHours: body.working_hours }),
          ...(body.allowed_origins === undefined
            ? {}
            : { allowedOrigins: [...new Set(body.allowed_origins)] }),
        })
        .where(eq(companies.id, companyId));
      companyChanged(companyId);
      return settingsOf(companyId, 'admin');
    }),
  );

  app.post(
    '/api/v1/operator/specialities',
    {
      preHandler: app.requireCompanyAdmin,
      schema: {
        tags: ['operator'],
        body: specialityNameBodySchema,
        response: { 200: companySettingsResponseSchema, ...errors },
      },
    },
    guarded('operator')(async (request) => {
      const { companyId } = request.operator;
      const [last] = await db
        .select({ position: max(specialities.position) })
        .from(specialities)
        .where(eq(specialities.companyId, companyId));
      await db
        .insert(specialities)
        .values({ companyId, name: request.body.name, position: (last?.position ?? -1) + 1 });
      companyChanged(companyId);
      return settingsOf(companyId, 'admin');
    }),
  );

  app.delete(
    '/api/v1/operator/specialities/:id',
    {
      preHandler: app.requireCompanyAdmin,
      schema: {
        tags: ['operator'],
        params: idParams,
        response: { 200: companySettingsResponseSchema, ...errors },
      },
    },
    guarded('operator')(async (request) => {
      const { companyId } = request.operator;
      const removed = await db
        .delete(specialities)
        .where(and(eq(specialities.id, request.params.id), eq(specialities.companyId, companyId)))
        .returning({ id: specialities.id });
      if (removed.length === 0) throw new AppError(404, 'not_found', errorMessages.notFound);
      companyChanged(companyId);
      return settingsOf(companyId, 'admin');
    }),
  );
};
