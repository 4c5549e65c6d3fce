import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import type { CreateVideoCallBody } from '@seguridad/contracts/http/calls';
import { companies, companyMembers, users } from '../../db/schema';
import { DEV_ACCOUNTS } from '../../db/seed/seed';
import { login, newSession } from '../../testing/accounts';
import type { TestContext } from '../../testing/test-app';
import { TEST_PASSWORDS } from '../../testing/test-database';

/** Test helpers shared by the call route tests (not used by the server itself). */

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

export async function devAdminSession(ctx: TestContext): Promise<string> {
  return (await login(ctx, DEV_ACCOUNTS.operator.email, TEST_PASSWORDS.operator)).json().access_token;
}

/** A new account made a member of the company; returns its session token. */
export async function operatorOf(
  ctx: TestContext,
  companyId: number,
  email: string,
  role: 'operator' | 'admin' = 'operator',
): Promise<string> {
  const token = await newSession(ctx, email);
  const [user] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await ctx.database.db.insert(companyMembers).values({ companyId, userId: user!.id, role });
  return token;
}

/** Another call centre, open, with one operator of its own. */
export async function otherCompany(ctx: TestContext, slug: string) {
  const publicKey = `pk_${slug}_${'0'.repeat(16)}`;
  const [company] = await ctx.database.db
    .insert(companies)
    .values({
      name: `Central ${slug}`,
      publicKey,
      inboxEmail: `${slug}@example.com`,
      workingHours: ALWAYS_OPEN,
    })
    .returning();
  const operator = await operatorOf(ctx, company!.id, `operadora-${slug}@example.com`, 'admin');
  return { id: company!.id, key: { 'company-key': publicKey }, operator };
}

export async function listen(ctx: TestContext): Promise<string> {
  await ctx.app.listen({ host: '127.0.0.1', port: 0 });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

/** An operator's console socket, once the server has placed it in its company's room. */
export function connectConsole(url: string, sessionToken: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, {
      transports: ['websocket'],
      auth: { token: sessionToken },
      reconnection: false,
    });
    socket.once('session:ready', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

let lastAddress = 0;
/** Each caller from its own address, so the per-IP limit on new calls only bites where tested. */
export function nextCallerAddress(): string {
  lastAddress += 1;
  return `10.77.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
}

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
  };
}
