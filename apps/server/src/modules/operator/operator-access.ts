import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { membershipOf, type OperatorContext } from './membership-queries';

/** The Socket.IO room of a company's operators: new inbox items and the waiting-call queue. */
export const operatorRoom = (companyId: number) => `company:${companyId}:operators`;

/** preHandlers of the console: a session of a company member; admins for the company settings. */
export const operatorAccessPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('operator', undefined);
    async function requireMember(request: FastifyRequest): Promise<OperatorContext> {
      const user = await app.signedInUser(request);
      const member = await membershipOf(app.database.db, user.id);
      if (!member) throw new AppError(403, 'forbidden', errorMessages.forbidden);
      request.operator = member;
      return member;
    }
    app.decorate('requireOperator', async (request: FastifyRequest) => {
      await requireMember(request);
    });
    app.decorate('requireCompanyAdmin', async (request: FastifyRequest) => {
      const member = await requireMember(request);
      if (member.role !== 'admin') throw new AppError(403, 'forbidden', errorMessages.forbidden);
    });
  },
  { name: 'operator-access', dependencies: ['session-auth'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    requireOperator: (request: FastifyRequest) => Promise<void>;
    requireCompanyAdmin: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    operator: OperatorContext | undefined;
  }
}
