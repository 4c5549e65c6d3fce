import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorMessages } from '@seguridad/contracts/messages';
import { callSocketEvents, type CallEnded } from '@seguridad/contracts/realtime/call';
import { toQueuedCall, type CallRow } from '../modules/calls/call-access';
import { handleChatSend } from './call-chat';
import {
  announceCallEnded,
  createEmptyCallSweeper,
  createGraceTimers,
  endCallIfStillAbsent,
  SWEEP_INTERVAL_MS,
} from './call-ending';
import {
  announceLeftQueue,
  announcePresence,
  announceQueued,
  operatorsOnline,
  sendQueuePositions,
} from './call-queue';
import { centreFigures, countSockets } from './call-metrics';
import {
  CALL_OFFER_MS,
  centreTakesCalls,
  routeWaitingCalls,
  viewerRooms,
} from '../modules/calls/call-routing';
import { markIdle, routingMembers } from '../modules/availability/availability-queries';
import { handleRoomAdmin } from './call-video-play';
import { handleRecordingMessage, isRecordingMessage } from './call-recording';
import { handleJoin, handleLeave, relayMessage, type CallHandlerContext } from './call-signaling';
import { isInRoom, refusal, type AppSocket } from './call-socket';
import { limitSocketEvents } from './socket-rate-limit';
import type { Deps } from '../lib/dependencies';

/**
 * What the call's HTTP routes tell the realtime side. Implemented over Socket.IO rooms, so that
 * with the Redis adapter every process sees the same queue, presence and rooms.
 */
export interface CallRealtime {
  /** Operators of the company with the console open, on every process. */
  operatorsOnline(companyId: number): Promise<number>;
  /** Whether some operator who serves the call's speciality is connected and not on pause. */
  takesCalls(companyId: number, call: Pick<CallRow, 'specialityId' | 'specialityName'>): Promise<boolean>;
  /** Someone's availability or an offer changed: offer the waiting calls again (decision 043). */
  routeCalls(companyId: number): void;
  /** A call entered the queue: tell the operators and the waiting callers their positions. */
  callQueued(call: CallRow): Promise<void>;
  /** An operator took the call: it leaves the queue; everyone behind moves up. */
  callAccepted(call: CallRow): Promise<void>;
  /** The call ended (hang-up, abandoned, timeout): tell the room and the operators. */
  callEnded(call: CallRow, reason: CallEnded['reason']): Promise<void>;
}

/** The client events answered with an ack. */
type AckedEvent =
  | typeof callSocketEvents.join
  | typeof callSocketEvents.chatSend
  | typeof callSocketEvents.leave
  | typeof callSocketEvents.roomAdmin;

/** Presence changes of one company within this window are announced once. */
const PRESENCE_COALESCE_MS = 200;

/**
 * Work started by socket events and timers, so that closing the app waits for it before the
 * database closes under it.
 */
function createBackgroundTasks(app: Deps<'log'>) {
  const running = new Set<Promise<void>>();
  return {
    run(name: string, task: () => Promise<void>, onError?: () => void) {
      const promise = task()
        .catch((error: unknown) => {
          app.log.error({ err: error }, `call realtime: ${name} failed`);
          onError?.();
        })
        .finally(() => running.delete(promise));
      running.add(promise);
    },
    async drain() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}

/**
 * The call's realtime side: the `join`/`message`/`chat:send`/`leave` handlers of every socket,
 * the operators' queue and presence, the reconnect grace and the sweep of abandoned rooms.
 * All shared state lives in the database and in Socket.IO rooms (across processes with Redis);
 * only the grace timers of the sockets a process held live in that process.
 */
export const callRealtimePlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    const tasks = createBackgroundTasks(app);
    const graceTimers = createGraceTimers(app.config.callReconnectGraceMs, (membership) => {
      if (!closing) tasks.run('reconnect grace', () => endCallIfStillAbsent(app, membership));
    });
    const context: CallHandlerContext = {
      app,
      participantAway: (membership) => {
        if (!closing) graceTimers.start(membership);
      },
      participantBack: (membership) => graceTimers.cancel(membership.callId, membership.side),
    };

    // Consoles connecting or leaving together (a shift starting, a process restarting) make one
    // announcement per company, not one per socket to every socket.
    const presenceTimers = new Map<number, NodeJS.Timeout>();
    function presenceChanged(companyId: number) {
      if (closing || presenceTimers.has(companyId)) return;
      const timer = setTimeout(() => {
        presenceTimers.delete(companyId);
        if (closing) return;
        tasks.run('presence', () => announcePresence(app, companyId));
        app.supervisionChanged(companyId);
        routeCalls(companyId);
      }, PRESENCE_COALESCE_MS);
      presenceTimers.set(companyId, timer);
    }

    // Offers are made in the database; this process looks again when the ones it made run out, so
    // the next waiting call reaches the operator who let theirs pass. Any other event routes too.
    const routeTimers = new Map<number, NodeJS.Timeout>();
    function routeCalls(companyId: number) {
      if (closing) return;
      tasks.run('routing', async () => {
        const changed = await routeWaitingCalls(app, companyId);
        if (changed.length > 0) app.supervisionChanged(companyId);
        if (
          closing ||
          routeTimers.has(companyId) ||
          !changed.some((call) => call.offerExpiresAt! > new Date())
        ) {
          return;
        }
        const timer = setTimeout(() => {
          routeTimers.delete(companyId);
          routeCalls(companyId);
        }, CALL_OFFER_MS + 100);
        timer.unref();
        routeTimers.set(companyId, timer);
      });
    }

    const sweepEmptyCalls = createEmptyCallSweeper(app);
    const sweepTimer = setInterval(() => {
      if (closing) return;
      tasks.run(
        'sweep',
        async () => {
          await sweepEmptyCalls();
          app.metrics.jobRan('empty_call_sweep', 'ok');
        },
        () => app.metrics.jobRan('empty_call_sweep', 'failed'),
      );
    }, SWEEP_INTERVAL_MS);
    sweepTimer.unref();

    /**
     * Listens to an event that carries an ack. Payload and ack are taken as `unknown`, whatever the
     * event map says: a client may send anything, or no ack at all, and the handler parses both.
     */
    function withAck(
      socket: AppSocket,
      name: AckedEvent,
      handler: (payload: unknown, ack: unknown) => Promise<void>,
    ) {
      socket.on(name, (payload: unknown, ack: unknown) => {
        tasks.run(
          `${name} of ${socket.id}`,
          () => handler(payload, ack),
          () => {
            if (typeof ack === 'function') ack(refusal('server_error', errorMessages.generic));
          },
        );
      });
    }

    app.io.on('connection', (socket) => {
      limitSocketEvents(socket);
      withAck(socket, callSocketEvents.join, (payload, ack) => handleJoin(context, socket, payload, ack));
      withAck(socket, callSocketEvents.chatSend, (payload, ack) => handleChatSend(app, socket, payload, ack));
      withAck(socket, callSocketEvents.leave, (payload, ack) => handleLeave(app, socket, payload, ack));
      withAck(socket, callSocketEvents.roomAdmin, (payload, ack) =>
        handleRoomAdmin(app, socket, payload, ack),
      );
      socket.on(callSocketEvents.message, (payload: unknown) => {
        if (!isRecordingMessage(payload)) return relayMessage(socket, payload);
        tasks.run(`recording of ${socket.id}`, () => handleRecordingMessage(app, socket, payload));
      });
      socket.on('disconnecting', () => {
        const membership = socket.data.call;
        if (membership && isInRoom(socket, membership.room)) context.participantAway(membership);
      });

      const companyId = socket.data.user?.companyId;
      if (companyId !== undefined && companyId !== null) {
        presenceChanged(companyId);
        socket.on('disconnect', () => presenceChanged(companyId));
      }
    });

    const callRealtime: CallRealtime = {
      operatorsOnline: (companyId) => operatorsOnline(app, companyId),
      takesCalls: (companyId, call) => centreTakesCalls(app, companyId, call),
      routeCalls,
      async callQueued(call) {
        app.metrics.callQueued(call);
        app.supervisionChanged(call.companyId);
        if (call.isPrivate) return announceQueued(app, call);
        // Only those who serve its speciality (and supervisors) see a public call.
        const rooms = viewerRooms(await routingMembers(app.database.db, call.companyId), call);
        if (rooms.length > 0) app.io.to(rooms).emit(callSocketEvents.queueAdded, toQueuedCall(call));
        await sendQueuePositions(app, call.companyId);
        routeCalls(call.companyId);
      },
      async callAccepted(call) {
        app.metrics.callAnswered(call);
        app.supervisionChanged(call.companyId);
        announceLeftQueue(app, call, 'accepted');
        if (!call.isPrivate) await sendQueuePositions(app, call.companyId);
        routeCalls(call.companyId);
      },
      async callEnded(call, reason) {
        graceTimers.cancelCall(call.id);
        await announceCallEnded(app, call, reason);
        if (call.operatorId !== null && call.acceptedAt !== null) {
          await markIdle(app.database.db, call.operatorId, call.companyId);
          // Their Disponible now counts from here.
          app.supervisionChanged(call.companyId);
        }
        routeCalls(call.companyId);
      },
    };
    app.decorate('callRealtime', callRealtime);
    // Read when Prometheus scrapes, not kept up to date on every event.
    app.metrics.provideCentreFigures(() => centreFigures(app));
    app.metrics.provideSocketCounts(() => countSockets(app));

    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onClose', async () => {
      closing = true;
      clearInterval(sweepTimer);
      for (const timer of presenceTimers.values()) clearTimeout(timer);
      for (const timer of routeTimers.values()) clearTimeout(timer);
      graceTimers.clear();
      await tasks.drain();
    });
  },
  {
    name: 'call-realtime',
    dependencies: ['realtime', 'operator-realtime', 'metrics', 'supervision-notifier'],
  },
);

declare module 'fastify' {
  interface FastifyInstance {
    callRealtime: CallRealtime;
  }
}
