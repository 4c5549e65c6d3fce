import { and, asc, count, desc, eq, inArray, isNotNull, min } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videoCalls } from '../../db/schema';

/** Accepted → ended seconds of the company's `sample` most recently ended calls. */
export async function recentHandledSeconds(
  db: Database,
  companyId: number,
  sample: number,
): Promise<number[]> {
  const handled = await db
    .select({ acceptedAt: videoCalls.acceptedAt, endedAt: videoCalls.endedAt })
    .from(videoCalls)
    .where(
      and(
        eq(videoCalls.companyId, companyId),
        eq(videoCalls.status, 'ended'),
        isNotNull(videoCalls.acceptedAt),
        isNotNull(videoCalls.endedAt),
      ),
    )
    .orderBy(desc(videoCalls.endedAt))
    .limit(sample);
  return handled.map((call) => (call.endedAt!.getTime() - call.acceptedAt!.getTime()) / 1000);
}

/** The company's waiting public calls (room and speciality), first to be answered first. */
export async function waitingPublicRooms(
  db: Database,
  companyId: number,
): Promise<{ room: string; specialityId: number | null; specialityName: string }[]> {
  return db
    .select({
      room: videoCalls.room,
      specialityId: videoCalls.specialityId,
      specialityName: videoCalls.specialityName,
    })
    .from(videoCalls)
    .where(
      and(
        eq(videoCalls.companyId, companyId),
        eq(videoCalls.status, 'waiting'),
        eq(videoCalls.isPrivate, false),
      ),
    )
    .orderBy(asc(videoCalls.createdAt), asc(videoCalls.id));
}

/**
 * The open calls of the given companies, by status, kind and privacy, with when the oldest of each
 * group began (the figures a scrape reports; by company so the status index is used).
 */
export async function openCallGroups(db: Database, companyIds: number[]) {
  if (companyIds.length === 0) return [];
  return db
    .select({
      status: videoCalls.status,
      kind: videoCalls.kind,
      isPrivate: videoCalls.isPrivate,
      calls: count(),
      oldestCreatedAt: min(videoCalls.createdAt),
    })
    .from(videoCalls)
    .where(and(inArray(videoCalls.companyId, companyIds), inArray(videoCalls.status, ['waiting', 'active'])))
    .groupBy(videoCalls.status, videoCalls.kind, videoCalls.isPrivate);
}
