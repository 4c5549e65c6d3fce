import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseIdSchema } from '@seguridad/contracts/http/ids';
import {
  staffApi,
  teamInvitationResponseSchema,
  teamInviteBodySchema,
  teamMemberChangeBodySchema,
  teamMemberResponseSchema,
  teamResponseSchema,
  memberActiveResponseSchema,
} from '@seguridad/contracts/http/staff';
import { codeResponseSchema } from '@seguridad/contracts/http/auth';
import { errorMessages, staffTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { recordAudit } from '../audit/audit-service';
import { revokeAllSessions } from '../identity/session-service';
import { inviteStaff, resendInvitation, revokeStaffInvitation } from './invitation-service';
import {
  invitationViewOf,
  lockCompanyStaff,
  memberOf,
  otherActiveAdmins,
  pendingInvitations,
  setMemberDeactivated,
  teamMembers,
} from './staff-queries';
import { changeMember } from './team-service';

const errors = errorResponses(400, 401, 403, 404, 409, 422);
const invitationParams = z.object({ invitationId: databaseIdSchema });

/**
 * The console's Equipo tab, administrators only (decision 033): the team and its pending
 * invitations; invite (the service `npm run admin -- staff:invite` runs), resend and revoke;
 * change a member's role and specialities; deactivate and reactivate a member. Deactivation ends the
 * person's sessions and closes their sockets at once, on every process; their calls and notes
 * stay theirs. Nobody deactivates themselves, and the last active administrator stays.
 */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  const invitationDeps = { db, mail: app.mail, config: app.config };

  app.get(
    staffApi.team.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      schema: { tags: ['staff'], response: { 200: teamResponseSchema, ...errors } },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { companyId } = request.operator;
      const members = await teamMembers(db, companyId);
      const invitations = await pendingInvitations(db, companyId);
      return { code: 200 as const, members, own_user_id: request.user.id, invitations };
    }),
  );

  app.post(
    staffApi.inviteMember.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      schema: {
        tags: ['staff'],
        body: teamInviteBodySchema,
        response: { 200: teamInvitationResponseSchema, ...errors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { email, role, speciality_ids: specialityIds } = request.body;
      const sent = await inviteStaff(invitationDeps, {
        companyId: request.operator.companyId,
        email,
        role,
        specialityIds,
        invitedBy: request.user.id,
        ip: request.ip,
      });
      return { code: 200 as const, invitation: await invitationViewOf(db, sent.invitationId) };
    }),
  );

  app.post(
    staffApi.resendInvitation.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      schema: {
        tags: ['staff'],
        params: invitationParams,
        response: { 200: teamInvitationResponseSchema, ...errors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const { invitationId } = request.params;
      await resendInvitation(invitationDeps, {
        companyId: request.operator.companyId,
        invitationId,
        actorUserId: request.user.id,
        ip: request.ip,
      });
      return { code: 200 as const, invitation: await invitationViewOf(db, invitationId) };
    }),
  );

  app.post(
    staffApi.revokeInvitation.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      schema: {
        tags: ['staff'],
        params: invitationParams,
        response: { 200: codeResponseSchema, ...errors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      await revokeStaffInvitation(db, {
        companyId: request.operator.companyId,
        invitationId: request.params.invitationId,
        actorUserId: request.user.id,
        ip: request.ip,
      });
      return { code: 200 as const };
    }),
  );

  app.patch(
    staffApi.changeMember.pattern,
    {
      preHandler: app.requireCompanyAdmin,
      schema: {
        tags: ['staff'],
        params: z.object({ userId: databaseIdSchema }),
        body: teamMemberChangeBodySchema,
        response: { 200: teamMemberResponseSchema, ...errors },
      },
    },
    guarded(
      'user',
      'operator',
    )(async (request) => {
      const member = await changeMember(db, {
        companyId: request.operator.companyId,
        userId: request.params.userId,
        actorUserId: request.user.id,
        role: request.body.role,
        specialityIds: request.body.speciality_ids,
        ip: request.ip,
      });
      // Who an offer may go to changed with the specialities (decision 043), and the supervisors'
      // team list shows the new role (decision 046).
      app.callRealtime.routeCalls(request.operator.companyId);
      app.supervisionChanged(request.operator.companyId);
      return { code: 200 as const, member };
    }),
  );

  for (const [action, route, active] of [
    ['deactivate', staffApi.deactivateMember, false],
    ['reactivate', staffApi.reactivateMember, true],
  ] as const) {
    app.post(
      route.pattern,
      {
        preHandler: app.requireCompanyAdmin,
        schema: {
          tags: ['staff'],
          params: z.object({ userId: databaseIdSchema }),
          response: { 200: memberActiveResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      guarded(
        'user',
        'operator',
      )(async (request) => {
        const { companyId } = request.operator;
        const { userId } = request.params;
        // Under the company's lock, as role changes are: two administrators deactivating each
        // other at the same moment take turns, and the second finds itself the last one.
        await db.transaction(async (tx) => {
          await lockCompanyStaff(tx, companyId);
          const member = await memberOf(tx, companyId, userId);
          if (!member) throw new AppError(404, 'member_not_found', staffTexts.memberNotFound);
          if (!active) {
            if (userId === request.user.id) throw new AppError(409, 'not_yourself', staffTexts.notYourself);
            if (member.role === 'admin' && (await otherActiveAdmins(tx, companyId, userId)) === 0) {
              throw new AppError(409, 'last_admin', staffTexts.lastAdmin);
            }
            const actor = await memberOf(tx, companyId, request.user.id);
            if (!actor || actor.deactivatedAt !== null || actor.role !== 'admin') {
              throw new AppError(403, 'forbidden', errorMessages.forbidden);
            }
          }
          await setMemberDeactivated(tx, companyId, userId, active ? null : new Date());
        });
        if (!active) await revokeAllSessions(app, userId);
        await recordAudit(db, {
          companyId,
          actorUserId: request.user.id,
          action: `staff.${action}`,
          subjectKind: 'user',
          subjectId: userId,
          ip: request.ip,
        });
        app.callRealtime.routeCalls(companyId);
        app.supervisionChanged(companyId);
        return { code: 200 as const, active };
      }),
    );
  }
};
