import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALL_OFFER_SECONDS } from '@seguridad/contracts/http/availability';
import { availabilityTexts } from '@seguridad/contracts/messages/availability';
import { callTexts } from '@seguridad/contracts/messages';
import type { QueuedCall } from '@seguridad/contracts/http/calls';
import { companyMembers, videoCalls } from '../../db/schema';
import { getAs, postAs } from '../../testing/accounts';
import {
  addSpecialities,
  callRow,
  createCall,
  endCallsOf,
  markAccepted,
  newOperator,
  offeredTo,
  otherCompany,
  record,
  servesOnly,
  setAvailability,
  useCallTestServer,
  waitFor,
  type OtherCompany,
  type TestMember,
} from '../../testing/calls';

type Member = TestMember;

describe('operator availability and call routing (decision 043)', () => {
  const { server, ctx } = useCallTestServer();
  let company: OtherCompany;
  let ana: Member;
  let beto: Member;
  let supervisor: Member;
  let legal: number;
  let security: number;
  let general: number;

  const accept = (member: Member, callId: number) =>
    postAs(ctx, member.token, `/api/v1/operator/calls/${callId}/accept`);
  const decline = (member: Member, callId: number) =>
    postAs(ctx, member.token, `/api/v1/operator/calls/${callId}/decline`);
  const queueOf = async (member: Member) =>
    (await getAs(ctx, member.token, '/api/v1/operator/calls/queue')).json().calls as QueuedCall[];
  const callOf = async (speciality?: number) => {
    const response = await createCall(ctx, speciality ? { speciality } : {}, company.key);
    return response;
  };
  beforeAll(async () => {
    company = await otherCompany(ctx, 'sur');
    [general, legal, security] = (await addSpecialities(ctx, company.id, [
      { name: 'General', position: 0 },
      { name: 'Orientación Legal', position: 1 },
      { name: 'Seguridad Ciudadana', position: 2 },
    ])) as [number, number, number];
    ana = await newOperator(ctx, 'ana@example.com', company.id);
    beto = await newOperator(ctx, 'beto@example.com', company.id);
    supervisor = await newOperator(ctx, 'sofia@example.com', company.id, 'supervisor');
    // Ana serves Orientación Legal only; Beto every speciality; the supervisor too.
    await servesOnly(ctx, ana, [legal]);
    // The company's own admin is not at a console in these tests: deactivate it out of the way.
    await ctx.database.db
      .update(companyMembers)
      .set({ deactivatedAt: new Date() })
      .where(eq(companyMembers.role, 'admin'));
  });
  afterEach(async () => {
    server.closeSockets();
    await endCallsOf(ctx, company.id);
    for (const member of [ana, beto, supervisor]) await setAvailability(ctx, member, { state: 'available' });
  });

  it('starts Disponible, pauses with a reason, and refuses a pause without one in Spanish', async () => {
    const mine = await getAs(ctx, ana.token, '/api/v1/operator/availability');
    expect(mine.json().availability).toMatchObject({ state: 'available', chosen: 'available', reason: null });

    const paused = await setAvailability(ctx, ana, { state: 'paused', reason: 'colacion' });
    expect(paused.statusCode).toBe(200);
    expect(paused.json().availability).toMatchObject({ state: 'paused', reason: 'colacion' });

    const noReason = await setAvailability(ctx, ana, { state: 'paused' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().data).toEqual([availabilityTexts.reasonRequired]);
    const unknown = await setAvailability(ctx, ana, { state: 'en_llamada' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data).toEqual([availabilityTexts.stateInvalid]);

    const anonymous = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/operator/availability',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the centre open only while someone who serves the speciality is connected and not paused', async () => {
    expect((await callOf()).statusCode).toBe(503);
    await server.connectConsole(ana.token);
    // Ana serves Orientación Legal: a General call and a legal one reach her; Seguridad does not.
    expect((await callOf(legal)).statusCode).toBe(200);
    expect((await callOf(general)).statusCode).toBe(200);
    const refused = await callOf(security);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ error: 'no_operators', message: callTexts.noOperators });

    await setAvailability(ctx, ana, { state: 'paused', reason: 'capacitacion' });
    expect((await callOf(legal)).statusCode).toBe(503);
    await setAvailability(ctx, ana, { state: 'available' });
    expect((await callOf(legal)).statusCode).toBe(200);
  });

  it('shows a call only to those who serve its speciality, and supervisors; refuses the others', async () => {
    await server.connectConsole(beto.token);
    const call = (await callOf(security)).json().data as { id: number };
    expect((await queueOf(beto)).map((queued) => queued.id)).toContain(call.id);
    expect((await queueOf(supervisor)).map((queued) => queued.id)).toContain(call.id);
    expect((await queueOf(ana)).map((queued) => queued.id)).not.toContain(call.id);
    // Let Beto's first offer run out so only the speciality decides.
    await offeredTo(ctx, call.id);
    await ctx.database.db
      .update(videoCalls)
      .set({ offerExpiresAt: new Date() })
      .where(eq(videoCalls.id, call.id));
    const refused = await accept(ana, call.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(availabilityTexts.notYourSpeciality);
    expect((await accept(supervisor, call.id)).statusCode).toBe(200);
  });

  it('offers a call first to the longest-idle free operator, with a countdown, and only they may take it', async () => {
    const anaConsole = await server.connectConsole(ana.token);
    const betoConsole = await server.connectConsole(beto.token);
    const anaUpdates = record<QueuedCall>(anaConsole, 'queue:updated');
    const betoUpdates = record<QueuedCall>(betoConsole, 'queue:updated');
    // Beto came back from a pause later than Ana: Ana has waited longest.
    await setAvailability(ctx, beto, { state: 'paused', reason: 'otra' });
    await setAvailability(ctx, beto, { state: 'available' });
    const call = (await callOf(legal)).json().data as { id: number };

    expect(await offeredTo(ctx, call.id)).toBe(ana.userId);
    await waitFor(() => anaUpdates.length > 0 && betoUpdates.length > 0);
    expect(anaUpdates[0]).toMatchObject({ id: call.id, offer: { operator_id: ana.userId } });
    expect(anaUpdates[0]!.offer!.operator_name).not.toBe('');
    expect(anaUpdates[0]!.offer!.expires_in_ms).toBeGreaterThan(CALL_OFFER_SECONDS * 1000 - 3000);
    expect((await queueOf(beto)).find((queued) => queued.id === call.id)?.offer?.operator_id).toBe(
      ana.userId,
    );

    const held = await accept(beto, call.id);
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(availabilityTexts.offerHeld);

    // Ana lets it pass: everyone who serves it sees it free, and Beto takes it.
    expect((await decline(ana, call.id)).statusCode).toBe(200);
    await waitFor(() => betoUpdates.some((update) => update.id === call.id && update.offer === null));
    expect((await decline(ana, call.id)).json().message).toBe(availabilityTexts.notOffered);
    expect((await accept(beto, call.id)).statusCode).toBe(200);
  });

  it('offers nobody on pause or in a call, withdraws an offer when its operator pauses, and lets anyone take it when it runs out', async () => {
    await server.connectConsole(ana.token);
    await server.connectConsole(beto.token);
    const busy = (await callOf(legal)).json().data as { id: number };
    await offeredTo(ctx, busy.id);
    await markAccepted(ctx, busy.id, ana.userId);
    await setAvailability(ctx, beto, { state: 'paused', reason: 'administrativo' });

    // Ana is in a call and Beto on pause: nobody is offered the next one.
    const next = (await callOf(legal)).json().data as { id: number };
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await callRow(ctx, next.id)).offerExpiresAt).toBeNull();

    // Beto comes back: offered to him; he pauses again: the offer is withdrawn at once.
    await setAvailability(ctx, beto, { state: 'available' });
    expect(await offeredTo(ctx, next.id)).toBe(beto.userId);
    await setAvailability(ctx, beto, { state: 'paused', reason: 'colacion' });
    await waitFor(
      async () => ((await callRow(ctx, next.id)).offerExpiresAt?.getTime() ?? Infinity) <= Date.now(),
    );

    // An offer that ran out holds nobody back.
    await setAvailability(ctx, beto, { state: 'available' });
    await ctx.database.db
      .update(videoCalls)
      .set({ offeredTo: beto.userId, offerExpiresAt: new Date(Date.now() - 1) })
      .where(eq(videoCalls.id, next.id));
    expect((await accept(supervisor, next.id)).statusCode).toBe(200);
  });

  it('answers many calls at once while routing offers others, and no transaction deadlocks (decision 050)', async () => {
    // On PostgreSQL these run side by side: routing holds the company's row while a call's figures,
    // written when it commits, refer to that company.
    await server.connectConsole(beto.token);
    const answered = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const created = await callOf();
        expect(created.statusCode, created.body).toBe(200);
        return accept(beto, created.json().data.id as number);
      }),
    );
    expect(answered.map((response) => response.statusCode)).toEqual(answered.map(() => 200));
  });
});
