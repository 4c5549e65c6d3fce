import { CALL_OFFER_SECONDS } from '@seguridad/contracts/http/availability';
import type { QueuedCall } from '@seguridad/contracts/http/calls';
import { callTexts } from '@seguridad/contracts/messages';
import { callSocketEvents } from '@seguridad/contracts/realtime/call';
import type { videoCalls } from '../../db/schema';
import type { Deps } from '../../lib/dependencies';
import { operatorRoom, staffRoom } from '../../lib/socket-rooms';
import { toQueuedCall } from './call-access';
import {
  operatorsInCall,
  routingMembers,
  setOffer,
  waitingPublicCalls,
  withCompanyRoutingLock,
  type RoutingMember,
} from '../availability/availability-queries';

type CallRow = typeof videoCalls.$inferSelect;
type RoutedCall = Pick<CallRow, 'specialityId' | 'specialityName'>;

export const CALL_OFFER_MS = CALL_OFFER_SECONDS * 1000;

/** A call with no speciality, or the General one, reaches everyone (the "General"). */
export function isGeneralCall(call: RoutedCall): boolean {
  return (
    call.specialityId === null ||
    call.specialityName.trim().toLocaleLowerCase('es') === callTexts.defaultSpeciality.toLocaleLowerCase('es')
  );
}

/** Whether the member answers calls of the call's speciality (an empty list: every speciality). */
export function serves(member: Pick<RoutingMember, 'specialityIds'>, call: RoutedCall): boolean {
  return (
    isGeneralCall(call) ||
    member.specialityIds.length === 0 ||
    member.specialityIds.includes(call.specialityId!)
  );
}

/** Who sees a waiting call in the queue: those who serve it, and supervisors and administrators. */
export function seesCall(member: Pick<RoutingMember, 'specialityIds' | 'role'>, call: RoutedCall): boolean {
  return member.role !== 'operator' || serves(member, call);
}

/** The call as the console shows it, with the offer while one is running. */
export function queuedCallWithOffer(
  call: CallRow,
  names: ReadonlyMap<number, string>,
  now = Date.now(),
): QueuedCall {
  const left = call.offerExpiresAt ? call.offerExpiresAt.getTime() - now : 0;
  const offer =
    call.offeredTo !== null && left > 0
      ? { operator_id: call.offeredTo, operator_name: names.get(call.offeredTo) ?? '', expires_in_ms: left }
      : null;
  return { ...toQueuedCall(call), offer };
}

/** The user rooms of the members who see the call. */
export function viewerRooms(members: readonly RoutingMember[], call: RoutedCall): string[] {
  return members.filter((member) => seesCall(member, call)).map((member) => staffRoom(member.userId));
}

/** Operators with a console open, on every process. */
export function connectedOperators(app: Deps<'roomUserIds'>, companyId: number): Promise<Set<number>> {
  return app.roomUserIds(operatorRoom(companyId));
}

/**
 * Whether the centre takes calls of this speciality now: some member who serves it has a console
 * open and is not on pause. Busy ones count (decision 043): a queue behind busy operators is a
 * queue; a centre whose every operator is paused or away is closed.
 */
export async function centreTakesCalls(
  app: Deps<'database' | 'roomUserIds'>,
  companyId: number,
  call: RoutedCall,
): Promise<boolean> {
  const [members, connected] = await Promise.all([
    routingMembers(app.database.db, companyId),
    connectedOperators(app, companyId),
  ]);
  return members.some(
    (member) => connected.has(member.userId) && member.state === 'available' && serves(member, call),
  );
}

/** Whether the member chose the call's speciality (not merely serving everything by default). */
function trainedFor(member: Pick<RoutingMember, 'specialityIds'>, call: RoutedCall): boolean {
  return !isGeneralCall(call) && member.specialityIds.includes(call.specialityId!);
}

/**
 * Who is offered a call first among those free who serve it: one trained for its speciality before
 * one who serves everything by default, then the longest idle. A member with no idle time on
 * record (never chose a state, never ended a call) is not "longest idle": they come after.
 */
export function offerOrder(call: RoutedCall) {
  const idle = (member: RoutingMember) => member.idleSince?.getTime() ?? Number.POSITIVE_INFINITY;
  return (a: RoutingMember, b: RoutingMember): number =>
    Number(trainedFor(b, call)) - Number(trainedFor(a, call)) ||
    (idle(a) === idle(b) ? 0 : idle(a) < idle(b) ? -1 : 1) ||
    a.userId - b.userId;
}

/**
 * Offers each waiting call nobody was offered yet to the first free operator in `offerOrder`
 * (free: console open, Disponible, not in a call, holding no other offer), and withdraws a running
 * offer whose operator is no longer free. A call is offered once: after its offer ran out, was
 * declined or withdrawn, anyone who serves it may take it. Returns the calls whose offer changed,
 * already sent to those who see them.
 */
export async function routeWaitingCalls(
  app: Deps<'database' | 'roomUserIds' | 'io'>,
  companyId: number,
): Promise<CallRow[]> {
  const connected = await connectedOperators(app, companyId);
  const { changed, members } = await withCompanyRoutingLock(app.database.db, companyId, async (tx) => {
    const waiting = await waitingPublicCalls(tx, companyId);
    if (waiting.length === 0) return { changed: [], members: [] };
    const [members, inCall] = await Promise.all([
      routingMembers(tx, companyId),
      operatorsInCall(tx, companyId),
    ]);
    const now = new Date();
    const free = new Map(
      members
        .filter(
          (member) =>
            connected.has(member.userId) && member.state === 'available' && !inCall.has(member.userId),
        )
        .map((member) => [member.userId, member]),
    );
    const offerRunning = (call: CallRow) =>
      call.offeredTo !== null && call.offerExpiresAt !== null && call.offerExpiresAt > now;
    const holdingOffer = new Set(waiting.filter(offerRunning).map((call) => call.offeredTo!));

    const changed: CallRow[] = [];
    for (const call of waiting) {
      if (offerRunning(call)) {
        if (free.has(call.offeredTo!)) continue;
        const withdrawn = await setOffer(tx, call.id, { operatorId: call.offeredTo, expiresAt: now });
        if (withdrawn) changed.push(withdrawn);
        continue;
      }
      if (call.offerExpiresAt !== null) continue;
      const longestIdle = [...free.values()]
        .filter((member) => !holdingOffer.has(member.userId) && serves(member, call))
        .sort(offerOrder(call))[0];
      if (!longestIdle) continue;
      const offered = await setOffer(tx, call.id, {
        operatorId: longestIdle.userId,
        expiresAt: new Date(now.getTime() + CALL_OFFER_MS),
      });
      if (!offered) continue;
      holdingOffer.add(longestIdle.userId);
      changed.push(offered);
    }
    return { changed, members };
  });

  const names = new Map(members.map((member) => [member.userId, member.name]));
  for (const call of changed) {
    const rooms = viewerRooms(members, call);
    if (rooms.length > 0)
      app.io.to(rooms).emit(callSocketEvents.queueUpdated, queuedCallWithOffer(call, names));
  }
  return changed;
}
