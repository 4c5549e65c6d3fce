import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffTexts } from '@seguridad/contracts/messages';
import {
  auditEvents,
  callRecordings,
  companies,
  companyMembers,
  userPhones,
  users,
  videoCalls,
} from '../../db/schema';
import { bearer, deleteAccount, login, postAs } from '../../testing/accounts';
import { useTestApp } from '../../testing/test-app';
import type { StaffRole } from '@seguridad/contracts/staff-access';
import { demoCompanyStaff, insertSignedInMember } from '../../testing/staff';

type Role = StaffRole;

describe('staff roles on the console routes (decision 033)', () => {
  const ctx = useTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  let companyId: number;
  let ids: Record<Role, number>;
  let tokens: Record<Role, string>;
  let ownCallId: number;
  let otherCallId: number;

  const member = (role: Role, email: string) => insertSignedInMember(ctx, companyId, role, email);

  const call = (role: Role, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(tokens[role]), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    ({ companyId, ids, tokens } = await demoCompanyStaff(ctx, 'roles', 'Prueba'));
    const calls = await ctx.database.db
      .insert(videoCalls)
      .values([
        {
          companyId,
          room: 'roles-own',
          specialityName: 'General',
          status: 'ended',
          operatorId: ids.operator,
        },
        {
          companyId,
          room: 'roles-other',
          specialityName: 'General',
          status: 'ended',
          operatorId: ids.supervisor,
        },
      ])
      .returning({ id: videoCalls.id });
    ownCallId = calls[0]!.id;
    otherCallId = calls[1]!.id;
    await ctx.database.db.insert(callRecordings).values([
      { callId: ownCallId, companyId, operatorId: ids.operator, status: 'ready', storageKey: 'rec/own.webm' },
      {
        callId: otherCallId,
        companyId,
        operatorId: ids.supervisor,
        status: 'ready',
        storageKey: 'rec/other.webm',
      },
    ]);
  });

  it('keeps the administrator tools to administrators: operators and supervisors are refused', async () => {
    const adminOnly: [method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object][] = [
      ['PATCH', '/api/v1/operator/company', { video_call: true }],
      ['POST', '/api/v1/operator/specialities', { name: 'Nueva' }],
      ['DELETE', '/api/v1/operator/specialities/1'],
      ['GET', '/api/v1/operator/draw'],
    ];
    for (const [method, url, payload] of adminOnly) {
      for (const role of ['operator', 'supervisor'] as const) {
        const response = await call(role, method, url, payload);
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    expect((await call('admin', 'GET', '/api/v1/operator/company')).statusCode).toBe(200);
    expect((await call('operator', 'GET', '/api/v1/operator/company')).statusCode).toBe(200);
  });

  it("shows an operator only their own calls and recordings; supervisors and admins the company's", async () => {
    const history = async (role: Role) =>
      ((await call(role, 'GET', '/api/v1/operator/calls/history')).json().calls as { id: number }[]).map(
        (row) => row.id,
      );
    expect(await history('operator')).toContain(ownCallId);
    expect(await history('operator')).not.toContain(otherCallId);
    for (const role of ['supervisor', 'admin'] as const) {
      expect(await history(role)).toEqual(expect.arrayContaining([ownCallId, otherCallId]));
    }
    const recordings = async (role: Role) =>
      (
        (await call(role, 'GET', '/api/v1/operator/recordings')).json().recordings as { call_id: number }[]
      ).map((row) => row.call_id);
    expect(await recordings('operator')).toEqual([ownCallId]);
    expect(await recordings('supervisor')).toEqual(expect.arrayContaining([ownCallId, otherCallId]));

    expect((await call('operator', 'GET', `/api/v1/operator/calls/${otherCallId}/chat`)).statusCode).toBe(
      404,
    );
    expect((await call('operator', 'GET', `/api/v1/operator/calls/${ownCallId}/chat`)).statusCode).toBe(200);
    expect((await call('supervisor', 'GET', `/api/v1/operator/calls/${ownCallId}/chat`)).statusCode).toBe(
      200,
    );
    const opened = await ctx.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'call.transcript_open'));
    expect(opened.map((entry) => [entry.actorUserId, entry.subjectId])).toEqual([
      [ids.operator, String(ownCallId)],
      [ids.supervisor, String(ownCallId)],
    ]);
  });

  it('sends a member without a confirmed phone to two-step set-up when the company requires it', async () => {
    await ctx.database.db.update(companies).set({ staffTwoStep: true }).where(eq(companies.id, companyId));
    try {
      const membership = await call('supervisor', 'GET', '/api/v1/operator/membership');
      expect(membership.json()).toMatchObject({ member: true, role: 'supervisor', two_step_required: true });
      const inbox = await call('supervisor', 'GET', '/api/v1/operator/inbox');
      expect(inbox.statusCode).toBe(403);
      expect(inbox.json()).toMatchObject({ error: 'two_step_required', message: staffTexts.twoStepRequired });
      await ctx.database.db
        .insert(userPhones)
        .values({ userId: ids.supervisor, phone: '56912345678', confirmedAt: new Date() });
      expect((await call('supervisor', 'GET', '/api/v1/operator/inbox')).statusCode).toBe(200);
      expect((await call('supervisor', 'GET', '/api/v1/operator/membership')).json()).toMatchObject({
        two_step_required: false,
      });
    } finally {
      await ctx.database.db.update(companies).set({ staffTwoStep: null }).where(eq(companies.id, companyId));
    }
    // Outside production the product's default is off.
    expect((await call('operator', 'GET', '/api/v1/operator/membership')).json()).toMatchObject({
      two_step_required: false,
    });
  });

  it('treats a deactivated member as no member', async () => {
    const made = await member('operator', 'baja.roles@example.com');
    expect(
      (await ctx.app.inject({ url: '/api/v1/operator/inbox', headers: bearer(made.token) })).statusCode,
    ).toBe(200);
    await ctx.database.db
      .update(companyMembers)
      .set({ deactivatedAt: new Date() })
      .where(eq(companyMembers.userId, made.id));
    expect(
      (await ctx.app.inject({ url: '/api/v1/operator/inbox', headers: bearer(made.token) })).statusCode,
    ).toBe(403);
  });
  it('lets an administrator deactivate a member (sessions end at once) and reactivate them; nobody else, not oneself', async () => {
    const made = await member('operator', 'cortada.roles@example.com');
    const url = (action: string, userId = made.id) => `/api/v1/operator/team/${userId}/${action}`;
    expect((await call('operator', 'POST', url('deactivate'))).statusCode).toBe(403);
    expect((await call('supervisor', 'POST', url('deactivate'))).statusCode).toBe(403);
    expect((await call('admin', 'POST', url('deactivate', ids.admin))).json()).toMatchObject({
      error: 'not_yourself',
    });
    expect((await call('admin', 'POST', url('deactivate', 999_999))).statusCode).toBe(404);
    expect((await call('admin', 'POST', '/api/v1/operator/team/abc/deactivate')).statusCode).toBe(400);
    expect((await call('admin', 'POST', url('deactivate'))).json()).toEqual({ code: 200, active: false });
    expect(
      (await ctx.app.inject({ url: '/api/v1/operator/inbox', headers: bearer(made.token) })).statusCode,
    ).toBe(401);
    expect((await call('admin', 'POST', url('reactivate'))).json()).toEqual({ code: 200, active: true });
    const again = await login(ctx, 'cortada.roles@example.com');
    expect(
      (await ctx.app.inject({ url: '/api/v1/operator/inbox', headers: bearer(again.json().access_token) }))
        .statusCode,
    ).toBe(200);
    const trail = await ctx.database.db
      .select({ action: auditEvents.action, actor: auditEvents.actorUserId })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, String(made.id)));
    expect(trail).toEqual([
      { action: 'staff.deactivate', actor: ids.admin },
      { action: 'staff.reactivate', actor: ids.admin },
    ]);
  });

  it('two administrators deactivating each other at the same moment leave one; the last one cannot delete their account', async () => {
    const [other] = await ctx.database.db
      .insert(companies)
      .values({
        name: 'Central de dos',
        publicKey: `pk_de_dos_${'0'.repeat(16)}`,
        inboxEmail: 'dos@example.com',
      })
      .returning({ id: companies.id });
    const made = (email: string) =>
      insertSignedInMember(ctx, other!.id, 'admin', email, { name: 'Admin', lastname: 'Dos' });
    const first = await made('primera.dos@example.com');
    const second = await made('segunda.dos@example.com');
    const deactivate = (actor: { token: string }, target: { id: number }) =>
      postAs(ctx, actor.token, `/api/v1/operator/team/${target.id}/deactivate`);

    const answers = await Promise.all([deactivate(first, second), deactivate(second, first)]);
    // One wins; the other finds itself deactivated (401, 403) or its target the last one (409).
    const codes = answers.map((answer) => answer.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect([401, 403, 409]).toContain(codes.find((code) => code !== 200));
    const active = await ctx.database.db
      .select({ userId: companyMembers.userId })
      .from(companyMembers)
      .where(eq(companyMembers.companyId, other!.id));
    const stillActive = (
      await ctx.database.db.select().from(companyMembers).where(eq(companyMembers.companyId, other!.id))
    ).filter((row) => row.deactivatedAt === null);
    expect(active).toHaveLength(2);
    expect(stillActive).toHaveLength(1);

    const last = stillActive[0]!.userId === first.id ? first : second;
    const refused = await deleteAccount(ctx, last.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(staffTexts.lastAdminDelete);
    expect(await ctx.database.db.select().from(users).where(eq(users.id, last.id))).toHaveLength(1);
  });
});
