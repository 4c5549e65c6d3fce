import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseIdSchema } from '@seguridad/contracts/http/ids';
import { staffApi } from '@seguridad/contracts/http/staff';
import { staffTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { errorResponses } from '../../lib/error-responses';
import { guarded } from '../../lib/route-guards';
import { recordAudit } from '../audit/audit-service';
import { revokeAllSessions } from '../auth/session-service';
import { memberOf, otherActiveAdmins, setMemberDeactivated } from './staff-queries';

const okSchema = z.object({ code: z.literal(200), active: z.boolean() });

/**
 * Deactivating and reactivating a member of the team (administrators only). Deactivation ends the
 * person's sessions and closes their sockets at once, on every process; their calls and notes
 * stay theirs. Nobody deactivates themselves, and the last active administrator stays.
 */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
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
          response: { 200: okSchema, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      guarded(
        'user',
        'operator',
      )(async (request) => {
        const { companyId } = request.operator;
        const { userId } = request.params;
        const member = await memberOf(db, companyId, userId);
        if (!member) throw new AppError(404, 'member_not_found', staffTexts.memberNotFound);
        if (!active) {
          if (userId === request.user.id) throw new AppError(409, 'not_yourself', staffTexts.notYourself);
          if (member.role === 'admin' && (await otherActiveAdmins(db, companyId, userId)) === 0) {
            throw new AppError(409, 'last_admin', staffTexts.lastAdmin);
          }
        }
        await setMemberDeactivated(db, companyId, userId, active ? null : new Date());
        if (!active) await revokeAllSessions(app, userId);
        await recordAudit(db, {
          companyId,
          actorUserId: request.user.id,
          action: `staff.${action}`,
          subjectKind: 'user',
          subjectId: userId,
          ip: request.ip,
        });
        return { code: 200 as const, active };
      }),
    );
  }
};
