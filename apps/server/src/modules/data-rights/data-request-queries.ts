import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  DATA_REQUEST_DAYS,
  DATA_REQUEST_EXTENSION_DAYS,
  DATA_REQUEST_NEAR_DAYS,
  type DataRequest,
  type DataRequestKind,
} from '@seguridad/contracts/http/data-requests';
import type { Database } from '../../db/client';
import {
  callbacks,
  companies,
  companyMembers,
  contactMessages,
  dataRequests,
  userPhones,
  users,
  videoCalls,
  videoMails,
} from '../../db/schema';
import { defaultCompanyId } from '../company/company-queries';

const DAY_MS = 24 * 60 * 60 * 1000;
type Row = typeof dataRequests.$inferSelect;

function toDataRequest(row: Row, companyName: string): DataRequest {
  return {
    id: row.id,
    company: companyName,
    kind: row.kind,
    detail: row.detail,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    due_at: row.dueAt.toISOString(),
    extended: row.extendedAt !== null,
    answer: row.answer,
    answered_at: row.answeredAt?.toISOString() ?? null,
  };
}

const digitsOf = (column: typeof callbacks.phone) => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/**
 * The companies that hold personal data of the account, each of which answers its own part of a
 * rights request (decision 052): the platform's own company (the first, which holds the account,
 * its security network, the draw and the orders) and every company it called, sent a video mail
 * or a message to with its proven e-mail, asked a callback of on a confirmed phone, or works for.
 */
export async function companiesHoldingDataOf(db: Database, userId: number): Promise<number[]> {
  const [user] = await db
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return [];
  const email = user.email.trim().toLowerCase();
  const proven = user.emailVerifiedAt !== null;
  const confirmed = await db
    .select({ phone: userPhones.phone })
    .from(userPhones)
    .where(and(eq(userPhones.userId, userId), isNotNull(userPhones.confirmedAt)));
  const digits = confirmed.map((row) => row.phone.replace(/\D/g, ''));
  const found = await Promise.all([
    db.selectDistinct({ id: videoCalls.companyId }).from(videoCalls).where(eq(videoCalls.userId, userId)),
    db
      .selectDistinct({ id: companyMembers.companyId })
      .from(companyMembers)
      .where(eq(companyMembers.userId, userId)),
    proven
      ? db
          .selectDistinct({ id: videoMails.companyId })
          .from(videoMails)
          .where(eq(sql`lower(${videoMails.email})`, email))
      : [],
    proven
      ? db
          .selectDistinct({ id: contactMessages.companyId })
          .from(contactMessages)
          .where(eq(sql`lower(${contactMessages.email})`, email))
      : [],
    digits.length > 0
      ? db
          .selectDistinct({ id: callbacks.companyId })
          .from(callbacks)
          .where(inArray(digitsOf(callbacks.phone), digits))
      : [],
  ]);
  const platform = await defaultCompanyId(db);
  const ids = new Set<number>(platform === undefined ? [] : [platform]);
  for (const rows of found) for (const row of rows) ids.add(row.id);
  return [...ids].sort((a, b) => a - b);
}

async function companyNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Files a request with each company in `companyIds`, all due 30 calendar days from now. */
export async function fileDataRequest(
  db: Database,
  request: { userId: number; email: string; kind: DataRequestKind; detail: string },
  companyIds: number[],
  now = new Date(),
): Promise<DataRequest[]> {
  const dueAt = new Date(now.getTime() + DATA_REQUEST_DAYS * DAY_MS);
  const rows = await db
    .insert(dataRequests)
    .values(companyIds.map((companyId) => ({ ...request, companyId, createdAt: now, dueAt })))
    .returning();
  const names = await companyNames(db, companyIds);
  return rows.map((row) => toDataRequest(row, names.get(row.companyId) ?? ''));
}

/** How many times the account filed since `since` (one filing is one row per company, same instant). */
export async function filingsOfSince(db: Database, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ filings: sql<number>`count(distinct ${dataRequests.createdAt})::int` })
    .from(dataRequests)
    .where(and(eq(dataRequests.userId, userId), gt(dataRequests.createdAt, since)));
  return row?.filings ?? 0;
}

export async function dataRequestsOf(db: Database, userId: number): Promise<DataRequest[]> {
  const rows = await db
    .select({ request: dataRequests, company: companies.name })
    .from(dataRequests)
    .innerJoin(companies, eq(companies.id, dataRequests.companyId))
    .where(eq(dataRequests.userId, userId))
    .orderBy(desc(dataRequests.createdAt), asc(dataRequests.companyId));
  return rows.map((row) => toDataRequest(row.request, row.company));
}

/**
 * The company's requests, open ones first by deadline, each flagged when its deadline is near or
 * past. Another company's requests are never listed.
 */
export async function dataRequestsForConsole(db: Database, companyId: number, now = new Date()) {
  const rows = await db
    .select({ request: dataRequests, company: companies.name })
    .from(dataRequests)
    .innerJoin(companies, eq(companies.id, dataRequests.companyId))
    .where(eq(dataRequests.companyId, companyId))
    .orderBy(desc(dataRequests.status), asc(dataRequests.dueAt))
    .limit(500);
  const near = now.getTime() + DATA_REQUEST_NEAR_DAYS * DAY_MS;
  return rows.map(({ request: row, company }) => ({
    ...toDataRequest(row, company),
    email: row.email,
    near_deadline: row.status === 'open' && row.dueAt.getTime() <= near,
  }));
}

/** The company's request `id`; undefined when there is none, or it is another company's. */
export async function dataRequestById(db: Database, id: number, companyId: number): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(dataRequests)
    .where(and(eq(dataRequests.id, id), eq(dataRequests.companyId, companyId)));
  return row;
}

/** Answers an open request; undefined when it was already answered. */
export async function answerDataRequest(
  db: Database,
  answer: { id: number; companyId: number; text: string; userId: number },
  now = new Date(),
): Promise<Row | undefined> {
  const [row] = await db
    .update(dataRequests)
    .set({ status: 'answered', answer: answer.text, answeredAt: now, answeredBy: answer.userId })
    .where(
      and(
        eq(dataRequests.id, answer.id),
        eq(dataRequests.companyId, answer.companyId),
        eq(dataRequests.status, 'open'),
      ),
    )
    .returning();
  return row;
}

/** Extends an open request's deadline once; undefined when answered or already extended. */
export async function extendDataRequest(
  db: Database,
  extension: { id: number; companyId: number; reason: string },
  now = new Date(),
): Promise<Row | undefined> {
  const current = await dataRequestById(db, extension.id, extension.companyId);
  if (!current) return undefined;
  const [row] = await db
    .update(dataRequests)
    .set({
      extendedAt: now,
      extensionReason: extension.reason,
      dueAt: new Date(current.dueAt.getTime() + DATA_REQUEST_EXTENSION_DAYS * DAY_MS),
    })
    .where(
      and(
        eq(dataRequests.id, extension.id),
        eq(dataRequests.companyId, extension.companyId),
        eq(dataRequests.status, 'open'),
        isNull(dataRequests.extendedAt),
      ),
    )
    .returning();
  return row;
}
