import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginResponseSchema } from '@seguridad/contracts/http/auth';
import {
  staffInvitationAcceptedSchema,
  staffInvitationCodeBodySchema,
  staffInvitationRegisterBodySchema,
  staffInvitationSummarySchema,
  staffApi,
} from '@seguridad/contracts/http/staff';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { signIn } from '../auth/sign-in-service';
import { findUserByEmail } from '../identity/user-queries';
import { acceptInvitation, lookUpInvitation } from './invitation-service';

const errors = errorResponses(400, 401, 403, 404, 409, 422, 429);

/**
 * The page of an e-mailed staff invitation (`/equipo/invitacion?code=…`): what it invites to, then
 * either a new account for the invited address or the signed-in account of that address accepts.
 * Anonymous, so held to the sign-in routes' per-address ceiling; the code travels in the body,
 * never in a URL the logs would keep.
 */
export const staffInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const strictIpLimit = { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } };
  const db = app.database.db;

  app.post(
    staffApi.lookupInvitation.pattern,
    {
      config: strictIpLimit,
      schema: {
        tags: ['staff'],
        body: staffInvitationCodeBodySchema,
        response: { 200: staffInvitationSummarySchema, ...errors },
      },
    },
    async (request) => ({ code: 200 as const, ...(await lookUpInvitation(db, request.body.code)) }),
  );

  app.post(
    staffApi.registerInvitation.pattern,
    {
      config: strictIpLimit,
      schema: {
        tags: ['staff'],
        body: staffInvitationRegisterBodySchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { code, name, lastname, password } = request.body;
      const joined = await acceptInvitation(db, {
        code,
        newAccount: { name, lastname, password },
        ip: request.ip,
      });
      app.supervisionChanged(joined.companyId);
      const user = await findUserByEmail(db, joined.email);
      return signIn(app, request, user!, undefined);
    },
  );

  app.post(
    staffApi.acceptInvitation.pattern,
    {
      config: strictIpLimit,
      preHandler: app.authenticate,
      schema: {
        tags: ['staff'],
        body: staffInvitationCodeBodySchema,
        response: { 200: staffInvitationAcceptedSchema, ...errors },
      },
    },
    guarded('user')(async (request) => {
      const summary = await lookUpInvitation(db, request.body.code);
      const joined = await acceptInvitation(db, {
        code: request.body.code,
        signedInUserId: request.user.id,
        ip: request.ip,
      });
      // The supervisors' team list gains a person (decision 046).
      app.supervisionChanged(joined.companyId);
      return { code: 200 as const, company_name: summary.company_name, role: summary.role };
    }),
  );
};
