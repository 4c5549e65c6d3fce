import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyMembers, specialities } from '../db/schema';
import {
  createCall,
  markAccepted,
  newOperator,
  otherCompany,
  callTestServer,
  type CallTestServer,
} from '../testing/calls';
import type { TestContext } from '../testing/test-app';
import { queuePositions } from './call-queue';

type Member = Awaited<ReturnType<typeof newOperator>>;

/** «Hay N personas antes que tú» counts the calls that wait for the same people (decision 057). */
describe("the waiting citizen's place in the queue", () => {
  let server: CallTestServer;
  let ctx: TestContext;
  let company: Awaited<ReturnType<typeof otherCompany>>;
  let vifOperator: Member;
  let legalOperator: Member;
  let vif: number;
  let legal: number;

  const callOf = async (speciality: number) => {
    const response = await createCall(ctx, { speciality }, company.key);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as { id: number; room: string };
  };

  beforeAll(async () => {
    server = await callTestServer();
    ctx = server.ctx;
    company = await otherCompany(ctx, 'fila');
    // The company's own admin is not at a console here, and a supervisor who never chose takes
    // no calls: neither makes two calls compete.
    await ctx.database.db
      .update(companyMembers)
      .set({ deactivatedAt: new Date() })
      .where(eq(companyMembers.companyId, company.id));
    await newOperator(ctx, 'supervisora-fila@example.com', company.id, 'supervisor');
    const rows = await ctx.database.db
      .insert(specialities)
      .values([
        { companyId: company.id, name: 'Violencia Intrafamiliar', position: 1 },
        { companyId: company.id, name: 'Orientación Legal', position: 2 },
      ])
      .returning({ id: specialities.id });
    [vif, legal] = rows.map((row) => row.id) as [number, number];
    ctx.app.forgetCompanyCache();
    vifOperator = await newOperator(ctx, 'vif-fila@example.com', company.id);
    legalOperator = await newOperator(ctx, 'legal-fila@example.com', company.id);
    for (const [member, ids] of [
      [vifOperator, [vif]],
      [legalOperator, [legal]],
    ] as const) {
      await ctx.database.db
        .update(companyMembers)
        .set({ specialityIds: [...ids] })
        .where(eq(companyMembers.userId, member.userId));
    }
  });
  afterAll(() => server.close());

  it('counts only the calls ahead that wait for the same operators', async () => {
    await server.connectConsole(vifOperator.token);
    await server.connectConsole(legalOperator.token);
    // Both operators busy: every new call waits.
    const holdVif = await callOf(vif);
    const holdLegal = await callOf(legal);
    await markAccepted(ctx, holdVif.id, vifOperator.userId);
    await markAccepted(ctx, holdLegal.id, legalOperator.userId);

    const legalFirst = await callOf(legal);
    const legalSecond = await callOf(legal);
    const vifCall = await callOf(vif);
    const positions = new Map(
      (await queuePositions(ctx.app, company.id)).map((entry) => [entry.roomName, entry.position]),
    );
    expect(positions.get(legalFirst.room)).toBe(1);
    expect(positions.get(legalSecond.room)).toBe(2);
    // Two legal-advice calls are ahead in time, but another operator answers them.
    expect(positions.get(vifCall.room)).toBe(1);
  });
});
