import { operatorEvents } from '@seguridad/contracts/realtime/operator';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sessions } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { membershipOf, operatorRoom } from './operator-access';

/**
 * Sockets that present a session token join their user's room (so deleting an account can close
 * them) and, for company members, the company's operator room where inbox events arrive.
 */
export const operatorRealtimePlugin = fp(
  async (app: FastifyInstance) => {
    app.io.on('connection', async (socket) => {
      const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : '';
      if (!token || token.length > 200) return;
      const [session] = await app.database.db
        .select({ userId: sessions.userId })
        .from(sessions)
        .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
        .limit(1);
      if (!session || !socket.connected) return;
      await socket.join(`user:${session.userId}`);
      const member = await membershipOf(app, session.userId);
      if (member) await socket.join(operatorRoom(member.companyId));
      socket.emit(operatorEvents.sessionReady, { operator: Boolean(member) });
    });
  },
  { name: 'operator-realtime', dependencies: ['realtime'] },
);
