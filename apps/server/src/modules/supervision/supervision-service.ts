import type { OperatorState } from '@seguridad/contracts/http/availability';
import type { SupervisionOperator, SupervisionSnapshot } from '@seguridad/contracts/http/supervision';
import { chileDateTime, startOfChileDay } from '../../lib/chile-time';
import type { Deps } from '../../lib/dependencies';
import { operatorRoom } from '../../lib/socket-rooms';
import { routingMembers, type RoutingMember } from '../availability/availability-queries';
import {
  callsInProgress,
  figuresSince,
  pendingInbox,
  serviceLevelTargets,
  waitingCalls,
} from './supervision-queries';

/** The order the team is listed in: who is busy, who can take a call, who cannot, who is away. */
const STATE_ORDER: Record<OperatorState, number> = { in_call: 0, available: 1, paused: 2, offline: 3 };

const latest = (...dates: (Date | null)[]) =>
  dates.reduce<Date | null>((max, date) => (date && (!max || date > max) ? date : max), null);

/** What the centre sees of one member now (decision 043's four states) and since when. */
function memberView(
  member: RoutingMember,
  connected: ReadonlySet<number>,
  answeredAt: ReadonlyMap<number, Date>,
): SupervisionOperator {
  const base = { user_id: member.userId, name: member.name, role: member.role, reason: null };
  const inCallSince = answeredAt.get(member.userId);
  if (inCallSince) return { ...base, state: 'in_call', since: inCallSince.toISOString() };
  if (!connected.has(member.userId)) return { ...base, state: 'offline', since: null };
  if (member.state === 'paused') {
    return {
      ...base,
      state: 'paused',
      reason: member.pauseReason,
      since: member.changedAt?.toISOString() ?? null,
    };
  }
  // Disponible since they chose it or their last call ended, whichever came later.
  return {
    ...base,
    state: 'available',
    since: latest(member.changedAt, member.idleSince)?.toISOString() ?? null,
  };
}

/** The Supervisión tab's snapshot of a company, now (decision 046). */
export async function supervisionSnapshot(
  app: Deps<'database' | 'roomUserIds'>,
  companyId: number,
): Promise<SupervisionSnapshot> {
  const db = app.database.db;
  const now = new Date();
  const day = chileDateTime(now).slice(0, 10);
  const targets = (await serviceLevelTargets(db, companyId)) ?? {
    first_seconds: 15,
    first_percent: 90,
    second_seconds: 20,
    second_percent: 95,
  };
  const [waiting, members, active, connected, today, pending] = await Promise.all([
    waitingCalls(db, companyId),
    routingMembers(db, companyId),
    callsInProgress(db, companyId),
    app.roomUserIds(operatorRoom(companyId)),
    figuresSince(db, companyId, startOfChileDay(day), targets, now),
    pendingInbox(db, companyId),
  ]);
  const names = new Map(members.map((member) => [member.userId, member.name]));
  const answeredAt = new Map<number, Date>();
  for (const call of active) {
    if (call.operatorId === null || call.acceptedAt === null || answeredAt.has(call.operatorId)) continue;
    answeredAt.set(call.operatorId, call.acceptedAt);
  }
  const operators = members
    .map((member) => memberView(member, connected, answeredAt))
    .sort((a, b) => STATE_ORDER[a.state] - STATE_ORDER[b.state] || a.name.localeCompare(b.name, 'es'));
  return {
    code: 200,
    now: now.toISOString(),
    waiting_count: waiting.total,
    waiting: waiting.rows.map((call) => ({
      id: call.id,
      speciality: call.specialityName,
      channel: call.kind,
      waiting_since: call.createdAt.toISOString(),
      offered_to:
        call.offeredTo !== null && call.offerExpiresAt !== null && call.offerExpiresAt > now
          ? (names.get(call.offeredTo) ?? null)
          : null,
    })),
    operators,
    in_progress: active.map((call) => ({
      id: call.id,
      operator: call.operatorName ?? '',
      speciality: call.specialityName,
      channel: call.kind,
      answered_at: (call.acceptedAt ?? now).toISOString(),
    })),
    today: { day, ...today },
    pending,
    targets,
  };
}
