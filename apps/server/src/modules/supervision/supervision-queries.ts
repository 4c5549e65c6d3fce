import { and, asc, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { ServiceLevelTargets } from '@seguridad/contracts/http/reports';
import type { SupervisionToday } from '@seguridad/contracts/http/supervision';
import type { Database } from '../../db/client';
import { callbacks, companies, contactMessages, users, videoCalls, videoMails } from '../../db/schema';
import { REFUSED_END_REASON } from '../calls/call-queries';

/** The most waiting calls a snapshot lists (the count covers them all). */
export const SUPERVISION_WAITING_LIST_MAX = 500;

export async function serviceLevelTargets(
  db: Database,
  companyId: number,
): Promise<ServiceLevelTargets | undefined> {
  const [company] = await db
    .select({
      first_seconds: companies.serviceLevelFirstSeconds,
      first_percent: companies.serviceLevelFirstPercent,
      second_seconds: companies.serviceLevelSecondSeconds,
      second_percent: companies.serviceLevelSecondPercent,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company;
}

const waitingPublic = (companyId: number) =>
  and(eq(videoCalls.companyId, companyId), eq(videoCalls.status, 'waiting'), eq(videoCalls.isPrivate, false));

/** The company's waiting public calls, oldest first, and how many there are in all. */
export async function waitingCalls(db: Database, companyId: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: videoCalls.id,
        specialityName: videoCalls.specialityName,
        kind: videoCalls.kind,
        createdAt: videoCalls.createdAt,
        offeredTo: videoCalls.offeredTo,
        offerExpiresAt: videoCalls.offerExpiresAt,
      })
      .from(videoCalls)
      .where(waitingPublic(companyId))
      .orderBy(asc(videoCalls.createdAt), asc(videoCalls.id))
      .limit(SUPERVISION_WAITING_LIST_MAX),
    db.select({ total: count() }).from(videoCalls).where(waitingPublic(companyId)),
  ]);
  return { rows, total: total?.total ?? 0 };
}

/** Calls being answered now (private rooms too: their operator is busy), oldest answer first. */
export async function callsInProgress(db: Database, companyId: number) {
  return db
    .select({
      id: videoCalls.id,
      operatorId: videoCalls.operatorId,
      operatorName: sql<string | null>`trim(${users.name} || ' ' || ${users.lastname})`,
      specialityName: videoCalls.specialityName,
      kind: videoCalls.kind,
      acceptedAt: videoCalls.acceptedAt,
    })
    .from(videoCalls)
    .leftJoin(users, eq(users.id, videoCalls.operatorId))
    .where(and(eq(videoCalls.companyId, companyId), eq(videoCalls.status, 'active')))
    .orderBy(asc(videoCalls.acceptedAt), asc(videoCalls.id));
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * The public calls queued since `from` (the start of Chile's day), counted as decision 045 says.
 * The service level's denominator leaves out calls still waiting for less than the threshold: they
 * may yet be answered within it. A call waiting longer already missed it and counts.
 */
export async function figuresSince(
  db: Database,
  companyId: number,
  from: Date,
  targets: Pick<ServiceLevelTargets, 'first_seconds' | 'second_seconds'>,
  now: Date,
): Promise<Omit<SupervisionToday, 'day'>> {
  const waited = sql`extract(epoch from (${videoCalls.acceptedAt} - ${videoCalls.createdAt}))`;
  const undecided = (seconds: number) =>
    sql`count(*) filter (where ${videoCalls.status} = 'waiting' and ${videoCalls.createdAt} > ${new Date(now.getTime() - seconds * 1000)})`;
  const [row] = await db
    .select({
      offered: sql<number>`count(*)`.mapWith(Number),
      answered: sql<number>`count(${videoCalls.acceptedAt})`.mapWith(Number),
      abandoned:
        sql<number>`count(*) filter (where ${videoCalls.status} = 'abandoned' and coalesce(${videoCalls.endReason}, '') <> ${REFUSED_END_REASON})`.mapWith(
          Number,
        ),
      fellBack: sql<number>`count(*) filter (where ${videoCalls.endReason} = ${REFUSED_END_REASON})`.mapWith(
        Number,
      ),
      withinFirst: sql<number>`count(*) filter (where ${waited} <= ${targets.first_seconds})`.mapWith(Number),
      withinSecond: sql<number>`count(*) filter (where ${waited} <= ${targets.second_seconds})`.mapWith(
        Number,
      ),
      undecidedFirst: undecided(targets.first_seconds).mapWith(Number),
      undecidedSecond: undecided(targets.second_seconds).mapWith(Number),
      avgAnswer: sql<number | null>`avg(${waited})`.mapWith((value) =>
        value === null ? null : Number(value),
      ),
    })
    .from(videoCalls)
    .where(
      and(
        eq(videoCalls.companyId, companyId),
        eq(videoCalls.isPrivate, false),
        gte(videoCalls.createdAt, from),
      ),
    );
  const figures = row!;
  return {
    offered: figures.offered,
    answered: figures.answered,
    abandoned: figures.abandoned,
    fell_back: figures.fellBack,
    service_level_first: ratio(figures.withinFirst, figures.offered - figures.undecidedFirst),
    service_level_second: ratio(figures.withinSecond, figures.offered - figures.undecidedSecond),
    avg_answer_seconds: figures.avgAnswer === null ? null : Math.round(figures.avgAnswer * 10) / 10,
  };
}

/** Inbox items nobody has handled yet, of any day. */
export async function pendingInbox(db: Database, companyId: number) {
  const pendingOf = (table: typeof callbacks | typeof videoMails | typeof contactMessages) =>
    db
      .select({ total: count() })
      .from(table)
      .where(and(eq(table.companyId, companyId), isNull(table.handledAt)))
      .then((rows) => rows[0]?.total ?? 0);
  const [callbackCount, videoMailCount, contactCount] = await Promise.all([
    pendingOf(callbacks),
    pendingOf(videoMails),
    pendingOf(contactMessages),
  ]);
  return { callbacks: callbackCount, video_mails: videoMailCount, contacts: contactCount };
}
