import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callsApi } from '@seguridad/contracts/http/calls';
import type { JoinAck } from '@seguridad/contracts/realtime/call';
import { operatorEvents } from '@seguridad/contracts/realtime/operator';
import { companies, userPhones } from '../../db/schema';
import { operatorRoom } from '../../lib/socket-rooms';
import { bearer } from '../../testing/accounts';
import {
  demoCompanyId,
  insertCall,
  newOperator,
  operatorJoin,
  request,
  useCallTestServer,
} from '../../testing/calls';

/**
 * Who may act on a call (decision 053): the operator who answered it, and the company's
 * supervisors and administrators; nobody without the second factor their company requires, on
 * any channel (routes, the console's socket, call rooms).
 */
describe('staff access to calls', () => {
  const { server } = useCallTestServer();
  let companyId: number;
  beforeAll(async () => {
    companyId = await demoCompanyId(server.ctx);
  });
  afterEach(() => server.closeSockets());

  const inject = (method: 'GET' | 'POST', url: string, token: string) =>
    server.ctx.app.inject({ method, url, headers: bearer(token) });
  const relayOf = (callId: number, token: string) =>
    inject('GET', callsApi.relaySettings.path({ id: callId }), token);
  const endOf = (callId: number, token: string) => inject('POST', callsApi.end.path({ id: callId }), token);

  it('another operator of the company neither reads, ends nor joins a call that is not theirs; supervisors may act on it', async () => {
    const answering = await newOperator(server.ctx, 'atiende-llamada@example.com', companyId, 'operator');
    const colleague = await newOperator(server.ctx, 'companera-llamada@example.com', companyId, 'operator');
    const supervisor = await newOperator(
      server.ctx,
      'supervisa-llamada@example.com',
      companyId,
      'supervisor',
    );
    const test = await insertCall(server.ctx, { status: 'active', operatorId: answering.userId });

    expect((await relayOf(test.call.id, colleague.token)).statusCode).toBe(404);
    expect((await endOf(test.call.id, colleague.token)).statusCode).toBe(404);
    const colleagueSocket = await server.connect(colleague.token);
    const refused = await request<JoinAck>(colleagueSocket, 'join', operatorJoin(test));
    expect(refused.ok).toBe(false);
    // A supervisor does not enter the room either: entering first would take the caller.
    const supervisorSocket = await server.connect(supervisor.token);
    expect((await request<JoinAck>(supervisorSocket, 'join', operatorJoin(test))).ok).toBe(false);

    expect((await relayOf(test.call.id, answering.token)).statusCode).toBe(200);
    const answeringSocket = await server.connect(answering.token);
    expect((await request<JoinAck>(answeringSocket, 'join', operatorJoin(test))).ok).toBe(true);
    expect((await relayOf(test.call.id, supervisor.token)).statusCode).toBe(200);
    expect((await endOf(test.call.id, supervisor.token)).statusCode).toBe(200);
  });

  it('a member without the second factor their company requires gets no console socket, no call and is not available', async () => {
    const [company] = await server.ctx.database.db
      .insert(companies)
      .values({
        name: 'Central con dos pasos',
        publicKey: `pk_dos_pasos_${'0'.repeat(16)}`,
        inboxEmail: 'dos-pasos@example.com',
        staffTwoStep: true,
      })
      .returning({ id: companies.id });
    const member = await newOperator(server.ctx, 'sin-segundo-paso@example.com', company!.id, 'admin');
    const test = await insertCall(server.ctx, {
      companyId: company!.id,
      status: 'active',
      operatorId: member.userId,
    });

    let ready: { operator: boolean } | undefined;
    const socket = await server.connect(member.token, (opening) => {
      opening.once(operatorEvents.sessionReady, (payload: { operator: boolean }) => (ready = payload));
    });
    await expect.poll(() => ready).toEqual({ operator: false });
    expect(await server.ctx.app.roomUserIds(operatorRoom(company!.id))).not.toContain(member.userId);
    expect((await request<JoinAck>(socket, 'join', operatorJoin(test))).ok).toBe(false);
    expect((await relayOf(test.call.id, member.token)).statusCode).toBe(404);
    expect((await endOf(test.call.id, member.token)).statusCode).toBe(404);
    expect((await inject('GET', callsApi.queue.path(), member.token)).statusCode).toBe(403);

    // With a confirmed phone the same member is staff on every channel.
    await server.ctx.database.db
      .insert(userPhones)
      .values({ userId: member.userId, phone: '+56933334444', confirmedAt: new Date() });
    const consoleSocket = await server.connectConsole(member.token);
    expect(await server.ctx.app.roomUserIds(operatorRoom(company!.id))).toContain(member.userId);
    expect((await request<JoinAck>(consoleSocket, 'join', operatorJoin(test))).ok).toBe(true);
    expect((await relayOf(test.call.id, member.token)).statusCode).toBe(200);
    await server.ctx.database.db.delete(userPhones).where(eq(userPhones.userId, member.userId));
  });
});
