import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers } from '../../db/schema';
import { operatorRoom } from '../../lib/socket-rooms';
import { getAs } from '../../testing/accounts';
import {
  addSpecialities,
  createCall,
  endCallsOf,
  newOperator,
  offeredTo,
  otherCompany,
  servesOnly,
  setAvailability,
  useCallTestServer,
  waitFor,
  type OtherCompany,
  type TestMember,
} from '../../testing/calls';

type Member = TestMember;

/**
 * The start of a shift (decision 057): the supervisor watching Supervisión and the administrator
 * in Configuración were offered calls ahead of the trained operator, because a member without
 * specialities serves everything and one who never chose a state counted as the longest idle.
 */
describe('routing at the start of a shift', () => {
  const { server, ctx } = useCallTestServer();
  let company: OtherCompany;
  let supervisor: Member;
  let admin: Member;
  let vifOperator: Member;
  let legalOperator: Member;
  let vif: number;
  let legal: number;

  const availabilityOf = async (member: Member) =>
    (await getAs(ctx, member.token, '/api/v1/operator/availability')).json().availability;
  const callOf = async (speciality: number) => {
    const response = await createCall(ctx, { speciality }, company.key);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; room: string };
  };
  /** The member leaves the company, so the next test starts with the shift's four. */
  const leave = (member: Member) =>
    ctx.database.db
      .update(companyMembers)
      .set({ deactivatedAt: new Date() })
      .where(eq(companyMembers.userId, member.userId));

  beforeAll(async () => {
    company = await otherCompany(ctx, 'turno');
    // The company's own admin is not at a console here.
    await ctx.database.db
      .update(companyMembers)
      .set({ deactivatedAt: new Date() })
      .where(eq(companyMembers.companyId, company.id));
    [vif, legal] = (await addSpecialities(ctx, company.id, [
      { name: 'Violencia Intrafamiliar', position: 1 },
      { name: 'Orientación Legal', position: 2 },
    ])) as [number, number];
    // Created first, so they would win every tie of the old order (no idle time: 0).
    supervisor = await newOperator(ctx, 'supervisora-turno@example.com', company.id, 'supervisor');
    admin = await newOperator(ctx, 'admin-turno@example.com', company.id, 'admin');
    vifOperator = await newOperator(ctx, 'vif-turno@example.com', company.id);
    legalOperator = await newOperator(ctx, 'legal-turno@example.com', company.id);
    await servesOnly(ctx, vifOperator, [vif]);
    await servesOnly(ctx, legalOperator, [legal]);
  });
  afterEach(async () => {
    server.closeSockets();
    await endCallsOf(ctx, company.id);
  });

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
    expect(await offeredTo(ctx, call.id)).toBe(vifOperator.userId);
  });

  it('offers calls to a supervisor once they choose Disponible', async () => {
    await server.connectConsole(supervisor.token);
    await waitFor(async () => (await ctx.app.roomUserIds(operatorRoom(company.id))).size === 1);
    // Only the supervisor is at a console: the centre is closed until they choose Disponible.
    expect((await createCall(ctx, { speciality: vif }, company.key)).statusCode).toBe(503);
    await setAvailability(ctx, supervisor, { state: 'available' });
    expect(await availabilityOf(supervisor)).toMatchObject({ state: 'available', chosen: 'available' });
    const call = await callOf(vif);
    expect(await offeredTo(ctx, call.id)).toBe(supervisor.userId);
    // Back to watching: a pause with a reason, as any operator.
    await setAvailability(ctx, supervisor, { state: 'paused', reason: 'administrativo' });
  });

  it('prefers the operator trained for the speciality over one who serves everything, however long idle', async () => {
    const generalist = await newOperator(ctx, 'todo-turno@example.com', company.id);
    // The generalist has waited longest, the VIF operator chose Disponible just now.
    await setAvailability(ctx, generalist, { state: 'available' });
    await setAvailability(ctx, vifOperator, { state: 'paused', reason: 'otra' });
    await setAvailability(ctx, vifOperator, { state: 'available' });
    for (const member of [generalist, vifOperator]) await server.connectConsole(member.token);
    const call = await callOf(vif);
    expect(await offeredTo(ctx, call.id)).toBe(vifOperator.userId);
    await leave(generalist);
  });

  it('does not count a member who never chose a state as the longest idle', async () => {
    const neverChose = await newOperator(ctx, 'nunca-turno@example.com', company.id);
    const chose = await newOperator(ctx, 'eligio-turno@example.com', company.id);
    await servesOnly(ctx, neverChose, [legal]);
    await servesOnly(ctx, chose, [legal]);
    await setAvailability(ctx, chose, { state: 'available' });
    await setAvailability(ctx, legalOperator, { state: 'paused', reason: 'colacion' });
    for (const member of [neverChose, chose]) await server.connectConsole(member.token);
    const call = await callOf(legal);
    expect(await offeredTo(ctx, call.id)).toBe(chose.userId);
    await setAvailability(ctx, legalOperator, { state: 'available' });
    for (const member of [neverChose, chose]) await leave(member);
  });
});
