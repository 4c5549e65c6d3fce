import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataRequestTexts } from '@seguridad/contracts/http/data-requests';
import { auditEvents, dataRequests } from '../../db/schema';
import { bearer, latestMessageTo, newSession } from '../../testing/accounts';
import { newOperator } from '../../testing/calls';
import { createTestApp, type TestContext } from '../../testing/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('rights requests', () => {
  let ctx: TestContext;
  let citizen: string;
  let admin: Awaited<ReturnType<typeof newOperator>>;
  let operator: Awaited<ReturnType<typeof newOperator>>;
  beforeAll(async () => {
    ctx = await createTestApp();
    citizen = await newSession(ctx, 'solicitante@example.com');
    admin = await newOperator(ctx, 'dpo-admin@example.com', undefined, 'admin');
    operator = await newOperator(ctx, 'dpo-operadora@example.com', admin.companyId, 'operator');
  });
  afterAll(() => ctx.close());

  const file = (token: string, payload: Record<string, unknown>) =>
    ctx.app.inject({ method: 'POST', url: '/api/v1/user/data-requests', headers: bearer(token), payload });

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

    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/data-requests',
      headers: bearer(citizen),
    });
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

    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/operator/data-requests',
          headers: bearer(operator.token),
        })
      ).statusCode,
    ).toBe(403);
    const listed = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/operator/data-requests',
      headers: bearer(admin.token),
    });
    expect(listed.json().requests).toContainEqual(
      expect.objectContaining({ id: filed.id, near_deadline: true, email: 'solicitante@example.com' }),
    );

    const step = (action: string, payload: Record<string, unknown>, id = filed.id) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/v1/operator/data-requests/${id}/${action}`,
        headers: bearer(admin.token),
        payload,
      });
    expect((await step('extend', { reason: 'x' })).statusCode).toBe(400);
    expect((await step('extend', { reason: 'Necesitamos revisar las grabaciones.' })).statusCode).toBe(200);
    expect((await step('extend', { reason: 'Otra vez.' })).statusCode).toBe(409);
    expect((await step('answer', { answer: 'Listo.' }, 999_999)).statusCode).toBe(404);
    expect((await step('answer', { answer: 'Bloqueamos el tratamiento de tus datos.' })).statusCode).toBe(
      200,
    );
    expect((await step('answer', { answer: 'De nuevo.' })).statusCode).toBe(409);

    const mine = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/user/data-requests',
      headers: bearer(citizen),
    });
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
});
