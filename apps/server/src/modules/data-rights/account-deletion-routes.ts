import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authApi, deleteAccountBodySchema, okResponseSchema } from '@seguridad/contracts/http/auth';
import { accountTexts, staffTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { confirmOwner } from '../auth/reauth';
import { deleteAccountAndData } from './account-erasure-service';

const reauthErrors = errorResponses(400, 401, 403, 404, 422, 429);

/** The citizen's own erasure: «Eliminar cuenta» in the account area (spec, account deletion). */
export const accountDeletionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  /**
   * Deletes the account and everything personal hanging from it (sessions, devices, phones, codes,
   * tokens go with it by cascade; what was sent with its proven e-mail or confirmed phones is
   * erased; orders stay without the person, decision 034); open sockets of the user are
   * disconnected. The current password is asked again, as for the two-step phones.
   */
  app.post(
    authApi.deleteAccount.pattern,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['user'],
        body: deleteAccountBodySchema,
        response: { 200: okResponseSchema, ...reauthErrors, ...errorResponses(409) },
      },
    },
    guarded('user')(async (request) => {
      await confirmOwner(app, request, request.body.password);
      const userId = request.user.id;
      const erased = await deleteAccountAndData({ db, storage: app.storage, log: request.log }, userId);
      if (erased === 'last_admin') throw new AppError(409, 'last_admin', staffTexts.lastAdminDelete);
      app.io.in(`user:${userId}`).disconnectSockets(true);
      return { code: 200 as const, message: accountTexts.accountDeleted };
    }),
  );
};
