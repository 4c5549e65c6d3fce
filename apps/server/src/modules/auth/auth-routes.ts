import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  checkTokenBodySchema,
  confirmTwoFactorLoginBodySchema,
  loginBodySchema,
  loginResponseSchema,
  okResponseSchema,
  requestTwoFactorCodeBodySchema,
  resetPasswordBodySchema,
  resetRequestBodySchema,
  signupBodySchema,
  verifyEmailBodySchema,
  authApi,
} from '@seguridad/contracts/http/auth';
import { maskPhone } from '@seguridad/contracts/helpers/phone';
import { accountTexts } from '@seguridad/contracts/messages';
import { twoStepTexts } from '@seguridad/contracts/messages/two-step';
import { smsAvailable } from '../../config';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { hashPassword } from '../../lib/password';
import { guarded } from '../../lib/route-guards';
import { passwordResetMail } from './account-mails';
import { afterPasswordReset } from './account-recovery-service';
import { hasConfirmedAuthenticator } from './authenticator-queries';
import { confirmEmailByCode, resendVerificationLink } from './email-verification-service';
import { enforceAttemptLimit, forgetFailedAttempts, userWithCredentials } from './credentials';
import { recordSecurityEvent } from '../identity/security-event-queries';
import { revokeAllSessions, revokeSession } from '../identity/session-service';
import { mailContext, signIn } from './sign-in-service';
import { signUp } from './sign-up-service';
import { consumeEmailToken, findUsableEmailToken, issueEmailToken, revokeEmailTokens } from './token-queries';
import {
  confirmedPhonesOf,
  findUserByEmail,
  markEmailVerified,
  setPasswordHash,
} from '../identity/user-queries';
import { checkVerificationCode, sendVerificationCode } from './verification-code-service';

const errors = errorResponses(400, 401, 404, 422, 429);

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Tighter per-IP ceilings than the global one for the calls anonymous visitors can repeat. */
  const strictIpLimit = { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } };
  const db = app.database.db;

  app.post(
    authApi.signup.pattern,
    {
      config: strictIpLimit,
      schema: { tags: ['auth'], body: signupBodySchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      await enforceAttemptLimit(app, request, 'signup', request.body.email);
      await signUp(app, request.body);
      return { code: 200 as const, message: accountTexts.registerSuccess };
    },
  );

  app.post(
    authApi.login.pattern,
    {
      config: strictIpLimit,
      schema: { tags: ['auth'], body: loginBodySchema, response: { 200: loginResponseSchema, ...errors } },
    },
    async (request) => {
      const { email, password, device } = request.body;
      await enforceAttemptLimit(app, request, 'login', email);
      const user = await userWithCredentials(app, email, password);
      await forgetFailedAttempts(app, request, 'login', email);
      const phones = await confirmedPhonesOf(db, user.id);
      const authenticator = await hasConfirmedAuthenticator(db, user.id);
      if (phones.length > 0 || authenticator) {
        return {
          code: 200 as const,
          '2fa_masked_user_phones': phones.map((phone) => ({ id: phone.id, phone: maskPhone(phone.phone) })),
          '2fa_authenticator': authenticator,
          '2fa_sms_available': smsAvailable(app.config),
        };
      }
      return signIn(app, request, user, device);
    },
  );

  app.post(
    authApi.requestTwoFactorCode.pattern,
    {
      config: strictIpLimit,
      schema: {
        tags: ['auth'],
        body: requestTwoFactorCodeBodySchema,
        response: { 200: okResponseSchema, ...errors, ...errorResponses(503) },
      },
    },
    async (request) => {
      const { email, password, phone_id: phoneId, type } = request.body;
      await enforceAttemptLimit(app, request, 'codeRequest', email);
      const user = await userWithCredentials(app, email, password);
      if (!smsAvailable(app.config)) throw new AppError(503, 'sms_unavailable', twoStepTexts.smsUnavailable);
      const phone = (await confirmedPhonesOf(db, user.id)).find((candidate) => candidate.id === phoneId);
      if (!phone) throw new AppError(422, 'phone_not_found', accountTexts.phoneNotFound);
      await sendVerificationCode(db, app.verification, {
        userId: user.id,
        phone: phone.phone,
        purpose: 'login',
        channel: type === 1 ? 'sms' : 'whatsapp',
      });
      return { code: 200 as const, message: accountTexts.codeSent };
    },
  );

  app.post(
    authApi.confirmTwoFactorLogin.pattern,
    {
      config: strictIpLimit,
      schema: {
        tags: ['auth'],
        body: confirmTwoFactorLoginBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email, password, code, device } = request.body;
      await enforceAttemptLimit(app, request, 'codeCheck', email);
      const user = await userWithCredentials(app, email, password);
      await checkVerificationCode(db, app.verification, { userId: user.id, purpose: 'login', code });
      return signIn(app, request, user, device);
    },
  );

  app.post(
    authApi.logout.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], response: { 200: okResponseSchema, ...errorResponses(401) } },
    },
    guarded('user')(async (request) => {
      await revokeSession(app, request.user.sessionId);
      return { code: 200 as const, message: 'Sesión cerrada' };
    }),
  );

  app.delete(
    authApi.revokeAllAccess.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], response: { 200: okResponseSchema, ...errorResponses(401) } },
    },
    guarded('user')(async (request) => {
      await revokeAllSessions(app, request.user.id);
      await recordSecurityEvent(db, request.user.id, 'all_sessions_revoked');
      return { code: 200 as const, message: accountTexts.sessionsRevoked };
    }),
  );

  app.post(
    authApi.accountResetRequest.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['auth'], response: { 200: okResponseSchema, ...errorResponses(401) } },
    },
    guarded('user')(async (request) => {
      const user = request.user;
      await revokeAllSessions(app, user.id);
      await recordSecurityEvent(db, user.id, 'account_reset_requested');
      const token = await issueEmailToken(db, user.id, 'password_reset');
      await app.mail.send(passwordResetMail(mailContext(app, user), token));
      return { code: 200 as const, message: accountTexts.resetAccountMailSent };
    }),
  );

  app.post(
    authApi.resetPasswordRequest.pattern,
    {
      config: strictIpLimit,
      schema: {
        tags: ['auth'],
        body: resetRequestBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { email } = request.body;
      await enforceAttemptLimit(app, request, 'resetRequest', email);
      const user = await findUserByEmail(db, email);
      // The spec wants unknown e-mails told apart (404); the limits above keep that from being mined.
      if (!user) throw new AppError(404, 'email_not_found', accountTexts.resetRequestNotFound);
      const token = await issueEmailToken(db, user.id, 'password_reset');
      await app.mail.send(passwordResetMail(mailContext(app, user), token));
      return { code: 200 as const, message: accountTexts.resetRequestSent };
    },
  );

  app.post(
    authApi.checkResetToken.pattern,
    {
      config: strictIpLimit,
      schema: { tags: ['auth'], body: checkTokenBodySchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      const row = await findUsableEmailToken(db, request.body.token, 'password_reset');
      if (!row) throw new AppError(404, 'token_invalid', accountTexts.resetTokenInvalid);
      return { code: 200 as const, message: 'Token válido' };
    },
  );

  app.post(
    authApi.resetPassword.pattern,
    {
      config: strictIpLimit,
      schema: {
        tags: ['auth'],
        body: resetPasswordBodySchema,
        response: { 200: okResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { token, password, revoke } = request.body;
      const passwordHash = await hashPassword(password);
      const used = await consumeEmailToken(db, token, 'password_reset');
      if (!used) throw new AppError(404, 'token_invalid', accountTexts.resetTokenInvalid);
      await setPasswordHash(db, used.userId, passwordHash);
      await revokeEmailTokens(db, used.userId, 'password_reset');
      // The reset link came through the mailbox, so it proves the address too (decision 039).
      await markEmailVerified(db, used.userId);
      await afterPasswordReset(app, used.userId, revoke);
      return { code: 200 as const, message: accountTexts.resetSuccess };
    },
  );

  /**
   * The mailed verification link's page sends its code here (decision 039). Anonymous: the code
   * alone proves the mailbox, as a reset link does, so it is held to the strict per-IP ceiling.
   */
  app.post(
    authApi.verifyEmail.pattern,
    {
      config: strictIpLimit,
      schema: { tags: ['auth'], body: verifyEmailBodySchema, response: { 200: okResponseSchema, ...errors } },
    },
    async (request) => {
      if (!(await confirmEmailByCode(db, request.body.code))) {
        throw new AppError(404, 'token_invalid', accountTexts.verifyEmailInvalid);
      }
      return { code: 200 as const, message: accountTexts.emailVerified };
    },
  );

  /** "Reenviar enlace" where a refusal or the settings page offers it; a budget per account. */
  app.post(
    authApi.resendEmailVerification.pattern,
    {
      preHandler: app.authenticate,
      config: strictIpLimit,
      schema: {
        tags: ['auth'],
        response: { 200: okResponseSchema, ...errorResponses(401, 409, 429) },
      },
    },
    guarded('user')(async (request) => {
      await resendVerificationLink(app, request.user);
      return { code: 200 as const, message: accountTexts.verificationLinkSent };
    }),
  );
};
