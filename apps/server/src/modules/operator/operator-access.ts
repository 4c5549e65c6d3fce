import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { accessGuard } from '../../lib/access-guards';
import { staffTexts } from '@seguridad/contracts/messages';
import { membershipOf, twoStepStateOf, type OperatorContext } from './membership-queries';

/**
 * Roles in order of what they may do (decision 033): an operator answers and handles; a supervisor
 * also sees every call and recording of the company; an administrator also runs the company.
 */
const ROLE_RANK = { operator: 0, supervisor: 1, admin: 2 } as const;

export function roleAtLeast(role: OperatorContext['role'], wanted: OperatorContext['role']): boolean {
  return ROLE_RANK[role] >= ROLE_RANK[wanted];
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
      const member = await membershipOf(app.database.db, user.id);
      if (!member) throw new AppError(403, 'forbidden', errorMessages.forbidden);
      const twoStep = await twoStepStateOf(
        app.database.db,
        member.companyId,
        user.id,
        app.config.staffTwoStepByDefault,
      );
      if (twoStep.required && !twoStep.confirmed) {
        throw new AppError(403, 'two_step_required', staffTexts.twoStepRequired);
      }
      request.operator = member;
      return member;
    }
    app.decorate(
      'requireOperator',
      accessGuard(async (request: FastifyRequest) => {
        await requireMember(request);
      }),
    );
    app.decorate(
      'requireSupervisor',
      accessGuard(async (request: FastifyRequest) => {
        const member = await requireMember(request);
        if (!roleAtLeast(member.role, 'supervisor'))
          throw new AppError(403, 'forbidden', errorMessages.forbidden);
      }),
    );
    app.decorate(
      'requireCompanyAdmin',
      accessGuard(async (request: FastifyRequest) => {
        const member = await requireMember(request);
        if (member.role !== 'admin') throw new AppError(403, 'forbidden', errorMessages.forbidden);
      }),
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
