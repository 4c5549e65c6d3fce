import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SUPERVISION_COALESCE_MS } from '@seguridad/contracts/http/supervision';
import { operatorEvents } from '@seguridad/contracts/realtime/operator';
import { supervisionRoom } from '../../lib/socket-rooms';

/**
 * Tells a company's open Supervisión views that something they show changed (decision 046). The
 * first change of a quiet company goes out at once; changes that follow within the window make
 * one more at its end, so a burst (a shift connecting, 200 calls queued) costs each view at most
 * four refetches a second per process. The event carries nothing: views fetch the snapshot again,
 * through the route that checks the role every time. With Redis it reaches every process's sockets.
 */
export const supervisionNotifierPlugin = fp(
  async (app: FastifyInstance) => {
    const lastSent = new Map<number, number>();
    const pending = new Map<number, NodeJS.Timeout>();
    let closing = false;

    function send(companyId: number) {
      lastSent.set(companyId, Date.now());
      app.io.to(supervisionRoom(companyId)).emit(operatorEvents.supervisionChanged, {});
    }

    function supervisionChanged(companyId: number) {
      if (closing || pending.has(companyId)) return;
      const since = Date.now() - (lastSent.get(companyId) ?? 0);
      if (since >= SUPERVISION_COALESCE_MS) return send(companyId);
      const timer = setTimeout(() => {
        pending.delete(companyId);
        if (!closing) send(companyId);
      }, SUPERVISION_COALESCE_MS - since);
      timer.unref();
      pending.set(companyId, timer);
    }

    app.decorate('supervisionChanged', supervisionChanged);
    app.addHook('preClose', async () => {
      closing = true;
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    });
  },
  { name: 'supervision-notifier', dependencies: ['realtime'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** Something the company's Supervisión view shows changed: tell its open views (coalesced). */
    supervisionChanged: (companyId: number) => void;
  }
}
