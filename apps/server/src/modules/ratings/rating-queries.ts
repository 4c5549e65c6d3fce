import { and, avg, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { callRatings, users, videoCalls } from '../../db/schema';

const LIST_LIMIT = 20;

/** Stores the rating; false when the call already had one (the key decides between two tabs). */
export async function insertRating(
  db: Database,
  rating: { callId: number; stars: number; comment: string },
): Promise<boolean> {
  const inserted = await db
    .insert(callRatings)
    .values(rating)
    .onConflictDoNothing({ target: callRatings.callId })
    .returning({ callId: callRatings.callId });
  return inserted.length === 1;
}

/** The ratings of the company's calls, or of one operator's when `operatorId` is given. */
export async function ratingsOf(db: Database, companyId: number, operatorId?: number) {
  const scope: SQL | undefined =
    operatorId === undefined
      ? eq(videoCalls.companyId, companyId)
      : and(eq(videoCalls.companyId, companyId), eq(videoCalls.operatorId, operatorId));
  const [summary] = await db
    .select({ average: avg(callRatings.stars).mapWith(Number), count: count() })
    .from(callRatings)
    .innerJoin(videoCalls, eq(videoCalls.id, callRatings.callId))
    .where(scope);
  const latest = await db
    .select({
      callId: callRatings.callId,
      stars: callRatings.stars,
      comment: callRatings.comment,
      createdAt: callRatings.createdAt,
      operatorName: sql<string | null>`nullif(trim(${users.name} || ' ' || ${users.lastname}), '')`,
    })
    .from(callRatings)
    .innerJoin(videoCalls, eq(videoCalls.id, callRatings.callId))
    .leftJoin(users, eq(users.id, videoCalls.operatorId))
    .where(scope)
    .orderBy(desc(callRatings.createdAt), desc(callRatings.callId))
    .limit(LIST_LIMIT);
  return { average: summary?.average ?? 0, count: summary?.count ?? 0, latest };
}
