import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COMPANY_KEY } from '@seguridad/contracts/constants';
import { DEV_ACCOUNTS } from '../../db/seed/seed';
import { createTestApp, type TestContext } from '../../testing/test-app';
import { TEST_PASSWORDS } from '../../testing/test-database';
import { eq } from 'drizzle-orm';
import { SESSION_IDLE_TTL_MS } from '@seguridad/contracts/constants';
import { sessions } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import { deleteAccount, login, newSession } from '../../testing/accounts';

function connectWith(url: string, token: string): Promise<{ socket: Socket; operator: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { transports: ['websocket'], auth: { token }, reconnection: false });
    socket.once('session:ready', ({ operator }: { operator: boolean }) => resolve({ socket, operator }));
    socket.once('connect_error', reject);
  });
}

describe('operator realtime inbox', () => {
  let ctx: TestContext;
  let url: string;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    ctx = await createTestApp();
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    url = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    sockets.forEach((socket) => socket.close());
    await ctx.close();
  });

  it("pushes new contact messages to the company's operators only", async () => {
    const adminToken = (await login(ctx, DEV_ACCOUNTS.operator.email, TEST_PASSWORDS.operator)).json()
      .access_token;
    const citizenToken = await newSession(ctx, 'mirona@example.com');
    const operator = await connectWith(url, adminToken);
    const citizen = await connectWith(url, citizenToken);
    sockets.push(operator.socket, citizen.socket);
    expect(operator.operator).toBe(true);
    expect(citizen.operator).toBe(false);

    const citizenEvents: unknown[] = [];
    citizen.socket.on('inbox:new', (event) => citizenEvents.push(event));
    const received = new Promise((resolve) => operator.socket.once('inbox:new', resolve));
    await ctx.app.inject({
      method: 'POST',
      url: '/api/attention/contact',
      headers: { 'company-key': DEMO_COMPANY_KEY },
      payload: { name: 'Luz', email: 'luz@example.com', phone_number: '+56955556666', message: 'Hola' },
    });
    expect(await received).toMatchObject({ kind: 'contact', id: expect.any(Number) });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(citizenEvents).toEqual([]);
  });

  it('closes the sockets of an account when it is deleted', async () => {
    const token = await newSession(ctx, 'se-va@example.com');
    const { socket } = await connectWith(url, token);
    sockets.push(socket);
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    await deleteAccount(ctx, token);
    expect(await disconnected).toBe('io server disconnect');
  });

  it("treats an operator's expired session as no session on the socket", async () => {
    const adminToken = (await login(ctx, DEV_ACCOUNTS.operator.email, TEST_PASSWORDS.operator)).json()
      .access_token;
    await ctx.database.db
      .update(sessions)
      .set({ lastUsedAt: new Date(Date.now() - SESSION_IDLE_TTL_MS - 60_000) })
      .where(eq(sessions.tokenHash, hashToken(adminToken)));
    const socket = connect(url, {
      transports: ['websocket'],
      auth: { token: adminToken },
      reconnection: false,
    });
    sockets.push(socket);
    let ready = false;
    socket.on('session:ready', () => (ready = true));
    await new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(undefined));
      socket.once('connect_error', reject);
    });
    // session:ready is emitted on connection for a signed-in socket; give it time to arrive.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ready).toBe(false);
  });
});
