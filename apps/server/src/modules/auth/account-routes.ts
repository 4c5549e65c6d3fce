import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmedPhonesResponseSchema,
  okResponseSchema,
  recoveryBodySchema,
  recoveryDataResponseSchema,
  recoveryQuerySchema,
  startPhoneVerificationBodySchema,
  userInfoResponseSchema,
  verifyPhoneBodySchema,
} from '@seguridad/contracts/http/auth';
import { apiErrorSchema } from '@seguridad/contracts/http/errors';
import { maskPhone } from '@seguridad/contracts/helpers/phone';
import { accountTexts } from '@seguridad/contracts/messages';
import { devices, emailTokens, userPhones, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { hashToken } from '../../lib/tokens';
import { accountReactivationMail } from './account-mails';
import { confirmedPhonesOf, mailContext } from './auth-routes';
import { consumeEmailToken, issueEmailToken, revokeEmailTokens } from './email-tokens';
import { revokeAllSessions } from './session-service';
import { checkVerificationCode, sendVerificationCode } from './verification-codes';

/** Phones an account may be verifying at once, so it cannot reach out to phones in bulk. */
export const MAX_PENDING_PHONES = 3;

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  404: apiErrorSchema,
  422: apiErrorSchema,
  429: apiErrorSchema,
};

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/api/v1/user/info',
    {
      preHandler: app.authenticate,
      schema: { tags: ['user'], response: { 200: userInfoResponseSchema, ...errors } },
    },
    async (request) => {
      const [user] = await db.select().from(users).where(eq(users.id, request.user!.id));
      if (!user) throw new AppError(401, 'unauthorized', accountTexts.loginFailed);
      return {
        code: 200 as const,
        user: {
          id: user.id,
          email: user.email,
          profile: {
            name: user.name,
            lastname: user.lastname,
            phone: user.phone,
            rut: user.rut,
            address: user.address,
            avatar_link: user.avatarPath ? `/api/v1/user/avatar/${user.id}` : null,
          },
        },
      };
    },
  );

  /**
   * Deletes the account and everything personal hanging from it (sessions, devices, phones, codes,
   * tokens go with it by cascade); open sockets of the user are disconnected.
   */
  app.post(
    '/api/v1/user/deleteUserAccount',
    {
      preHandler: app.authenticate,
      schema: { tags: ['user'], response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      const userId = request.user!.id;
      await db.delete(users).where(eq(users.id, userId));
      app.io.in(`user:${userId}`).disconnectSockets(true);
      return { code: 200 as const, message: accountTexts.accountDeleted };
    },
  );

  app.get(
    '/api/v1/auth/2fa/getUserConfirmedPhones',
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], response: { 200: confirmedPhonesResponseSchema, ...errors } },
    },
    async (request) => {
      const phones = await confirmedPhonesOf(app, request.user!.id);
      return {
        code: 200 as const,
        masked_user_phones: phones.map((phone) => ({ id: phone.id, phone: maskPhone(phone.phone) })),
      };
    },
  );

  app.post(
    '/api/v1/auth/2fa/startVerifyUserPhoneNumber',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        body: startPhoneVerificationBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { phone_number: phone, type } = request.body;
      const userId = request.user!.id;
      const pending = await db
        .select({ phone: userPhones.phone })
        .from(userPhones)
        .where(and(eq(userPhones.userId, userId), isNull(userPhones.confirmedAt)));
      const isNewPending = !pending.some((row) => row.phone === phone);
      if (isNewPending && pending.length >= MAX_PENDING_PHONES) {
        throw new AppError(429, 'too_many_pending_phones', accountTexts.codeSendLimit);
      }
      await db.insert(userPhones).values({ userId, phone }).onConflictDoNothing();
      await sendVerificationCode(db, app.verification, {
        userId,
        phone,
        purpose: 'verify_phone',
        channel: type === 1 ? 'sms' : 'whatsapp',
      });
      return { code: 200 as const, message: accountTexts.codeSent };
    },
  );

  app.post(
    '/api/v1/auth/2fa/verifyUserPhoneNumber',
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: verifyPhoneBodySchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      const { phone_number: phone, code } = request.body;
      const userId = request.user!.id;
      await checkVerificationCode(db, app.verification, { userId, purpose: 'verify_phone', code, phone });
      await db
        .update(userPhones)
        .set({ confirmedAt: new Date() })
        .where(
          and(eq(userPhones.userId, userId), eq(userPhones.phone, phone), isNull(userPhones.confirmedAt)),
        );
      return { code: 200 as const, message: accountTexts.phoneVerified };
    },
  );

  app.get(
    '/api/v1/notifications/getAccountRecoveryData',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['auth'],
        querystring: recoveryQuerySchema,
        response: { 200: recoveryDataResponseSchema, ...errors },
      },
    },
    async (request) => {
      const [row] = await db
        .select({
          userId: emailTokens.userId,
          usedAt: emailTokens.usedAt,
          expiresAt: emailTokens.expiresAt,
          brand: devices.brand,
          model: devices.model,
          name: devices.name,
          system: devices.system,
          userAgent: devices.userAgent,
        })
        .from(emailTokens)
        .leftJoin(devices, eq(devices.id, emailTokens.deviceId))
        .where(
          and(
            eq(emailTokens.tokenHash, hashToken(request.query.t)),
            eq(emailTokens.purpose, 'account_recovery'),
          ),
        )
        .limit(1);
      const usable = row && row.userId === request.user!.id && !row.usedAt && row.expiresAt > new Date();
      if (!usable) throw new AppError(404, 'token_invalid', accountTexts.recoveryTokenInvalid);
      return {
        code: 200 as const,
        status: 'ok' as const,
        data: {
          device: {
            brand: row.brand,
            model: row.model,
            name: row.name ?? (row.userAgent ? row.userAgent.slice(0, 120) : null),
            system: row.system,
          },
        },
      };
    },
  );

  /**
   * Recovery: every session ends (this one too), the old password stops working (whoever signed
   * in may know it), and the owner gets a link to choose a new one.
   */
  app.post(
    '/api/v1/auth/accountRecovery',
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], body: recoveryBodySchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      const user = request.user!;
      const used = await consumeEmailToken(db, request.body.t, 'account_recovery', user.id);
      if (!used) throw new AppError(404, 'token_invalid', accountTexts.recoveryTokenInvalid);
      await db
        .update(users)
        .set({ passwordHash: `disabled$${randomBytes(16).toString('base64url')}` })
        .where(eq(users.id, user.id));
      await revokeAllSessions(app, user.id);
      await revokeEmailTokens(db, user.id, 'password_reset');
      const resetToken = await issueEmailToken(db, user.id, 'password_reset');
      await app.mail.send(accountReactivationMail(mailContext(app, user), resetToken));
      return { code: 200 as const, message: accountTexts.recoveryEmailSent };
    },
  );
};
