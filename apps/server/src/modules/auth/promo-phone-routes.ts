import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@seguridad/contracts/http/auth';
import {
  promoApi,
  promoPhoneCodeBodySchema,
  promoPhoneVerifyBodySchema,
} from '@seguridad/contracts/http/promo';
import { promoTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { entryOf, markEntryPhoneVerified } from '../promo/promo-queries';
import { checkVerificationCode, sendVerificationCode } from './verification-code-service';

/**
 * The promo entry's phone, proven by a code as a two-step phone is (decision 039): the same
 * service, purpose and budgets (per account, per phone, per account over all phones), so the promo
 * page cannot be used to reach phones the settings page could not. Here in auth, not in promo:
 * the code machinery is auth's, and promo depends on auth for nothing but types.
 */
export const promoPhoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  /** Codes cost an SMS: the strict per-IP ceiling of sign-in, besides the code service's budgets. */
  const strictIpLimit = { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } };

  async function unverifiedEntryOf(userId: number) {
    const entry = await entryOf(db, userId);
    if (!entry) throw new AppError(409, 'not_entered', promoTexts.notEntered);
    if (entry.phoneVerifiedAt) {
      throw new AppError(409, 'phone_already_verified', promoTexts.phoneAlreadyConfirmed);
    }
    return entry;
  }

  app.post(
    promoApi.sendPhoneCode.pattern,
    {
      preHandler: app.authenticate,
      config: strictIpLimit,
      schema: {
        tags: ['promo'],
        body: promoPhoneCodeBodySchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    guarded('user')(async (request) => {
      const entry = await unverifiedEntryOf(request.user.id);
      await sendVerificationCode(db, app.verification, {
        userId: request.user.id,
        phone: entry.phone,
        purpose: 'verify_phone',
        channel: request.body.type === 1 ? 'sms' : 'whatsapp',
      });
      return { code: 200 as const, message: promoTexts.phoneCodeSent };
    }),
  );

  app.post(
    promoApi.verifyPhone.pattern,
    {
      preHandler: app.authenticate,
      config: strictIpLimit,
      schema: {
        tags: ['promo'],
        body: promoPhoneVerifyBodySchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 409, 422, 429) },
      },
    },
    guarded('user')(async (request) => {
      const entry = await unverifiedEntryOf(request.user.id);
      await checkVerificationCode(db, app.verification, {
        userId: request.user.id,
        purpose: 'verify_phone',
        code: request.body.code,
        phone: entry.phone,
      });
      await markEntryPhoneVerified(db, request.user.id);
      return { code: 200 as const, message: promoTexts.phoneConfirmed };
    }),
  );
};
