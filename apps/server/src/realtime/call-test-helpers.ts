import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { companies, companyMembers, users, videoCalls } from '../db/schema';
import { DEV_ACCOUNTS } from '../db/seed/seed';
import { newRoomName, type CallRow } from '../modules/calls/call-access';
import { hashToken, newToken } from '../lib/tokens';
import { login, newSession } from '../testing/accounts';
import type { TestContext } from '../testing/test-app';
import { TEST_PASSWORDS } from '../testing/test-database';

/** Test-only helpers of the call's realtime suites: calls inserted directly, real client sockets. */

export async function listen(ctx: TestContext): Promise<string> {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

export async function demoCompanyId(ctx: TestContext): Promise<number> {
  const [company] = await ctx.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.publicKey, DEMO_COMPANY_KEY));
  return company!.id;
}

export async function operatorSession(ctx: TestContext): Promise<{ token: string; userId: number }> {
  const response = await login(ctx, DEV_ACCOUNTS.operator.email, TEST_PASSWORDS.operator);
  const [user] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEV_ACCOUNTS.operator.email));
  return { token: response.json().access_token as string, userId: user!.id };
}

/** A new account made operator of `companyId` (or of a brand-new company), with a session. */
export async function newOperator(
  ctx: TestContext,
  email: string,
  companyId?: number,
): Promise<{ token: string; userId: number; companyId: number }> {
  const token = await newSession(ctx, email);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  let targetCompany = companyId;
  if (targetCompany === undefined) {
    const [company] = await ctx.database.db
      .insert(companies)
      .values({ name: `Central ${email}`, publicKey: newToken(), inboxEmail: email })
      .returning({ id: companies.id });
    targetCompany = company!.id;
  }
  await ctx.database.db
    .insert(companyMembers)
    .values({ companyId: targetCompany, userId: user!.id, role: 'operator' });
  return { token, userId: user!.id, companyId: targetCompany };
}

export type TestCall = { call: CallRow; token: string };

export async function insertCall(
  ctx: TestContext,
  options: {
    companyId?: number;
    status?: CallRow['status'];
    operatorId?: number;
    isPrivate?: boolean;
    createdAt?: Date;
    acceptedAt?: Date;
    endedAt?: Date;
  } = {},
): Promise<TestCall> {
  const token = newToken();
  const status = options.status ?? 'waiting';
  const [call] = await ctx.database.db
    .insert(videoCalls)
    .values({
      companyId: options.companyId ?? (await demoCompanyId(ctx)),
      room: newRoomName(),
      specialityName: 'General',
      fromPage: 'https://seguridad.example.cl/',
      isPrivate: options.isPrivate ?? false,
      callerTokenHash: hashToken(token),
      status,
      operatorId: options.operatorId ?? null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
      acceptedAt: options.acceptedAt ?? (status === 'active' ? new Date() : null),
      endedAt: options.endedAt ?? null,
    })
    .returning();
  return { call: call!, token };
}

/** What the accept route does, without depending on it. */
export async function markAccepted(ctx: TestContext, callId: number, operatorId: number): Promise<CallRow> {
  const [call] = await ctx.database.db
    .update(videoCalls)
    .set({ status: 'active', operatorId, acceptedAt: new Date() })
    .where(eq(videoCalls.id, callId))
    .returning();
  return call!;
}

export async function callRow(ctx: TestContext, callId: number): Promise<CallRow> {
  const [call] = await ctx.database.db.select().from(videoCalls).where(eq(videoCalls.id, callId));
  return call!;
}

/**
 * A connected client socket. Listeners that must not miss what the server sends right on
 * connection go in `beforeConnect` (events that arrive in one network read are all delivered
 * before an awaiting test resumes).
 */
export function openSocket(
  url: string,
  token?: string,
  beforeConnect?: (socket: Socket) => void,
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, {
      transports: ['websocket'],
      reconnection: false,
      ...(token ? { auth: { token } } : {}),
    });
    beforeConnect?.(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export function request<T = Record<string, unknown>>(
  socket: Socket,
  event: string,
  payload: unknown,
): Promise<T> {
  return socket.timeout(5_000).emitWithAck(event, payload) as Promise<T>;
}

/** The next `event` the socket receives that matches, or a rejection after `ms`. */
export function nextEvent<T = Record<string, unknown>>(
  socket: Socket,
  event: string,
  matches: (payload: T) => boolean = () => true,
  ms = 5_000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    function listener(payload: T) {
      if (!matches(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    }
    socket.on(event, listener);
  });
}

/** The next `message` with this signaling id. */
export function nextMessage<T = Record<string, unknown>>(socket: Socket, id: string, ms?: number) {
  return nextEvent<T & { id: string }>(socket, 'message', (message) => message.id === id, ms);
}

/** Everything `event` delivers from now on. */
export function record<T = Record<string, unknown>>(socket: Socket, event: string): T[] {
  const received: T[] = [];
  socket.on(event, (payload: T) => received.push(payload));
  return received;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `condition` holds (checked every 10 ms), or rejects after `ms`. */
export async function waitFor(condition: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await pause(10);
  }
}

export function callerJoin(test: TestCall, extra: Record<string, unknown> = {}) {
  return { roomName: test.call.room, videoCallID: test.call.id, callToken: test.token, ...extra };
}

export function operatorJoin(test: TestCall, extra: Record<string, unknown> = {}) {
  return { roomName: test.call.room, videoCallID: test.call.id, ...extra };
}

export const SDP = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\n';
