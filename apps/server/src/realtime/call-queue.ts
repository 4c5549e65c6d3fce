import { callSocketEvents, type QueuePosition, type QueueRemoved } from '@seguridad/contracts/realtime/call';
import { callRoom, toQueuedCall, type CallRow } from '../modules/calls/call-access';
import { recentHandledSeconds, waitingPublicRooms } from '../modules/calls/queue-queries';
import type { Deps } from '../lib/dependencies';
import { operatorRoom, staffRoom } from '../lib/socket-rooms';
import { routingMembers, type RoutingMember } from '../modules/availability/availability-queries';
import { serves } from '../modules/calls/call-routing';

/** Until a company has handled calls, a call is assumed to take this long. */
export const DEFAULT_HANDLED_SECONDS = 180;
/** The estimate averages the company's most recent handled calls. */
const HANDLED_SAMPLE = 20;

/**
 * The operators who should hear about a call: the whole company for a public call; for a private
 * room only the operator who created it (nobody else may take it).
 */
export function operatorsOf(call: CallRow): string {
  return call.isPrivate && call.operatorId !== null
    ? staffRoom(call.operatorId)
    : operatorRoom(call.companyId);
}

/** Operator consoles (sockets) connected for the company, on every process. */
export async function operatorsOnline(app: Deps<'roomSize'>, companyId: number): Promise<number> {
  return app.roomSize(operatorRoom(companyId));
}

/** Mean accepted → ended time of the company's last handled calls, in seconds. */
export async function averageHandledSeconds(app: Deps<'database'>, companyId: number): Promise<number> {
  const durations = await recentHandledSeconds(app.database.db, companyId, HANDLED_SAMPLE);
  if (durations.length === 0) return DEFAULT_HANDLED_SECONDS;
  return Math.max(0, durations.reduce((sum, seconds) => sum + seconds, 0) / durations.length);
}

type WaitingCall = Awaited<ReturnType<typeof waitingPublicRooms>>[number];

/**
 * Whether two waiting calls wait for the same people: some member who takes calls serves both. A
 * supervisor or administrator who has not made themselves Disponible takes none. With nobody on
 * the staff for either, calls of the same speciality compete.
 */
function competes(ahead: WaitingCall, call: WaitingCall, members: readonly RoutingMember[]): boolean {
  const takers = members.filter((member) => member.role === 'operator' || member.state === 'available');
  const forCall = takers.filter((member) => serves(member, call));
  if (forCall.length === 0) return ahead.specialityId === call.specialityId;
  return forCall.some((member) => serves(member, ahead));
}

/**
 * Every waiting public call of the company with its place in the queue: one plus the calls ahead
 * of it that compete for the same operators («Hay N personas antes que tú»). A domestic-violence
 * call does not wait behind legal-advice calls that other operators answer.
 */
export async function queuePositions(
  app: Deps<'database' | 'roomSize'>,
  companyId: number,
): Promise<QueuePosition[]> {
  const waiting = await waitingPublicRooms(app.database.db, companyId);
  if (waiting.length === 0) return [];
  const [online, handledSeconds, members] = await Promise.all([
    operatorsOnline(app, companyId),
    averageHandledSeconds(app, companyId),
    routingMembers(app.database.db, companyId),
  ]);
  return waiting.map((call, index) => {
    const position = 1 + waiting.slice(0, index).filter((ahead) => competes(ahead, call, members)).length;
    return {
      roomName: call.room,
      position,
      eta_seconds: Math.round((position * handledSeconds) / Math.max(1, online)),
      operators_online: online,
    };
  });
}

/** Tells every waiting caller of the company its (new) place in the queue. */
export async function sendQueuePositions(
  app: Deps<'database' | 'roomSize' | 'io'>,
  companyId: number,
): Promise<void> {
  for (const position of await queuePositions(app, companyId)) {
    app.io.to(callRoom(position.roomName)).emit(callSocketEvents.queuePosition, position);
  }
}

export function announceQueued(app: Deps<'io'>, call: CallRow): void {
  app.io.to(operatorsOf(call)).emit(callSocketEvents.queueAdded, toQueuedCall(call));
}

export function announceLeftQueue(app: Deps<'io'>, call: CallRow, reason: QueueRemoved['reason']): void {
  app.io.to(operatorsOf(call)).emit(callSocketEvents.queueRemoved, { id: call.id, reason });
}

/**
 * An operator's console connected or went away: the company's operators see the new count, and
 * the waiting callers a new estimate (it depends on how many operators answer).
 */
export async function announcePresence(
  app: Deps<'database' | 'roomSize' | 'io'>,
  companyId: number,
): Promise<void> {
  const online = await operatorsOnline(app, companyId);
  app.io.to(operatorRoom(companyId)).emit(callSocketEvents.presence, { operators_online: online });
  await sendQueuePositions(app, companyId);
}
