import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers, specialities, videoCalls } from '../../db/schema';
import { operatorRoom } from '../../lib/socket-rooms';
import { bearer } from '../../testing/accounts';
import {
  callRow,
  callTestServer,
  createCall,
  newOperator,
  otherCompany,
  waitFor,
  type CallTestServer,
} from '../../testing/calls';
import type { TestContext } from '../../testing/test-app';

type Member = Awaited<ReturnType<typeof newOperator>>;

/**
 * The start of a shift (decision 057): the supervisor watching Supervisión and the administrator
 * in Configuración were offered calls ahead of the trained operator, because a member without
 * specialities serves everything and one who never chose a state counted as the longest idle.
 */
describe('routing at the start of a shift', () => {
  let server: CallTestServer;
  let ctx: TestContext;
  let company: Awaited<ReturnType<typeof otherCompany>>;
  let supervisor: Member;
  let admin: Member;
  let vifOperator: Member;
  let legalOperator: Member;
  let vif: number;
  let legal: number;

  const availabilityOf = async (member: Member) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/operator/availability',
        headers: bearer(member.token),
      })
    ).json().availability;
  const setState = (member: Member, payload: Record<string, string>) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/operator/availability',
      headers: bearer(member.token),
      payload,
    });
  const callOf = async (speciality: number) => {
    const response = await createCall(ctx, { speciality }, company.key);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; room: string };
  };
  const offeredTo = async (callId: number) => {
    await waitFor(async () => (await callRow(ctx, callId)).offerExpiresAt !== null);
    return (await callRow(ctx, callId)).offeredTo;
  };
  const servesOnly = (member: Member, ids: number[]) =>
    ctx.database.db
      .update(companyMembers)
      .set({ specialityIds: ids })
      .where(eq(companyMembers.userId, member.userId));

  /** The member leaves the company, so the next test starts with the shift's four. */
  const leave = (member: Member) =>
    ctx.database.db
      .update(companyMembers)
      .set({ deactivatedAt: new Date() })
      .where(eq(companyMembers.userId, member.userId));

  beforeAll(async () => {
    server = await callTestServer();
    ctx = server.ctx;
    company = await otherCompany(ctx, 'turno');
    // The company's own admin is not at a console here.
    await ctx.database.db
      .update(companyMembers)
      .set({ deactivatedAt: new Date() })
      .where(eq(companyMembers.companyId, company.id));
    const rows = await ctx.database.db
      .insert(specialities)
      .values([
        { companyId: company.id, name: 'Violencia Intrafamiliar', position: 1 },
        { companyId: company.id, name: 'Orientación Legal', position: 2 },
      ])
      .returning({ id: specialities.id });
    [vif, legal] = rows.map((row) => row.id) as [number, number];
    ctx.app.forgetCompanyCache();
    // Created first, so they would win every tie of the old order (no idle time: 0).
    supervisor = await newOperator(ctx, 'supervisora-turno@example.com', company.id, 'supervisor');
    admin = await newOperator(ctx, 'admin-turno@example.com', company.id, 'admin');
    vifOperator = await newOperator(ctx, 'vif-turno@example.com', company.id);
    legalOperator = await newOperator(ctx, 'legal-turno@example.com', company.id);
    await servesOnly(vifOperator, [vif]);
    await servesOnly(legalOperator, [legal]);
  });
  afterEach(async () => {
    server.closeSockets();
    await ctx.database.db
      .update(videoCalls)
      .set({ status: 'ended' })
      .where(eq(videoCalls.companyId, company.id));
  });
  afterAll(() => server.close());

  it('starts supervisors and administrators as not taking calls, and offers a VIF call to the VIF operator', async () => {
    expect(await availabilityOf(supervisor)).toMatchObject({
      state: 'paused',
      chosen: 'paused',
      reason: null,
    });
    expect(await availabilityOf(admin)).toMatchObject({ state: 'paused', chosen: 'paused', reason: null });
    // An operator who never chose comes to take calls.
    expect(await availabilityOf(vifOperator)).toMatchObject({ state: 'available', reason: null });

    for (const member of [supervisor, admin, vifOperator, legalOperator])
      await server.connectConsole(member.token);
    const call = await callOf(vif);
    expect(await offeredTo(call.id)).toBe(vifOperator.userId);
  });

  it('offers calls to a supervisor once they choose Disponible', async () => {
    await server.connectConsole(supervisor.token);
    await waitFor(async () => (await ctx.app.roomUserIds(operatorRoom(company.id))).size === 1);
    // Only the supervisor is at a console: the centre is closed until they choose Disponible.
    expect((await createCall(ctx, { speciality: vif }, company.key)).statusCode).toBe(503);
    await setState(supervisor, { state: 'available' });
    expect(await availabilityOf(supervisor)).toMatchObject({ state: 'available', chosen: 'available' });
    const call = await callOf(vif);
    expect(await offeredTo(call.id)).toBe(supervisor.userId);
    // Back to watching: a pause with a reason, as any operator.
    await setState(supervisor, { state: 'paused', reason: 'administrativo' });
  });

  it('prefers the operator trained for the speciality over one who serves everything, however long idle', async () => {
    const generalist = await newOperator(ctx, 'todo-turno@example.com', company.id);
    // The generalist has waited longest, the VIF operator chose Disponible just now.
    await setState(generalist, { state: 'available' });
    await setState(vifOperator, { state: 'paused', reason: 'otra' });
    await setState(vifOperator, { state: 'available' });
    for (const member of [generalist, vifOperator]) await server.connectConsole(member.token);
    const call = await callOf(vif);
    expect(await offeredTo(call.id)).toBe(vifOperator.userId);
    await leave(generalist);
  });

  it('does not count a member who never chose a state as the longest idle', async () => {
    const neverChose = await newOperator(ctx, 'nunca-turno@example.com', company.id);
    const chose = await newOperator(ctx, 'eligio-turno@example.com', company.id);
    await servesOnly(neverChose, [legal]);
    await servesOnly(chose, [legal]);
    await setState(chose, { state: 'available' });
    await setState(legalOperator, { state: 'paused', reason: 'colacion' });
    for (const member of [neverChose, chose]) await server.connectConsole(member.token);
    const call = await callOf(legal);
    expect(await offeredTo(call.id)).toBe(chose.userId);
    await setState(legalOperator, { state: 'available' });
    for (const member of [neverChose, chose]) await leave(member);
  });
});
