import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import type { CreateVideoCallBody } from '@seguridad/contracts/http/calls';
import type { JoinAck } from '@seguridad/contracts/realtime/call';
import { companies, companyMembers, specialities, users, videoCalls } from '../db/schema';
import { DEV_ACCOUNTS } from '../db/seed/seed';
import { saveChosenState } from '../modules/availability/availability-queries';
import { hashToken, newToken } from '../lib/tokens';
import { newRoomName, type CallRow } from '../modules/calls/call-access';
import { bearer, login, newSession } from './accounts';
import { createTestApp, openedLater, type TestContext } from './test-app';
import { TEST_PASSWORDS } from './test-database';
import type { StaffRole } from '@seguridad/contracts/staff-access';

/** Video call fixtures: companies and operators, calls over HTTP or inserted, real client sockets. */

export const demoKey = { 'company-key': DEMO_COMPANY_KEY };

const ALWAYS_OPEN = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, open: '00:00', close: '24:00' }));

/** The demo company with video calls on and open around the clock, whatever the seed says. */
export async function openDemoCompany(
  ctx: TestContext,
  changes: Partial<typeof companies.$inferInsert> = {},
) {
  await ctx.database.db
    .update(companies)
    .set({ videoCallEnabled: true, workingHours: ALWAYS_OPEN, ...changes })
    .where(eq(companies.publicKey, DEMO_COMPANY_KEY));
  ctx.app.forgetCompanyCache();
}

export async function demoCompanyId(ctx: TestContext): Promise<number> {
  const [company] = await ctx.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(eq(companies.publicKey, DEMO_COMPANY_KEY));
  return company!.id;
}

export type TestOperator = { token: string; userId: number };

/** A session of the seeded operator, an admin of the demo company. */
export async function demoOperatorSession(ctx: TestContext): Promise<TestOperator> {
  const response = await login(ctx, DEV_ACCOUNTS.operator.email, TEST_PASSWORDS.operator);
  const [user] = await ctx.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEV_ACCOUNTS.operator.email));
  return { token: response.json().access_token as string, userId: user!.id };
}

/** A new call centre, open around the clock, with a company key of its own. */
async function newCompany(ctx: TestContext, slug: string) {
  const publicKey = `pk_${slug}_${'0'.repeat(16)}`;
  const [company] = await ctx.database.db
    .insert(companies)
    .values({
      name: `Central ${slug}`,
      publicKey,
      inboxEmail: `${slug}@example.com`,
      workingHours: ALWAYS_OPEN,
    })
    .returning({ id: companies.id, name: companies.name });
  return { id: company!.id, name: company!.name, key: { 'company-key': publicKey } };
}

/**
 * A new account made member of `companyId`, with a session. Without a company it gets a new one
 * of its own, named after the part of the email before the @.
 */
export async function newOperator(
  ctx: TestContext,
  email: string,
  companyId?: number,
  role: StaffRole = 'operator',
): Promise<TestOperator & { companyId: number }> {
  const token = await newSession(ctx, email);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const targetCompany = companyId ?? (await newCompany(ctx, email.split('@')[0]!)).id;
  await ctx.database.db.insert(companyMembers).values({ companyId: targetCompany, userId: user!.id, role });
  return { token, userId: user!.id, companyId: targetCompany };
}

/** Another call centre, open, with an admin of its own; `operator` is that admin's session token. */
export async function otherCompany(ctx: TestContext, slug: string) {
  const company = await newCompany(ctx, slug);
  const admin = await newOperator(ctx, `operadora-${slug}@example.com`, company.id, 'admin');
  // This admin answers the tests' calls, so they chose Disponible (an admin takes none until then).
  await saveChosenState(ctx.database.db, {
    userId: admin.userId,
    companyId: company.id,
    state: 'available',
    reason: null,
  });
  return { ...company, operator: admin.token };
}

export type OtherCompany = Awaited<ReturnType<typeof otherCompany>>;
export type TestMember = Awaited<ReturnType<typeof newOperator>>;

let lastAddress = 0;
/** Each caller from its own address, so the per-IP limit on new calls only bites where tested. */
export function nextCallerAddress(): string {
  lastAddress += 1;
  return `10.77.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

/** A citizen's request for a new call, through the public route. */
export function createCall(
  ctx: TestContext,
  body: CreateVideoCallBody = {},
  headers: Record<string, string> = demoKey,
) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/calls/videoCall',
    headers,
    payload: body,
    remoteAddress: nextCallerAddress(),
  });
}

/** Creates a public call that must succeed; returns its data (id, room, token…). */
export async function startCall(ctx: TestContext, body: CreateVideoCallBody = {}) {
  const response = await createCall(ctx, body);
  if (response.statusCode !== 200) throw new Error(`call not created: ${response.body}`);
  return response.json().data as {
    id: number;
    company_id: number;
    room: string;
    token: string;
    private: boolean;
    kind: 'video' | 'phone';
  };
}

export type TestCall = { call: CallRow; token: string };

/** A call written straight to the database (of the demo company unless told), with its caller token. */
export async function insertCall(
  ctx: TestContext,
  options: {
    companyId?: number;
    status?: CallRow['status'];
    operatorId?: number;
    isPrivate?: boolean;
    kind?: CallRow['kind'];
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
      kind: options.kind ?? 'video',
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
    const socket = io(url, {
      transports: ['websocket'],
      reconnection: false,
      ...(token ? { auth: { token } } : {}),
    });
    beforeConnect?.(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** An operator's console socket, once the server has placed it in its company's room. */
function openConsole(url: string, sessionToken: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = io(url, { transports: ['websocket'], auth: { token: sessionToken }, reconnection: false });
    socket.once('session:ready', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export type CallTestServer = {
  ctx: TestContext;
  url: string;
  /** A connected socket (see `openSocket`), closed by `closeSockets` or `close`. */
  connect(token?: string, beforeConnect?: (socket: Socket) => void): Promise<Socket>;
  /** An operator's console socket, in its company's room; closed by `closeSockets` or `close`. */
  connectConsole(sessionToken: string): Promise<Socket>;
  /** Closes every socket opened through `connect` and `connectConsole` so far. */
  closeSockets(): void;
  /** Closes the sockets, then the server. */
  close(): Promise<void>;
};

/** The test app listening on a free local port, for real client sockets. */
export async function callTestServer(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<CallTestServer> {
  const ctx = await createTestApp(options);
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const sockets: Socket[] = [];
  const tracked = async (opening: Promise<Socket>) => {
    const socket = await opening;
    sockets.push(socket);
    return socket;
  };
  const closeSockets = () => {
    for (const socket of sockets.splice(0)) socket.close();
  };
  return {
    ctx,
    url,
    connect: (token, beforeConnect) => tracked(openSocket(url, token, beforeConnect)),
    connectConsole: (sessionToken) => tracked(openConsole(url, sessionToken)),
    closeSockets,
    async close() {
      closeSockets();
      await ctx.close();
    },
  };
}

/**
 * `callTestServer` for the tests of the enclosing `describe` block: opened in `beforeAll`, closed
 * (sockets first) in `afterAll`; `ctx` is its app.
 */
export function useCallTestServer(options: Parameters<typeof createTestApp>[0] = {}): {
  server: CallTestServer;
  ctx: TestContext;
} {
  let opened: CallTestServer | undefined;
  beforeAll(async () => {
    opened = await callTestServer(options);
  });
  afterAll(() => opened?.close());
  return {
    server: openedLater(() => opened, 'call test server'),
    ctx: openedLater(() => opened?.ctx, 'test app'),
  };
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

/** Whether the socket is (or gets) disconnected within `ms`. */
export function disconnected(socket: Socket, ms = 3_000): Promise<boolean> {
  return new Promise((resolve) => {
    if (!socket.connected) return resolve(true);
    const timer = setTimeout(() => resolve(false), ms);
    socket.once('disconnect', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
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

/** An active call of `operator` (of the demo company), its caller and operator joined (or an error). */
export async function connectedCall(
  server: CallTestServer,
  operator: TestOperator,
  callerExtra: Record<string, unknown> = {},
): Promise<{ test: TestCall; caller: Socket; operatorSocket: Socket }> {
  const test = await insertCall(server.ctx, { status: 'active', operatorId: operator.userId });
  const caller = await server.connect();
  const callerAck = await request<JoinAck>(caller, 'join', callerJoin(test, callerExtra));
  if (!callerAck.ok) throw new Error(`caller not joined: ${JSON.stringify(callerAck)}`);
  const operatorSocket = await server.connect(operator.token);
  const operatorAck = await request<JoinAck>(operatorSocket, 'join', operatorJoin(test));
  if (!operatorAck.ok) throw new Error(`operator not joined: ${JSON.stringify(operatorAck)}`);
  return { test, caller, operatorSocket };
}

export const SDP = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\n';

/**
 * For the tests of the enclosing `describe` block, a call test server whose demo company is open
 * around the clock (with `demoChanges`), a session of its seeded admin, and another open company
 * (`otherCompany(ctx, otherSlug)`): opened in `beforeAll`, closed in `afterAll`.
 */
export function useDemoCallCentre(options: {
  otherSlug: string;
  env?: Record<string, string>;
  demoChanges?: Parameters<typeof openDemoCompany>[1];
}): { server: CallTestServer; ctx: TestContext; admin: TestOperator; other: OtherCompany } {
  let opened: { server: CallTestServer; admin: TestOperator; other: OtherCompany } | undefined;
  beforeAll(async () => {
    const server = await callTestServer({ env: options.env ?? {} });
    await openDemoCompany(server.ctx, options.demoChanges);
    const admin = await demoOperatorSession(server.ctx);
    opened = { server, admin, other: await otherCompany(server.ctx, options.otherSlug) };
  });
  afterAll(() => opened?.server.close());
  return {
    server: openedLater(() => opened?.server, 'call test server'),
    ctx: openedLater(() => opened?.server.ctx, 'test app'),
    admin: openedLater(() => opened?.admin, 'admin session'),
    other: openedLater(() => opened?.other, 'other company'),
  };
}

/** Sets a member's availability as the console's selector does. */
export function setAvailability(
  ctx: TestContext,
  member: { token: string },
  payload: Record<string, string>,
) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/v1/operator/availability',
    headers: bearer(member.token),
    payload,
  });
}

/** Who the call is offered to, once the router has offered it to someone. */
export async function offeredTo(ctx: TestContext, callId: number): Promise<number | null> {
  let row = await callRow(ctx, callId);
  await waitFor(async () => {
    row = await callRow(ctx, callId);
    return row.offerExpiresAt !== null;
  });
  return row.offeredTo;
}

/** Ends every call of a company, so the next test finds its operators free. */
export async function endCallsOf(ctx: TestContext, companyId: number): Promise<void> {
  await ctx.database.db
    .update(videoCalls)
    .set({ status: 'ended' })
    .where(eq(videoCalls.companyId, companyId));
}

/** Adds specialities to a company, in this order and position; answers their ids. */
export async function addSpecialities(
  ctx: TestContext,
  companyId: number,
  entries: { name: string; position: number }[],
): Promise<number[]> {
  const rows = await ctx.database.db
    .insert(specialities)
    .values(entries.map((entry) => ({ companyId, ...entry })))
    .returning({ id: specialities.id });
  ctx.app.forgetCompanyCache();
  return rows.map((row) => row.id);
}

/** Narrows what a member serves to these specialities. */
export async function servesOnly(ctx: TestContext, member: { userId: number }, specialityIds: number[]) {
  await ctx.database.db
    .update(companyMembers)
    .set({ specialityIds })
    .where(eq(companyMembers.userId, member.userId));
}
