import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginResponseSchema, okResponseSchema } from '@seguridad/contracts/http/auth';
import {
  authenticatorApi,
  authenticatorLoginBodySchema,
  authenticatorReauthBodySchema,
  authenticatorStatusResponseSchema,
  confirmAuthenticatorBodySchema,
  recoveryCodeLoginBodySchema,
  recoveryCodesResponseSchema,
  startAuthenticatorBodySchema,
  startAuthenticatorResponseSchema,
} from '@seguridad/contracts/http/authenticator';
import { twoStepTexts } from '@seguridad/contracts/messages/two-step';
import { smsAvailable } from '../../config';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import {
  hasConfirmedAuthenticator,
  removeAuthenticator,
  unusedRecoveryCodeCount,
} from './authenticator-queries';
import {
  checkAuthenticatorCode,
  confirmAuthenticatorEnrolment,
  issueRecoveryCodes,
  startAuthenticatorEnrolment,
  useRecoveryCode,
} from './authenticator-service';
import { enforceAttemptLimit, forgetFailedAttempts, userWithCredentials } from './credentials';
import { confirmOwner } from './reauth';
import { recordSecurityEvent } from '../identity/security-event-queries';
import { signIn } from './sign-in-service';

const errors = errorResponses(400, 401, 404, 409, 422, 429);
const reauthErrors = errorResponses(400, 401, 403, 404, 409, 422, 429);

/**
 * The authenticator app (decision 054): its set-up in Settings (each change but the first code
 * asks the password again, as the two-step phones do) and the login's second step with its code
 * or a recovery code, held to the SMS code's budgets.
 */
export const authenticatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const settingsLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };
  const strictIpLimit = { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } };

  app.get(
    authenticatorApi.status.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], response: { 200: authenticatorStatusResponseSchema, ...errors } },
    },
    guarded('user')(async (request) => {
      const userId = request.user.id;
      const enabled = await hasConfirmedAuthenticator(db, userId);
      return {
        code: 200 as const,
        enabled,
        recovery_codes_left: enabled ? await unusedRecoveryCodeCount(db, userId) : 0,
        sms_available: smsAvailable(app.config),
      };
    }),
  );

  app.post(
    authenticatorApi.start.pattern,
    {
      preHandler: app.authenticate,
      config: settingsLimit,
      schema: {
        tags: ['auth'],
        body: startAuthenticatorBodySchema,
        response: { 200: startAuthenticatorResponseSchema, ...reauthErrors },
      },
    },
    guarded('user')(async (request) => {
      await confirmOwner(app, request, request.body.password);
      const enrolment = await startAuthenticatorEnrolment(db, request.user, app.config.brandName);
      return {
        code: 200 as const,
        secret: enrolment.secret,
        otpauth_uri: enrolment.otpauthUri,
        expires_at: enrolment.expiresAt.toISOString(),
      };
    }),
  );

  /** The enrolment's first code: the secret reached the app. Answers the recovery codes, once. */
  app.post(
    authenticatorApi.confirm.pattern,
    {
      preHandler: app.authenticate,
      config: settingsLimit,
      schema: {
        tags: ['auth'],
        body: confirmAuthenticatorBodySchema,
        response: { 200: recoveryCodesResponseSchema, ...errors },
      },
    },
    guarded('user')(async (request) => {
      const userId = request.user.id;
      const codes = await confirmAuthenticatorEnrolment(db, userId, request.body.code);
      await recordSecurityEvent(db, userId, 'authenticator_added');
      return { code: 200 as const, message: twoStepTexts.authenticatorEnabled, recovery_codes: codes };
    }),
  );

  app.post(
    authenticatorApi.disable.pattern,
    {
      preHandler: app.authenticate,
      config: settingsLimit,
      schema: {
        tags: ['auth'],
        body: authenticatorReauthBodySchema,
        response: { 200: okResponseSchema, ...reauthErrors },
      },
    },
    guarded('user')(async (request) => {
      await confirmOwner(app, request, request.body.password);
      if (!(await removeAuthenticator(db, request.user.id))) {
        throw new AppError(404, 'authenticator_not_on', twoStepTexts.authenticatorNotOn);
      }
      await recordSecurityEvent(db, request.user.id, 'authenticator_removed');
      return { code: 200 as const, message: twoStepTexts.authenticatorDisabled };
    }),
  );

  app.post(
    authenticatorApi.regenerateRecoveryCodes.pattern,
    {
      preHandler: app.authenticate,
      config: settingsLimit,
      schema: {
        tags: ['auth'],
        body: authenticatorReauthBodySchema,
        response: { 200: recoveryCodesResponseSchema, ...reauthErrors },
      },
    },
    guarded('user')(async (request) => {
      await confirmOwner(app, request, request.body.password);
      const userId = request.user.id;
      if (!(await hasConfirmedAuthenticator(db, userId))) {
        throw new AppError(404, 'authenticator_not_on', twoStepTexts.authenticatorNotOn);
      }
      const codes = await issueRecoveryCodes(db, userId);
      await recordSecurityEvent(db, userId, 'recovery_codes_regenerated');
      return { code: 200 as const, message: twoStepTexts.recoveryCodesRegenerated, recovery_codes: codes };
    }),
  );

  /**
   * The login's second step with the app: the password again (as the SMS step asks it), the SMS
   * code check's per-address budget, and five wrong codes per account in fifteen minutes.
   */
  app.post(
    authenticatorApi.confirmLogin.pattern,
    {
      config: strictIpLimit,
      schema: {
        tags: ['auth'],
        body: authenticatorLoginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email, password, code, device } = request.body;
      await enforceAttemptLimit(app, request, 'codeCheck', email);
      const user = await userWithCredentials(app, email, password);
      await enforceAttemptLimit(app, request, 'secondFactorGuess', email);
      await checkAuthenticatorCode(db, user.id, code);
      await forgetFailedAttempts(app, request, 'secondFactorGuess', email);
      return signIn(app, request, user, device);
    },
  );

  app.post(
    authenticatorApi.recoveryLogin.pattern,
    {
      config: strictIpLimit,
      schema: {
        tags: ['auth'],
        body: recoveryCodeLoginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email, password, recovery_code: recoveryCode, device } = request.body;
      await enforceAttemptLimit(app, request, 'codeCheck', email);
      const user = await userWithCredentials(app, email, password);
      await enforceAttemptLimit(app, request, 'secondFactorGuess', email);
      await useRecoveryCode(db, user.id, recoveryCode);
      await forgetFailedAttempts(app, request, 'secondFactorGuess', email);
      await recordSecurityEvent(db, user.id, 'recovery_code_used');
      return signIn(app, request, user, device);
    },
  );
};
