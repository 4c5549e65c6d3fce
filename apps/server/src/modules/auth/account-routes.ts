import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmedPhonesResponseSchema,
  okResponseSchema,
  removePhoneBodySchema,
  recoveryBodySchema,
  recoveryDataResponseSchema,
  recoveryQuerySchema,
  startPhoneVerificationBodySchema,
  userInfoResponseSchema,
  verifyPhoneBodySchema,
  authApi,
} from '@seguridad/contracts/http/auth';
import { maskPhone } from '@seguridad/contracts/helpers/phone';
import { accountTexts, settingsTexts } from '@seguridad/contracts/messages';
import { twoStepTexts } from '@seguridad/contracts/messages/two-step';
import { smsAvailable } from '../../config';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { notifyTwoStepPhoneChange, recoverAccount } from './account-recovery-service';
import { confirmOwner } from './reauth';
import { recordSecurityEvent } from '../identity/security-event-queries';
import { usableRecoveryToken } from './token-queries';
import {
  addPendingPhone,
  confirmedPhonesOf,
  confirmPhone,
  otherPendingPhoneCount,
  removeUserPhone,
  userInfoOf,
} from '../identity/user-queries';
import { checkVerificationCode, sendVerificationCode } from './verification-code-service';

/** Phones an account may be verifying at once, so it cannot reach out to phones in bulk. */
export const MAX_PENDING_PHONES = 3;

const errors = errorResponses(400, 401, 404, 422, 429);
const reauthErrors = errorResponses(400, 401, 403, 404, 422, 429);

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    authApi.userInfo.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['user'], response: { 200: userInfoResponseSchema, ...errors } },
    },
    guarded('user')(async (request) => {
      const user = await userInfoOf(db, request.user.id);
      if (!user) throw new AppError(401, 'unauthorized', accountTexts.loginFailed);
      return { code: 200 as const, user };
    }),
  );

  app.get(
    authApi.confirmedPhones.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], response: { 200: confirmedPhonesResponseSchema, ...errors } },
    },
    guarded('user')(async (request) => {
      const phones = await confirmedPhonesOf(db, request.user.id);
      return {
        code: 200 as const,
        masked_user_phones: phones.map((phone) => ({ id: phone.id, phone: maskPhone(phone.phone) })),
      };
    }),
  );

  app.post(
    authApi.startVerifyPhone.pattern,
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        body: startPhoneVerificationBodySchema,
        response: { 200: okResponseSchema, ...reauthErrors, ...errorResponses(503) },
      },
    },
    guarded('user')(async (request) => {
      const { phone_number: phone, type, password } = request.body;
      const userId = request.user.id;
      if (!smsAvailable(app.config)) {
        throw new AppError(503, 'sms_unavailable', twoStepTexts.smsUnavailableForPhones);
      }
      await confirmOwner(app, request, password);
      if ((await otherPendingPhoneCount(db, userId, phone)) >= MAX_PENDING_PHONES) {
        throw new AppError(429, 'too_many_pending_phones', accountTexts.codeSendLimit);
      }
      await addPendingPhone(db, userId, phone);
      await sendVerificationCode(db, app.verification, {
        userId,
        phone,
        purpose: 'verify_phone',
        channel: type === 1 ? 'sms' : 'whatsapp',
      });
      return { code: 200 as const, message: accountTexts.codeSent };
    }),
  );

  app.post(
    authApi.verifyPhone.pattern,
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: verifyPhoneBodySchema, response: { 200: okResponseSchema, ...errors } },
    },
    guarded('user')(async (request) => {
      const { phone_number: phone, code } = request.body;
      const userId = request.user.id;
      await checkVerificationCode(db, app.verification, { userId, purpose: 'verify_phone', code, phone });
      if (await confirmPhone(db, userId, phone)) {
        await recordSecurityEvent(db, userId, 'phone_added', maskPhone(phone));
        await notifyTwoStepPhoneChange(app, request.user, 'added', phone);
      }
      return { code: 200 as const, message: accountTexts.phoneVerified };
    }),
  );

  /** Removes a two-step phone: the same proof of ownership as adding one. */
  app.post(
    authApi.removePhone.pattern,
    {
      preHandler: app.authenticate,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        body: removePhoneBodySchema,
        response: { 200: okResponseSchema, ...reauthErrors },
      },
    },
    guarded('user')(async (request) => {
      const { phone_id: phoneId, password } = request.body;
      const userId = request.user.id;
      await confirmOwner(app, request, password);
      const removed = await removeUserPhone(db, userId, phoneId);
      if (!removed) throw new AppError(404, 'phone_not_found', accountTexts.phoneNotFound);
      await recordSecurityEvent(db, userId, 'phone_removed', maskPhone(removed));
      await notifyTwoStepPhoneChange(app, request.user, 'removed', removed);
      return { code: 200 as const, message: settingsTexts.phoneRemoved };
    }),
  );

  /** Anonymous (the link proves the mailbox), so held to the strict per-IP ceiling of sign-in. */
  const strictIpLimit = { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } };

  app.get(
    authApi.accountRecoveryData.pattern,
    {
      config: strictIpLimit,
      schema: {
        tags: ['auth'],
        querystring: recoveryQuerySchema,
        response: { 200: recoveryDataResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await usableRecoveryToken(db, request.query.t);
      if (!row) throw new AppError(404, 'token_invalid', accountTexts.recoveryTokenInvalid);
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
   * Recovery through the mailed link alone (no session: a thief may have ended them all): every
   * session ends, the old password stops working, the two-step phones go, and the owner gets a
   * link to choose a new password.
   */
  app.post(
    authApi.accountRecovery.pattern,
    {
      config: strictIpLimit,
      schema: { tags: ['auth'], body: recoveryBodySchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      if (!(await recoverAccount(app, request.body.t))) {
        throw new AppError(404, 'token_invalid', accountTexts.recoveryTokenInvalid);
      }
      return { code: 200 as const, message: accountTexts.recoveryEmailSent };
    },
  );
};
