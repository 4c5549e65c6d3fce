import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okResponseSchema } from '@seguridad/contracts/http/auth';
import {
  NETWORK_STATUS,
  acceptRejectInvitationBodySchema,
  addUserToNetworkBodySchema,
  enterWithInvitationCodeBodySchema,
  myNetworkResponseSchema,
  quitSecurityNetworkBodySchema,
  userInfoByCodeQuerySchema,
  userInfoByCodeResponseSchema,
  networksApi,
} from '@seguridad/contracts/http/networks';
import { networkTexts } from '@seguridad/contracts/messages';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { isEmailVerified } from '../identity/user-queries';
import { externalNetworksOf, myNetworkOf } from './network-queries';
import {
  answerByCode,
  answerFromSettings,
  invitingUserByCode,
  inviteToNetwork,
  leaveOrRemove,
} from './network-service';

const answeredText = (status: 2 | 3) =>
  status === NETWORK_STATUS.confirmed ? networkTexts.invitationConfirmed : networkTexts.invitationRejected;

/** The security network (spec §7 `networks/*` and `user/getUserInfoByCode`), all behind a session. */
export const networkRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  /** Invitations send e-mail: a tighter per-IP ceiling than the global one (plus a per-user one). */
  const inviteIpLimit = { rateLimit: { max: app.config.authRateLimitMax, timeWindow: '1 minute' } };

  app.post(
    networksApi.addUser.pattern,
    {
      preHandler: app.authenticate,
      config: inviteIpLimit,
      schema: {
        tags: ['networks'],
        body: addUserToNetworkBodySchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 409, 429) },
      },
    },
    guarded('user')(async (request) => {
      await inviteToNetwork(app, request.user, request.body.guest_email);
      return { code: 200 as const, message: networkTexts.invitationSent };
    }),
  );

  app.get(
    networksApi.myNetwork.pattern,
    {
      preHandler: app.authenticate,
      schema: { tags: ['networks'], response: { 200: myNetworkResponseSchema, ...errorResponses(401) } },
    },
    guarded('user')(async (request) => {
      // Until the address is proven, invitations sent to it are not shown: whoever registered
      // someone else's address must not learn who invited them (decision 039).
      const [myNetwork, verified] = await Promise.all([
        myNetworkOf(db, request.user.id),
        isEmailVerified(db, request.user.id),
      ]);
      return {
        code: 200 as const,
        my_network: myNetwork,
        external_networks: verified ? await externalNetworksOf(db, request.user) : [],
        email_verified: verified,
      };
    }),
  );

  app.post(
    networksApi.acceptRejectInvitation.pattern,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['networks'],
        body: acceptRejectInvitationBodySchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    guarded('user')(async (request) => {
      const { invitation_id: invitationId, status } = request.body;
      await answerFromSettings(app, request.user, invitationId, status);
      return { code: 200 as const, message: answeredText(status) };
    }),
  );

  app.post(
    networksApi.quit.pattern,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['networks'],
        body: quitSecurityNetworkBodySchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    guarded('user')(async (request) => {
      await leaveOrRemove(app, request.user, request.body.invitation_id);
      return { code: 200 as const, message: networkTexts.invitationRemoved };
    }),
  );

  /** The spec's "Get inviting user": `user_code` is the invitation code of the e-mailed link. */
  app.get(
    networksApi.userInfoByCode.pattern,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['networks'],
        querystring: userInfoByCodeQuerySchema,
        response: { 200: userInfoByCodeResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    guarded('user')(async (request) => {
      const { user_code: code, company_id: companyId } = request.query;
      return { code: 200 as const, user: await invitingUserByCode(app, code, companyId) };
    }),
  );

  app.post(
    networksApi.enterWithInvitationCode.pattern,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['networks'],
        body: enterWithInvitationCodeBodySchema,
        response: { 200: okResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    guarded('user')(async (request) => {
      const { invitation_code: code, company_id: companyId, status } = request.body;
      await answerByCode(app, request.user, { code, companyId, status });
      return { code: 200 as const, message: answeredText(status) };
    }),
  );
};
