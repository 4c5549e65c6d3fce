import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { videoCalls } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { membershipOf } from '../operator/operator-access';

export type CallRow = typeof videoCalls.$inferSelect;

/** Who is acting on a call: its anonymous caller, or an operator of the call's company. */
export type CallParticipant =
  | { role: 'caller'; call: CallRow; participantId: string }
  | { role: 'operator'; call: CallRow; participantId: string; userId: number };

/** 144 random bits, URL-safe: room names and private-room link values cannot be guessed. */
export function newRoomName(): string {
  return randomBytes(18).toString('base64url');
}

/** The Socket.IO room of a call (one per call; its name is the call's unguessable room). */
export const callRoom = (room: string) => `call:${room}`;

export const callerParticipantId = (callId: number) => `caller:${callId}`;
export const operatorParticipantId = (userId: number) => `operator:${userId}`;

const OPEN_STATUSES = ['waiting', 'active'] as const;

function sameHash(stored: string | null, token: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(hashToken(token), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The open call this caller token belongs to, or undefined (wrong token, ended call). */
export async function callForCaller(
  app: FastifyInstance,
  callId: number,
  callerToken: string | undefined,
): Promise<CallRow | undefined> {
  if (!callerToken || callerToken.length > 200) return undefined;
  const [call] = await app.database.db
    .select()
    .from(videoCalls)
    .where(and(eq(videoCalls.id, callId), inArray(videoCalls.status, [...OPEN_STATUSES])))
    .limit(1);
  return call && sameHash(call.callerTokenHash, callerToken) ? call : undefined;
}

/** The call if this user is an operator of its company (any status: the console keeps history). */
export async function callForOperator(
  app: FastifyInstance,
  callId: number,
  userId: number,
): Promise<CallRow | undefined> {
  const member = await membershipOf(app, userId);
  if (!member) return undefined;
  const [call] = await app.database.db
    .select()
    .from(videoCalls)
    .where(and(eq(videoCalls.id, callId), eq(videoCalls.companyId, member.companyId)))
    .limit(1);
  return call;
}

/**
 * Resolves the actor of a call from either credential: a caller token, or an authenticated
 * operator's user id. Used by the HTTP routes (attachments, relay settings) and the socket `join`.
 */
export async function callParticipant(
  app: FastifyInstance,
  callId: number,
  credentials: { callerToken?: string; operatorUserId?: number },
): Promise<CallParticipant | undefined> {
  if (credentials.callerToken) {
    const call = await callForCaller(app, callId, credentials.callerToken);
    if (call) return { role: 'caller', call, participantId: callerParticipantId(call.id) };
  }
  if (credentials.operatorUserId !== undefined) {
    const call = await callForOperator(app, callId, credentials.operatorUserId);
    if (call) {
      return {
        role: 'operator',
        call,
        participantId: operatorParticipantId(credentials.operatorUserId),
        userId: credentials.operatorUserId,
      };
    }
  }
  return undefined;
}
