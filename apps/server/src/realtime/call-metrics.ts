import { SERVICE_TIME_ZONE } from '@seguridad/contracts/constants';
import { isWithinWorkingHours } from '@seguridad/contracts/helpers/working-hours';
import { openCallGroups } from '../modules/calls/queue-queries';
import { companiesWithHours } from '../modules/company/company-queries';
import { operatorRoom } from '../lib/socket-rooms';
import type { CentreFigures, SocketKind } from '../plugins/metrics/server-metrics';
import type { AppSocket } from './call-socket';
import type { Deps } from '../lib/dependencies';

/** Who holds a socket: a call's caller, staff (console or call), a signed-in citizen, or no one yet. */
export function socketKind(socket: Pick<AppSocket, 'data'>): SocketKind {
  if (socket.data.call?.side === 'caller') return 'caller';
  const user = socket.data.user;
  if (!user) return 'anonymous';
  return user.companyId === null ? 'citizen' : 'operator';
}

/** This process's open sockets by kind (what `seguridad_realtime_sockets` reports). */
export function countSockets(app: Deps<'io'>): Record<SocketKind, number> {
  const counts: Record<SocketKind, number> = { operator: 0, caller: 0, citizen: 0, anonymous: 0 };
  for (const socket of app.io.of('/').sockets.values()) counts[socketKind(socket)] += 1;
  return counts;
}

/**
 * The whole centre's figures, from the database and every process's operator rooms: the same
 * answer whichever process is asked. Waiting counts public calls only (a private room waiting for
 * its citizen is an appointment, not the queue); in progress counts every answered open call.
 */
export async function centreFigures(
  app: Deps<'database' | 'roomSize'>,
  now = new Date(),
): Promise<CentreFigures> {
  const companies = await companiesWithHours(app.database.db);
  const [groups, online] = await Promise.all([
    openCallGroups(
      app.database.db,
      companies.map((company) => company.id),
    ),
    Promise.all(companies.map((company) => app.roomSize(operatorRoom(company.id)))),
  ]);
  const figures: CentreFigures = {
    waiting: { video: 0, phone: 0, text: 0 },
    inProgress: { video: 0, phone: 0, text: 0 },
    longestWaitSeconds: 0,
    operatorsOnline: online.reduce((sum, count) => sum + count, 0),
    companiesOpenWithoutOperator: companies.filter(
      (company, index) =>
        company.videoCallEnabled &&
        online[index] === 0 &&
        isWithinWorkingHours(company.workingHours, now, SERVICE_TIME_ZONE),
    ).length,
  };
  for (const group of groups) {
    if (group.status === 'active') figures.inProgress[group.kind] += group.calls;
    else if (!group.isPrivate) {
      figures.waiting[group.kind] += group.calls;
      const waited = group.oldestCreatedAt ? (now.getTime() - group.oldestCreatedAt.getTime()) / 1000 : 0;
      figures.longestWaitSeconds = Math.max(figures.longestWaitSeconds, waited);
    }
  }
  return figures;
}
