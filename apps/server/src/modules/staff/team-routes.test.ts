import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffTexts, validationMessages } from '@seguridad/contracts/messages';
import {
  auditEvents,
  companies,
  companyMembers,
  specialities,
  staffInvitations,
  userPhones,
} from '../../db/schema';
import { bearer, latestLinkTo, login, STRONG_PASSWORD } from '../../testing/accounts';
import { useTestApp } from '../../testing/test-app';
import type { StaffRole } from '@seguridad/contracts/staff-access';
import { demoCompanyStaff, insertMember } from '../../testing/staff';

type Role = StaffRole;
type Method = 'GET' | 'POST' | 'PATCH';

/** The console's Equipo tab: what administrators may do with the team, and what nobody else may. */
describe('the Equipo tab routes (decision 033)', () => {
  const ctx = useTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  let companyId: number;
  let specialityIds: number[];
  let otherSpecialityId: number;
  let foreignMemberId: number;
  let ids: Record<Role, number>;
  let tokens: Record<Role, string>;

  const member = (role: Role, email: string, company = companyId) =>
    insertMember(ctx, company, role, email, { lastname: 'Equipo' });

  const call = (role: Role, method: Method, url: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: bearer(tokens[role]), ...(payload ? { payload } : {}) });

  const invite = (email: string, role: string = 'operator', speciality_ids: number[] = []) =>
    call('admin', 'POST', '/api/v1/operator/team/invitations', { email, role, speciality_ids });

  const trailOf = async (action: string) =>
    ctx.database.db
      .select({
        actor: auditEvents.actorUserId,
        subject: auditEvents.subjectId,
        details: auditEvents.details,
      })
      .from(auditEvents)
      .where(eq(auditEvents.action, action));

  beforeAll(async () => {
    ({ companyId, ids, tokens } = await demoCompanyStaff(ctx, 'equipo', 'Equipo'));
    specialityIds = (
      await ctx.database.db
        .select({ id: specialities.id })
        .from(specialities)
        .where(eq(specialities.companyId, companyId))
    ).map((row) => row.id);

    const [other] = await ctx.database.db
      .insert(companies)
      .values({ name: 'Otra central', publicKey: 'pk_otra_equipo', inboxEmail: 'otra@example.com' })
      .returning({ id: companies.id });
    const [foreign] = await ctx.database.db
      .insert(specialities)
      .values({ companyId: other!.id, name: 'Ajena' })
      .returning({ id: specialities.id });
    otherSpecialityId = foreign!.id;
    foreignMemberId = await member('admin', 'admin.otra@example.com', other!.id);
  });

  it('answers administrators only: operators and supervisors get 403 on every route', async () => {
    const routes: [Method, string, object?][] = [
      ['GET', '/api/v1/operator/team'],
      ['POST', '/api/v1/operator/team/invitations', { email: 'x@example.com', role: 'operator' }],
      ['POST', '/api/v1/operator/team/invitations/1/resend'],
      ['POST', '/api/v1/operator/team/invitations/1/revoke'],
      ['PATCH', `/api/v1/operator/team/${ids.operator}`, { role: 'admin' }],
    ];
    for (const [method, url, payload] of routes) {
      for (const role of ['operator', 'supervisor'] as const) {
        expect((await call(role, method, url, payload)).statusCode, `${role} ${method} ${url}`).toBe(403);
      }
      const anonymous = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(anonymous.statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    expect(
      await ctx.database.db
        .select()
        .from(staffInvitations)
        .where(eq(staffInvitations.email, 'x@example.com')),
    ).toEqual([]);
  });

  it('lists the team with role, specialities, last sign-in, two-step and state', async () => {
    await ctx.database.db
      .insert(userPhones)
      .values({ userId: ids.supervisor, phone: '+56912345670', confirmedAt: new Date() });
    await ctx.database.db
      .update(companyMembers)
      .set({ specialityIds: [specialityIds[0]!] })
      .where(eq(companyMembers.userId, ids.operator));
    const response = await call('admin', 'GET', '/api/v1/operator/team');
    expect(response.statusCode).toBe(200);
    const members = response.json().members as { user_id: number }[];
    expect(members.find((row) => row.user_id === ids.operator)).toEqual({
      user_id: ids.operator,
      name: 'operator Equipo',
      email: 'operator.equipo@example.com',
      role: 'operator',
      speciality_ids: [specialityIds[0]],
      last_sign_in_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      two_step: false,
      active: true,
    });
    expect(members.find((row) => row.user_id === ids.supervisor)).toMatchObject({ two_step: true });
    expect(members.find((row) => row.user_id === ids.admin)).toMatchObject({ role: 'admin', active: true });
    expect(members.some((row) => row.user_id === foreignMemberId)).toBe(false);
  });

  it('invites with a role and specialities through the invitation service, mails the link and audits it', async () => {
    const email = 'nueva.operadora@example.com';
    const response = await invite(' Nueva.Operadora@Example.com ', 'operator', [specialityIds[0]!]);
    expect(response.statusCode).toBe(200);
    expect(response.json().invitation).toMatchObject({
      email,
      role: 'operator',
      speciality_ids: [specialityIds[0]],
      invited_by: expect.stringContaining(''),
      expires_at: expect.any(String),
    });
    const days = (Date.parse(response.json().invitation.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    const link = await latestLinkTo(ctx, email, '/equipo/invitacion?code=');
    const lookup = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations/lookup',
      payload: { code: link.searchParams.get('code') },
    });
    expect(lookup.json()).toMatchObject({ email, role: 'operator' });
    const listed = (await call('admin', 'GET', '/api/v1/operator/team')).json().invitations;
    expect(listed[0]).toMatchObject({ id: response.json().invitation.id, email });
    expect(await trailOf('staff.invite')).toContainEqual({
      actor: ids.admin,
      subject: String(response.json().invitation.id),
      details: { email, role: 'operator', specialityIds: [specialityIds[0]] },
    });
  });

  it('refuses bad invitations in Spanish and stores nothing', async () => {
    const before = (await ctx.database.db.select().from(staffInvitations)).length;
    const unknownRole = await invite('rol@example.com', 'jefe');
    expect(unknownRole.statusCode).toBe(400);
    expect(unknownRole.json().data).toEqual([staffTexts.unknownRole]);
    const badEmail = await invite('no-es-correo');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().data).toEqual([validationMessages.accountEmailInvalid]);
    const existing = await invite('supervisor.equipo@example.com');
    expect(existing.statusCode).toBe(409);
    expect(existing.json()).toMatchObject({ error: 'already_member', message: staffTexts.alreadyMember });
    const foreignSpeciality = await invite('ajena@example.com', 'operator', [otherSpecialityId]);
    expect(foreignSpeciality.statusCode).toBe(422);
    expect(foreignSpeciality.json().message).toBe(staffTexts.unknownSpeciality);
    expect((await ctx.database.db.select().from(staffInvitations)).length).toBe(before);
  });

  it('resends with a new code (the old link stops) and revokes; an accepted invitation is neither', async () => {
    const email = 'reenvio@example.com';
    const sent = (await invite(email, 'supervisor')).json().invitation as { id: number };
    const firstCode = (await latestLinkTo(ctx, email, '/equipo/invitacion?code=')).searchParams.get('code');
    const resent = await call('admin', 'POST', `/api/v1/operator/team/invitations/${sent.id}/resend`);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().invitation).toMatchObject({ id: sent.id, email, role: 'supervisor' });
    const secondCode = (await latestLinkTo(ctx, email, '/equipo/invitacion?code=')).searchParams.get('code');
    expect(secondCode).not.toBe(firstCode);
    const lookup = (code: string | null) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/staff/invitations/lookup', payload: { code } });
    expect((await lookup(firstCode)).statusCode).toBe(404);
    expect((await lookup(secondCode)).statusCode).toBe(200);

    const revoked = await call('admin', 'POST', `/api/v1/operator/team/invitations/${sent.id}/revoke`);
    expect(revoked.json()).toEqual({ code: 200 });
    expect((await lookup(secondCode)).statusCode).toBe(404);
    const listed = (await call('admin', 'GET', '/api/v1/operator/team')).json().invitations as {
      id: number;
    }[];
    expect(listed.some((row) => row.id === sent.id)).toBe(false);
    const again = await call('admin', 'POST', `/api/v1/operator/team/invitations/${sent.id}/revoke`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(staffTexts.invitationNotPending);

    // An accepted invitation can be neither revoked nor resent.
    const accepted = (await invite('aceptada@example.com')).json().invitation as { id: number };
    const code = (
      await latestLinkTo(ctx, 'aceptada@example.com', '/equipo/invitacion?code=')
    ).searchParams.get('code');
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/invitations/register',
      payload: {
        code,
        name: 'Ana',
        lastname: 'Acepta',
        password: STRONG_PASSWORD,
        password_confirmation: STRONG_PASSWORD,
      },
    });
    expect(registered.statusCode).toBe(200);
    for (const action of ['revoke', 'resend']) {
      const refused = await call(
        'admin',
        'POST',
        `/api/v1/operator/team/invitations/${accepted.id}/${action}`,
      );
      expect(refused.statusCode, action).toBe(409);
      expect(refused.json().error).toBe('invitation_not_pending');
    }
    for (const action of ['revoke', 'resend']) {
      expect(
        (await call('admin', 'POST', `/api/v1/operator/team/invitations/999999/${action}`)).statusCode,
      ).toBe(404);
    }
    expect((await trailOf('staff.invite.resend')).map((row) => row.subject)).toEqual([String(sent.id)]);
    expect((await trailOf('staff.invite.revoke')).map((row) => row.subject)).toEqual([String(sent.id)]);
  });

  it('changes role and specialities, each audited; unknown or foreign members are 404', async () => {
    const url = `/api/v1/operator/team/${ids.operator}`;
    const promoted = await call('admin', 'PATCH', url, { role: 'supervisor' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().member).toMatchObject({ user_id: ids.operator, role: 'supervisor' });
    const narrowed = await call('admin', 'PATCH', url, { speciality_ids: [...specialityIds].reverse() });
    expect(narrowed.json().member.speciality_ids).toEqual([...specialityIds].sort((a, b) => a - b));
    const all = await call('admin', 'PATCH', url, { role: 'operator', speciality_ids: [] });
    expect(all.json().member).toMatchObject({ role: 'operator', speciality_ids: [] });
    expect((await trailOf('staff.role.change')).map((row) => row.details)).toEqual([
      { from: 'operator', to: 'supervisor' },
      { from: 'supervisor', to: 'operator' },
    ]);
    expect((await trailOf('staff.specialities.change')).length).toBe(2);

    const bad: [string, object, number, string?][] = [
      [url, { role: 'jefe' }, 400, staffTexts.unknownRole],
      [url, {}, 400, staffTexts.nothingToChange],
      [url, { speciality_ids: [otherSpecialityId] }, 422, staffTexts.unknownSpeciality],
      ['/api/v1/operator/team/999999', { role: 'admin' }, 404, staffTexts.memberNotFound],
      [`/api/v1/operator/team/${foreignMemberId}`, { role: 'operator' }, 404, staffTexts.memberNotFound],
      ['/api/v1/operator/team/abc', { role: 'admin' }, 400],
    ];
    for (const [target, payload, status, message] of bad) {
      const response = await call('admin', 'PATCH', target, payload);
      expect(response.statusCode, `${target} ${JSON.stringify(payload)}`).toBe(status);
      if (message) expect([response.json().message, ...response.json().data]).toContain(message);
    }
    const [foreign] = await ctx.database.db
      .select({ role: companyMembers.role })
      .from(companyMembers)
      .where(eq(companyMembers.userId, foreignMemberId));
    expect(foreign!.role).toBe('admin');
  });

  it('keeps an active administrator: the last one cannot be demoted, not even by themselves', async () => {
    const self = `/api/v1/operator/team/${ids.admin}`;
    const refused = await call('admin', 'PATCH', self, { role: 'supervisor' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'last_admin', message: staffTexts.lastAdminDemote });
    // Specialities of the last administrator may change; the role stays.
    expect((await call('admin', 'PATCH', self, { role: 'admin', speciality_ids: [] })).statusCode).toBe(200);

    // A second administrator: now either may step down, but not both.
    const second = await member('admin', 'segunda.admin@example.com');
    tokens.supervisor = (await login(ctx, 'segunda.admin@example.com')).json().access_token;
    expect(
      (await call('admin', 'PATCH', `/api/v1/operator/team/${second}`, { role: 'operator' })).statusCode,
    ).toBe(200);
    const lastOne = await call('admin', 'PATCH', self, { role: 'operator' });
    expect(lastOne.statusCode).toBe(409);
    // The demoted administrator lost the tab at once.
    expect((await call('supervisor', 'GET', '/api/v1/operator/team')).statusCode).toBe(403);
    const [row] = await ctx.database.db
      .select({ role: companyMembers.role })
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, ids.admin)));
    expect(row!.role).toBe('admin');
    expect(
      await ctx.database.db.select().from(auditEvents).where(like(auditEvents.action, 'staff.role.change%')),
    ).toHaveLength(3);
  });
});
