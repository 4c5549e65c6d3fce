import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { callChatMessages, callRatings, videoCalls } from '../../db/schema';
import { offerAllows } from '../availability/availability-queries';
import { REFUSED_END_REASON } from './call-queries';

type CallRow = typeof videoCalls.$inferSelect;

const HISTORY_LIMIT = 50;
/** A queue this long means something else is wrong; the console shows the oldest ones first. */
const QUEUE_LIMIT = 500;

/** The company's waiting public calls and this operator's open private rooms, oldest first. */
export async function operatorQueue(db: Database, companyId: number, operatorId: number): Promise<CallRow[]> {
  return db
    .select()
    .from(videoCalls)
    .where(
      and(
        eq(videoCalls.companyId, companyId),
        or(
          and(eq(videoCalls.status, 'waiting'), eq(videoCalls.isPrivate, false)),
          and(
            eq(videoCalls.isPrivate, true),
            eq(videoCalls.operatorId, operatorId),
            inArray(videoCalls.status, ['waiting', 'active']),
          ),
        ),
      ),
    )
    .orderBy(asc(videoCalls.createdAt), asc(videoCalls.id))
    .limit(QUEUE_LIMIT);
}

/**
 * Takes a waiting call of the company for the operator in one statement, which decides between
 * operators racing for it. Undefined when the call was not there to take.
 */
export async function acceptWaitingCall(
  db: Database,
  call: { id: number; companyId: number; operatorId: number },
): Promise<CallRow | undefined> {
  const [accepted] = await db
    .update(videoCalls)
    .set({ status: 'active', operatorId: call.operatorId, acceptedAt: new Date() })
    .where(
      and(
        eq(videoCalls.id, call.id),
        eq(videoCalls.companyId, call.companyId),
        eq(videoCalls.status, 'waiting'),
        or(eq(videoCalls.isPrivate, false), eq(videoCalls.operatorId, call.operatorId)),
        // While the call is offered to another operator, only they may take it (decision 043).
        offerAllows(call.operatorId, new Date()),
      ),
    )
    .returning();
  return accepted;
}

/** Opens a private room of the operator, waiting for the citizen who gets its link. */
export async function insertPrivateRoom(
  db: Database,
  room: { companyId: number; operatorId: number; name: string; specialityName: string },
): Promise<CallRow> {
  const [call] = await db
    .insert(videoCalls)
    .values({
      companyId: room.companyId,
      room: room.name,
      specialityName: room.specialityName,
      isPrivate: true,
      operatorId: room.operatorId,
    })
    .returning();
  return call!;
}

/** The company's latest calls, newest first, each with how many chat messages it has and its stars. */
export async function callHistory(db: Database, companyId: number, operatorId?: number) {
  return db
    .select({
      call: videoCalls,
      // Qualified by hand: inside `sql` drizzle writes bare column names, and a bare `id` in the
      // subquery would mean the chat message's own id.
      chatMessages:
        sql<number>`(select count(*) from ${callChatMessages} where ${callChatMessages}.${sql.identifier(callChatMessages.callId.name)} = ${videoCalls}.${sql.identifier(videoCalls.id.name)})`.mapWith(
          Number,
        ),
      rating: callRatings.stars,
    })
    .from(videoCalls)
    .leftJoin(callRatings, eq(callRatings.callId, videoCalls.id))
    .where(
      and(
        eq(videoCalls.companyId, companyId),
        operatorId === undefined ? undefined : eq(videoCalls.operatorId, operatorId),
        // Calls refused for want of a free operator never reached the queue: reports count them.
        sql`${videoCalls.endReason} is distinct from ${REFUSED_END_REASON}`,
      ),
    )
    .orderBy(desc(videoCalls.createdAt), desc(videoCalls.id))
    .limit(HISTORY_LIMIT);
}
