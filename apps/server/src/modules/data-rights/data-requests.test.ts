import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataRequestTexts } from '@seguridad/contracts/messages/data-requests';
import { auditEvents, contactMessages, dataRequests } from '../../db/schema';
import { bearer, getAs, latestMessageTo, newSession } from '../../testing/accounts';
import { demoCompanyId, newOperator, otherCompany } from '../../testing/calls';
import { DATA_REQUEST_FILINGS_PER_DAY } from './data-request-routes';
import { useTestApp } from '../../testing/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('rights requests', () => {
  const ctx = useTestApp();
  let citizen: string;
  let admin: Awaited<ReturnType<typeof newOperator>>;
  let operator: Awaited<ReturnType<typeof newOperator>>;
  beforeAll(async () => {
    citizen = await newSession(ctx, 'solicitante@example.com');
    // The platform's own company (the first) answers for the account itself.
    admin = await newOperator(ctx, 'dpo-admin@example.com', await demoCompanyId(ctx), 'admin');
    operator = await newOperator(ctx, 'dpo-operadora@example.com', admin.companyId, 'operator');
  });

  let lastAddress = 0;
  const file = (token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/v1/user/data-requests',
      headers: bearer(token),
      payload,
      remoteAddress: `192.0.2.${++lastAddress}`,
    });
  const list = (token: string) => getAs(ctx, token, '/api/v1/operator/data-requests');
  const step = (token: string, id: number, action: string, payload: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: `/api/v1/operator/data-requests/${id}/${action}`,
      headers: bearer(token),
      payload,
    });

  it('a citizen files a request, is mailed, and sees it with its 30-day deadline', async () => {
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/v1/user/data-requests',
          payload: { kind: 'other', detail: 'Sin sesión.' },
        })
      ).statusCode,
    ).toBe(401);
    const bad = await file(citizen, { kind: 'nada', detail: '' });
    expect(bad.statusCode).toBe(400);

    const filed = await file(citizen, {
      kind: 'opposition',
      detail: 'No quiero recibir correos del sorteo.',
    });
    expect(filed.statusCode).toBe(200);
    expect(filed.json().message).toBe(dataRequestTexts.filed);
    const request = filed.json().request;
    const created = new Date(request.created_at).getTime();
    expect(new Date(request.due_at).getTime() - created).toBe(30 * DAY_MS);
    const mail = await latestMessageTo(ctx, 'solicitante@example.com');
    expect(mail?.text).toContain(`n° ${request.id}`);

    const mine = await getAs(ctx, citizen, '/api/v1/user/data-requests');
    expect(mine.json().requests).toEqual([
      expect.objectContaining({ id: request.id, status: 'open', extended: false }),
    ]);
  });

  it('an administrator sees it flagged near its deadline, extends it once with a reason and answers it; steps are audited', async () => {
    const filed = (
      await file(citizen, { kind: 'blocking', detail: 'Bloqueen mis datos mientras revisan.' })
    ).json().request;
    // 27 days later: 3 days left, within the console's flag.
    await ctx.database.db
      .update(dataRequests)
      .set({ dueAt: new Date(Date.now() + 3 * DAY_MS) })
      .where(eq(dataRequests.id, filed.id));

    expect((await getAs(ctx, operator.token, '/api/v1/operator/data-requests')).statusCode).toBe(403);
    const listed = await getAs(ctx, admin.token, '/api/v1/operator/data-requests');
    expect(listed.json().requests).toContainEqual(
      expect.objectContaining({ id: filed.id, near_deadline: true, email: 'solicitante@example.com' }),
    );

    const adminStep = (action: string, payload: Record<string, unknown>, id = filed.id) =>
      step(admin.token, id, action, payload);
    expect((await adminStep('extend', { reason: 'x' })).statusCode).toBe(400);
    expect((await adminStep('extend', { reason: 'Necesitamos revisar las grabaciones.' })).statusCode).toBe(
      200,
    );
    expect((await adminStep('extend', { reason: 'Otra vez.' })).statusCode).toBe(409);
    expect((await adminStep('answer', { answer: 'Listo.' }, 999_999)).statusCode).toBe(404);
    expect(
      (await adminStep('answer', { answer: 'Bloqueamos el tratamiento de tus datos.' })).statusCode,
    ).toBe(200);
    expect((await adminStep('answer', { answer: 'De nuevo.' })).statusCode).toBe(409);

    const mine = await getAs(ctx, citizen, '/api/v1/user/data-requests');
    const answered = mine.json().requests.find((row: { id: number }) => row.id === filed.id);
    expect(answered).toMatchObject({
      status: 'answered',
      extended: true,
      answer: 'Bloqueamos el tratamiento de tus datos.',
    });
    expect((await latestMessageTo(ctx, 'solicitante@example.com'))?.subject).toContain(`n° ${filed.id}`);

    const trail = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, String(filed.id)));
    expect(trail.map((event) => event.action).sort()).toEqual(['data_request.answer', 'data_request.extend']);
  });

  it("another company's administrator neither lists nor acts on a request whose data it does not hold", async () => {
    const stranger = await otherCompany(ctx, 'dpo-ajena');
    const response = await file(citizen, {
      kind: 'rectification',
      detail: 'Corrijan mi apellido, por favor.',
    });
    expect(response.json()).toMatchObject({ code: 200 });
    const filed = response.json();
    expect(filed.requests).toHaveLength(1);

    const seen = (await list(stranger.operator)).json().requests as { id: number; email: string }[];
    expect(seen.map((row) => row.id)).not.toContain(filed.request.id);
    expect(seen.map((row) => row.email)).not.toContain('solicitante@example.com');
    expect(
      (await step(stranger.operator, filed.request.id, 'extend', { reason: 'Revisando grabaciones.' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await step(stranger.operator, filed.request.id, 'answer', { answer: 'Respuesta ajena.' })).statusCode,
    ).toBe(404);
    const [row] = await ctx.database.db
      .select()
      .from(dataRequests)
      .where(eq(dataRequests.id, filed.request.id));
    expect(row).toMatchObject({ status: 'open', extendedAt: null, answer: null });
  });

  it("a filing goes to each company holding the person's data; each answers its own part only", async () => {
    const municipality = await otherCompany(ctx, 'dpo-municipio');
    const person = await newSession(ctx, 'dos-centrales@example.com');
    await ctx.database.db.insert(contactMessages).values({
      companyId: municipality.id,
      name: 'Rosa',
      email: 'Dos-Centrales@example.com',
      phone: '+56911112222',
      message: 'Hola',
    });

    const filed = (await file(person, { kind: 'suppression', detail: 'Borren mis mensajes.' })).json();
    expect(filed.requests.map((part: { company: string }) => part.company)).toEqual([
      expect.any(String),
      municipality.name,
    ]);
    const [platformPart, municipalityPart] = filed.requests as { id: number }[];
    expect((await latestMessageTo(ctx, 'dos-centrales@example.com'))?.text).toContain(municipality.name);

    const municipalList = (await list(municipality.operator)).json().requests as { id: number }[];
    expect(municipalList.map((row) => row.id)).toEqual([municipalityPart!.id]);
    expect(
      (await step(municipality.operator, platformPart!.id, 'answer', { answer: 'No es nuestra.' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await step(municipality.operator, municipalityPart!.id, 'answer', { answer: 'Borramos tu mensaje.' }))
        .statusCode,
    ).toBe(200);

    const mine = (await getAs(ctx, person, '/api/v1/user/data-requests')).json().requests as {
      id: number;
      status: string;
      company: string;
      answer: string | null;
    }[];
    expect(mine.find((row) => row.id === municipalityPart!.id)).toMatchObject({
      status: 'answered',
      company: municipality.name,
      answer: 'Borramos tu mensaje.',
    });
    expect(mine.find((row) => row.id === platformPart!.id)).toMatchObject({ status: 'open', answer: null });
    // The step is in the municipality's trail, not the platform's.
    const trail = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, String(municipalityPart!.id)));
    expect(trail.map((event) => event.companyId)).toEqual([municipality.id]);
  });

  it('limits filings per account, whatever address they come from', async () => {
    const busy = await newSession(ctx, 'muchas-solicitudes@example.com');
    for (let filing = 0; filing < DATA_REQUEST_FILINGS_PER_DAY; filing += 1) {
      expect((await file(busy, { kind: 'other', detail: `Solicitud número ${filing}.` })).statusCode).toBe(
        200,
      );
    }
    const refused = await file(busy, { kind: 'other', detail: 'Una más, desde otra dirección.' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(dataRequestTexts.tooManyFilings);
  });
});
