import { callSocketEvents, type CallEnded, type ServerMessage } from '@seguridad/contracts/realtime/call';
import { callRoom, type CallRow } from '../modules/calls/call-access';
import { endCallFrom, sweepableCalls } from '../modules/calls/call-ending-queries';
import { joinedMembers, participantOf, type CallMembership } from './call-socket';
import { announceLeftQueue, sendQueuePositions } from './call-queue';
import { finaliseCallRecordings } from '../modules/recordings/recording-service';
import type { Deps } from '../lib/dependencies';

/** Calls younger than this are never swept: their caller may still be connecting. */
export const SWEEP_MIN_AGE_MS = 2 * 60_000;
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Tells the room the call is over (`call:ended`, then each participant a `userLeaveRoom` for its
 * peer: the one still in the room, or `departed`, whose grace ran out), empties the room on every
 * process, takes the call off the operators' queue and moves the callers behind it up.
 */
export async function announceCallEnded(
  app: Deps<'database' | 'io' | 'log' | 'metrics' | 'roomSize' | 'storage' | 'supervisionChanged'>,
  call: CallRow,
  reason: CallEnded['reason'],
  departed?: CallMembership,
): Promise<void> {
  // Every ending passes here once (the statement that ended the call decides who announces it).
  if (call.status === 'abandoned') app.metrics.callAbandoned(call);
  app.supervisionChanged(call.companyId);
  const room = callRoom(call.room);
  const sockets = await app.io.in(room).fetchSockets();
  const members = joinedMembers(sockets, call.room);
  const ended: CallEnded = { roomName: call.room, reason };
  for (const socket of sockets) {
    socket.emit(callSocketEvents.callEnded, ended);
    const own = socket.data.call?.participantId;
    const peer =
      members.find((member) => member.data.call.participantId !== own)?.data.call ??
      (departed && departed.participantId !== own ? departed : undefined);
    if (peer) {
      const left: ServerMessage = { id: 'userLeaveRoom', roomName: call.room, user: participantOf(peer) };
      socket.emit(callSocketEvents.message, left);
    }
  }
  app.io.in(room).socketsLeave(room);
  for (const { id } of sockets) {
    const local = app.io.sockets.sockets.get(id);
    if (local?.data.call?.callId === call.id) delete local.data.call;
  }
  announceLeftQueue(app, call, reason === 'abandoned' ? 'abandoned' : 'ended');
  if (!call.isPrivate) await sendQueuePositions(app, call.companyId);
  // What the console uploaded so far becomes a seekable file, whoever ended the call and how.
  await finaliseCallRecordings(app, call.id);
}

type EndingReasons = {
  /** Why a waiting call is abandoned; null leaves a waiting call alone. */
  waiting: 'abandoned' | null;
  active: CallEnded['reason'];
};

/**
 * Ends the call if it is still open, one conditional statement per status so that racing an
 * accept, a hang-up or another process cannot end it twice. Returns whether this call ended it.
 */
async function endIfOpen(
  app: Deps<'database' | 'io' | 'log' | 'metrics' | 'roomSize' | 'storage' | 'supervisionChanged'>,
  callId: number,
  reasons: EndingReasons,
  departed?: CallMembership,
): Promise<boolean> {
  const db = app.database.db;
  if (reasons.waiting) {
    const abandoned = await endCallFrom(db, callId, 'waiting', reasons.waiting);
    if (abandoned) {
      await announceCallEnded(app, abandoned, reasons.waiting, departed);
      return true;
    }
  }
  const ended = await endCallFrom(db, callId, 'active', reasons.active);
  if (!ended) return false;
  await announceCallEnded(app, ended, reasons.active, departed);
  return true;
}

/**
 * A participant's socket dropped and the grace passed: unless a socket of the same side is back
 * in the room (on any process), the call ends. A caller who leaves a waiting public call abandons
 * it; a private room waiting for its caller stays open, its link still works.
 */
export async function endCallIfStillAbsent(
  app: Deps<'database' | 'io' | 'log' | 'metrics' | 'roomSize' | 'storage' | 'supervisionChanged'>,
  membership: CallMembership,
): Promise<void> {
  const sockets = await app.io.in(callRoom(membership.room)).fetchSockets();
  const back = joinedMembers(sockets, membership.room).some(
    (socket) => socket.data.call.callId === membership.callId && socket.data.call.side === membership.side,
  );
  if (back) return;
  if (membership.side === 'caller') {
    const reasons = {
      waiting: membership.isPrivate ? null : ('abandoned' as const),
      active: 'caller_left' as const,
    };
    await endIfOpen(app, membership.callId, reasons, membership);
  } else {
    await endIfOpen(app, membership.callId, { waiting: null, active: 'operator_left' }, membership);
  }
}

/** The grace timers of the participants whose socket dropped on this process. */
export function createGraceTimers(graceMs: number, onExpired: (membership: CallMembership) => void) {
  const timers = new Map<string, { callId: number; timer: NodeJS.Timeout }>();
  const keyOf = (callId: number, side: CallMembership['side']) => `${callId}:${side}`;
  return {
    start(membership: CallMembership) {
      const key = keyOf(membership.callId, membership.side);
      clearTimeout(timers.get(key)?.timer);
      const timer = setTimeout(() => {
        timers.delete(key);
        onExpired(membership);
      }, graceMs);
      timers.set(key, { callId: membership.callId, timer });
    },
    /** The participant is back on this process (the expiry would find it anyway). */
    cancel(callId: number, side: CallMembership['side']) {
      const key = keyOf(callId, side);
      clearTimeout(timers.get(key)?.timer);
      timers.delete(key);
    },
    cancelCall(callId: number) {
      for (const [key, entry] of timers) {
        if (entry.callId !== callId) continue;
        clearTimeout(entry.timer);
        timers.delete(key);
      }
    },
    clear() {
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

/**
 * Ends open calls whose room stayed empty for two sweeps in a row (a process died with its
 * sockets and their grace timers, or a caller never connected). Every process sweeps; the
 * conditional updates make sure one of them ends each call. Private rooms still waiting for
 * their caller are left alone: the operator shared the link and waits.
 */
export function createEmptyCallSweeper(
  app: Deps<'database' | 'io' | 'log' | 'metrics' | 'roomSize' | 'storage' | 'supervisionChanged'>,
) {
  let emptyAtLastSweep = new Set<number>();
  return async function sweepEmptyCalls(): Promise<number> {
    const candidates = await sweepableCalls(app.database.db, new Date(Date.now() - SWEEP_MIN_AGE_MS));
    const emptyNow = new Set<number>();
    let ended = 0;
    for (const call of candidates) {
      const members = joinedMembers(await app.io.in(callRoom(call.room)).fetchSockets(), call.room);
      if (members.length > 0) continue;
      if (!emptyAtLastSweep.has(call.id)) {
        emptyNow.add(call.id);
        continue;
      }
      if (await endIfOpen(app, call.id, { waiting: 'abandoned', active: 'timeout' })) ended += 1;
    }
    emptyAtLastSweep = emptyNow;
    return ended;
  };
}
