import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { accessGuard } from '../../lib/access-guards';
import { staffTexts } from '@seguridad/contracts/messages';
import { roleAtLeast } from '@seguridad/contracts/staff-access';
import type { Database } from '../../db/client';
import { membershipOf, staffMembershipOf, type OperatorContext } from './membership-queries';

export { roleAtLeast };

/**
 * A signed media URL names the staff member it was signed for; it works only while that person
 * is still an active member of the media's company, so deactivating someone cuts the links they
 * already hold at once instead of when they expire.
 */
export async function requireActiveStaffOf(db: Database, userId: number, companyId: number): Promise<void> {
  const member = await membershipOf(db, userId);
  if (!member || member.companyId !== companyId)
    throw new AppError(403, 'forbidden', errorMessages.forbidden);
}

/**
 * preHandlers of the console: a session of an active company member (with a confirmed phone when
 * the company requires two-step sign-in for staff); supervisors for the company's calls; admins
 * for the company settings.
 */
export const operatorAccessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('operator', undefined);
    async function requireMember(request: FastifyRequest): Promise<OperatorContext> {
      const user = await app.signedInUser(request);
      const { member, twoStepMissing } = await staffMembershipOf(
        app.database.db,
        user.id,
        app.config.staffTwoStepByDefault,
      );
      if (twoStepMissing) throw new AppError(403, 'two_step_required', staffTexts.twoStepRequired);
      if (!member) throw new AppError(403, 'forbidden', errorMessages.forbidden);
      request.operator = member;
      return member;
    }
    app.decorate(
      'requireOperator',
      accessGuard(async (request: FastifyRequest) => {
        await requireMember(request);
      }, 'operator'),
    );
    app.decorate(
      'requireSupervisor',
      accessGuard(async (request: FastifyRequest) => {
        const member = await requireMember(request);
        if (!roleAtLeast(member.role, 'supervisor'))
          throw new AppError(403, 'forbidden', errorMessages.forbidden);
      }, 'supervisor'),
    );
    app.decorate(
      'requireCompanyAdmin',
      accessGuard(async (request: FastifyRequest) => {
        const member = await requireMember(request);
        if (!roleAtLeast(member.role, 'admin')) throw new AppError(403, 'forbidden', errorMessages.forbidden);
      }, 'admin'),
    );
  },
  { name: 'operator-access', dependencies: ['session-auth'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    requireOperator: (request: FastifyRequest) => Promise<void>;
    requireSupervisor: (request: FastifyRequest) => Promise<void>;
    requireCompanyAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    operator: OperatorContext | undefined;
  }
}
