import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CallEnded } from '@seguridad/contracts/realtime/call';
import type { CallRow } from '../modules/calls/call-access';
import { operatorRoom } from '../modules/operator/operator-access';

/**
 * What the call's HTTP routes tell the realtime side. Implemented over Socket.IO rooms, so that
 * with the Redis adapter every process sees the same queue, presence and rooms.
 */
export interface CallRealtime {
  /** Operators of the company with the console open, on every process. */
  operatorsOnline(companyId: number): Promise<number>;
  /** A call entered the queue: tell the operators and the waiting callers their positions. */
  callQueued(call: CallRow): Promise<void>;
  /** An operator took the call: it leaves the queue; everyone behind moves up. */
  callAccepted(call: CallRow): Promise<void>;
  /** The call ended (hang-up, abandoned, timeout): tell the room and the operators. */
  callEnded(call: CallRow, reason: CallEnded['reason']): Promise<void>;
}

export const callRealtimePlugin = fp(
  async (app: FastifyInstance) => {
    const callRealtime: CallRealtime = {
      async operatorsOnline(companyId) {
        return (await app.io.in(operatorRoom(companyId)).fetchSockets()).length;
      },
      async callQueued() {},
      async callAccepted() {},
      async callEnded() {},
    };
    app.decorate('callRealtime', callRealtime);
  },
  { name: 'call-realtime', dependencies: ['realtime'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    callRealtime: CallRealtime;
  }
}
