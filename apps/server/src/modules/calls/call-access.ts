import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CALL_TOKEN_HEADER, type QueuedCall } from '@seguridad/contracts/http/calls';
import { COMPANY_KEY_HEADER, QUICK_EXIT } from '@seguridad/contracts/constants';
import type { CallSide } from '@seguridad/contracts/realtime/call';
import type { videoCalls } from '../../db/schema';
import type { Deps } from '../../lib/dependencies';
import { hashToken } from '../../lib/tokens';
import { callById, callOfCompany, endCallIfOpen } from './call-queries';
import { staffMembershipOf } from '../membership/membership-queries';
import { endCallFrom } from './call-ending-queries';

export type CallRow = typeof videoCalls.$inferSelect;

/**
 * Who is acting on a call: its anonymous caller, or its answerer, a staff member of the call's
 * company (`side` is the side of the call, not the staff role).
 */
export type CallParticipant =
  | { side: 'caller'; call: CallRow; participantId: string }
  | { side: 'answerer'; call: CallRow; participantId: string; userId: number };

/**
 * The `sender` stored with a chat message or an attachment. The database keeps the values it has
 * always had ('caller' | 'operator'), whatever the protocol calls the sides.
 */
export function storedSenderOf(side: CallSide): 'caller' | 'operator' {
  return side === 'caller' ? 'caller' : 'operator';
}

/** 144 random bits, URL-safe: room names and private-room link values cannot be guessed. */
export function newRoomName(): string {
  return randomBytes(18).toString('base64url');
}

/** The Socket.IO room of a call (one per call; its name is the call's unguessable room). */
export const callRoom = (room: string) => `call:${room}`;

export const callerParticipantId = (callId: number) => `caller:${callId}`;
export const operatorParticipantId = (userId: number) => `operator:${userId}`;

const OPEN_STATUSES = ['waiting', 'active'] as const;

/** Waiting in the queue or in progress: the states in which a call still takes part in anything. */
export function isOpenCall(call: Pick<CallRow, 'status'>): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(call.status);
}

function sameHash(stored: string | null, token: string): boolean {
  if (!stored) return false;
  const a = Buffer.from(stored, 'hex');
  const b = Buffer.from(hashToken(token), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The call this caller token belongs to, in any status, or undefined (wrong token). */
export async function callOfCallerToken(
  app: Deps<'database'>,
  callId: number,
  callerToken: string | undefined,
): Promise<CallRow | undefined> {
  if (!callerToken || callerToken.length > 200) return undefined;
  const call = await callById(app.database.db, callId);
  return call && sameHash(call.callerTokenHash, callerToken) ? call : undefined;
}

/** The open call this caller token belongs to, or undefined (wrong token, ended call). */
export async function callForCaller(
  app: Deps<'database'>,
  callId: number,
  callerToken: string | undefined,
): Promise<CallRow | undefined> {
  const call = await callOfCallerToken(app, callId, callerToken);
  return call && isOpenCall(call) ? call : undefined;
}

/**
 * The call if this staff member may act on it (any status: the console keeps history): the
 * operator who answered it (or created its private room), or a supervisor or administrator of its
 * company. Another operator of the company gets nothing, as a stranger would; so does a member
 * without the second factor their company requires.
 */
export async function callForOperator(
  app: Deps<'database' | 'config'>,
  callId: number,
  userId: number,
): Promise<CallRow | undefined> {
  const { member } = await staffMembershipOf(app.database.db, userId, app.config.staffTwoStepByDefault);
  if (!member) return undefined;
  const call = await callOfCompany(app.database.db, callId, member.companyId);
  if (!call) return undefined;
  return member.role !== 'operator' || call.operatorId === userId ? call : undefined;
}

/**
 * Resolves the actor of a call from either credential: a caller token, or an authenticated
 * operator's user id. Used by the HTTP routes (attachments, relay settings) and the socket `join`.
 */
export async function callParticipant(
  app: Deps<'database' | 'config'>,
  callId: number,
  credentials: { callerToken?: string; operatorUserId?: number },
): Promise<CallParticipant | undefined> {
  if (credentials.callerToken) {
    const call = await callForCaller(app, callId, credentials.callerToken);
    if (call) return { side: 'caller', call, participantId: callerParticipantId(call.id) };
  }
  if (credentials.operatorUserId !== undefined) {
    const call = await callForOperator(app, callId, credentials.operatorUserId);
    if (call) {
      return {
        side: 'answerer',
        call,
        participantId: operatorParticipantId(credentials.operatorUserId),
        userId: credentials.operatorUserId,
      };
    }
  }
  return undefined;
}

/** The call-token header of a request, when it is there once. */
export function callerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers[CALL_TOKEN_HEADER];
  return typeof header === 'string' && header.length > 0 ? header.trim() : undefined;
}

/**
 * The actor of a call behind an HTTP request: its caller (the `call-token` header, with the call
 * company's `company-key`) or an operator of the call's company (a bearer session). A bad company
 * key or a bad bearer answers 401 as everywhere else; credentials that are fine but not this call's
 * give undefined, which routes answer with 404 so nobody learns which calls exist.
 */
export async function participantOfRequest(
  app: Deps<'database' | 'config' | 'requireCompany' | 'signedInUser'>,
  request: FastifyRequest,
  callId: number,
  options: { companyKey: 'required' | 'optional'; callerToken?: string; callerMayBeClosed?: boolean },
): Promise<CallParticipant | undefined> {
  const callerToken = options.callerToken ?? callerTokenOf(request);
  if (callerToken) {
    if (options.companyKey === 'required' || request.headers[COMPANY_KEY_HEADER] !== undefined) {
      await app.requireCompany(request);
    }
    const call = options.callerMayBeClosed
      ? await callOfCallerToken(app, callId, callerToken)
      : await callForCaller(app, callId, callerToken);
    if (call && (!request.company || call.companyId === request.company.id)) {
      return { side: 'caller', call, participantId: callerParticipantId(call.id) };
    }
  }
  if (request.headers.authorization !== undefined) {
    const userId = (await app.signedInUser(request)).id;
    // A company key sent with a bearer must be the call's company's, as it must for a caller.
    if (request.headers[COMPANY_KEY_HEADER] !== undefined) await app.requireCompany(request);
    const call = await callForOperator(app, callId, userId);
    if (call && (!request.company || call.companyId === request.company.id)) {
      return { side: 'answerer', call, participantId: operatorParticipantId(userId), userId };
    }
  }
  return undefined;
}

/** A call as the operators' queue and the console show it. */
export function toQueuedCall(call: CallRow): QueuedCall {
  return {
    id: call.id,
    room: call.room,
    speciality_id: call.specialityId,
    speciality: call.specialityName,
    from: call.fromPage,
    private: call.isPrivate,
    kind: call.kind,
    created_at: call.createdAt.toISOString(),
  };
}

/**
 * Ends a call if it is still open, in one statement so a hang-up racing an accept or a second
 * hang-up cannot both win: a waiting call was abandoned, an active one ended. Undefined when the
 * call had already ended (hanging up twice is not an error).
 */
export async function endOpenCall(
  app: Deps<'database'>,
  callId: number,
): Promise<{ call: CallRow; reason: 'hangup' | 'abandoned' } | undefined> {
  const call = await endCallIfOpen(app.database.db, callId);
  if (!call) return undefined;
  return { call, reason: call.status === 'abandoned' ? 'abandoned' : 'hangup' };
}

/**
 * A participant gave up because the media never connected (decision 037): an active call ends as
 * `no_media`, which the console lists as failed to connect rather than answered. A call still
 * waiting cannot have had media; it ends as an ordinary hang-up would.
 */
export async function endCallWithoutMedia(
  app: Deps<'database'>,
  callId: number,
): Promise<{ call: CallRow; reason: 'hangup' | 'abandoned' | 'no_media' } | undefined> {
  const call = await endCallFrom(app.database.db, callId, 'active', 'no_media');
  if (call) return { call, reason: 'no_media' };
  return endOpenCall(app, callId);
}

/**
 * The citizen left with Salida rápida (decision 060): an active call ends as `quick_exit`, which
 * the console says in so many words; a waiting call is abandoned with that reason on record.
 */
export async function endCallByQuickExit(
  app: Deps<'database'>,
  callId: number,
): Promise<{ call: CallRow; reason: 'abandoned' | 'quick_exit' } | undefined> {
  const db = app.database.db;
  const active = await endCallFrom(db, callId, 'active', QUICK_EXIT.endReason);
  if (active) return { call: active, reason: 'quick_exit' };
  const waiting = await endCallFrom(db, callId, 'waiting', QUICK_EXIT.endReason);
  return waiting && { call: waiting, reason: 'abandoned' };
}

/**
 * The account of a caller who is signed in on the site: only from a valid session that came with
 * the request (never from the body), so a call is linked to no one else's account (decision 040).
 * A missing, expired or revoked session leaves the call anonymous rather than refusing it.
 */
export async function signedInCallerOf(
  app: Deps<'signedInUser'>,
  request: FastifyRequest,
): Promise<number | null> {
  if (!request.headers.authorization) return null;
  try {
    return (await app.signedInUser(request)).id;
  } catch {
    return null;
  }
}
