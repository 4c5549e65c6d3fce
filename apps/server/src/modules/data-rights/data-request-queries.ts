import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import {
  DATA_REQUEST_DAYS,
  DATA_REQUEST_EXTENSION_DAYS,
  DATA_REQUEST_NEAR_DAYS,
  type DataRequest,
  type DataRequestKind,
} from '@seguridad/contracts/http/data-requests';
import type { Database } from '../../db/client';
import { dataRequests } from '../../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;
type Row = typeof dataRequests.$inferSelect;

function toDataRequest(row: Row): DataRequest {
  return {
    id: row.id,
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

/** Files a request, due 30 calendar days from now. */
export async function fileDataRequest(
  db: Database,
  request: { userId: number; email: string; kind: DataRequestKind; detail: string },
  now = new Date(),
): Promise<DataRequest> {
  const [row] = await db
    .insert(dataRequests)
    .values({ ...request, createdAt: now, dueAt: new Date(now.getTime() + DATA_REQUEST_DAYS * DAY_MS) })
    .returning();
  return toDataRequest(row!);
}

export async function dataRequestsOf(db: Database, userId: number): Promise<DataRequest[]> {
  const rows = await db
    .select()
    .from(dataRequests)
    .where(eq(dataRequests.userId, userId))
    .orderBy(desc(dataRequests.createdAt), desc(dataRequests.id));
  return rows.map(toDataRequest);
}

/** Every request, open ones first by deadline, each flagged when its deadline is near or past. */
export async function dataRequestsForConsole(db: Database, now = new Date()) {
  const rows = await db
    .select()
    .from(dataRequests)
    .orderBy(desc(dataRequests.status), asc(dataRequests.dueAt))
    .limit(500);
  const near = now.getTime() + DATA_REQUEST_NEAR_DAYS * DAY_MS;
  return rows.map((row) => ({
    ...toDataRequest(row),
    email: row.email,
    near_deadline: row.status === 'open' && row.dueAt.getTime() <= near,
  }));
}

export async function dataRequestById(db: Database, id: number): Promise<Row | undefined> {
  const [row] = await db.select().from(dataRequests).where(eq(dataRequests.id, id));
  return row;
}

/** Answers an open request; undefined when it was already answered. */
export async function answerDataRequest(
  db: Database,
  answer: { id: number; text: string; userId: number },
  now = new Date(),
): Promise<Row | undefined> {
  const [row] = await db
    .update(dataRequests)
    .set({ status: 'answered', answer: answer.text, answeredAt: now, answeredBy: answer.userId })
    .where(and(eq(dataRequests.id, answer.id), eq(dataRequests.status, 'open')))
    .returning();
  return row;
}

/** Extends an open request's deadline once; undefined when answered or already extended. */
export async function extendDataRequest(
  db: Database,
  extension: { id: number; reason: string },
  now = new Date(),
): Promise<Row | undefined> {
  const current = await dataRequestById(db, extension.id);
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
        eq(dataRequests.status, 'open'),
        isNull(dataRequests.extendedAt),
      ),
    )
    .returning();
  return row;
}
