import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { reportsApi } from '@seguridad/contracts/http/reports';
import { staffApi } from '@seguridad/contracts/http/staff';
import type { SupervisionSnapshot } from '@seguridad/contracts/http/supervision';
import { callbacks, companyMembers, videoCalls } from '../../db/schema';
import { chileDateTime, startOfChileDay } from '../../lib/chile-time';
import { bearer } from '../../testing/accounts';
import {
  createCall,
  insertCall,
  newOperator,
  nextEvent,
  otherCompany,
  setAvailability,
  useCallTestServer,
  type OtherCompany,
  type TestMember,
} from '../../testing/calls';

type Member = TestMember;

describe('the Supervisión snapshot and its live signal (decision 046)', () => {
  const { server, ctx } = useCallTestServer();
  let company: OtherCompany;
  let elsewhere: OtherCompany;
  let operator: Member;
  let busy: Member;
  let supervisor: Member;

  const snapshotOf = (token?: string) =>
    ctx.app.inject({
      method: 'GET',
      url: '/api/v1/operator/supervision',
      headers: token ? bearer(token) : {},
    });
  const snapshot = async (member: { token: string }) =>
    (await snapshotOf(member.token)).json() as SupervisionSnapshot;
  const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000);
  /**
   * Today's calls below are up to 11 minutes old: in the first minutes after Chile's midnight
   * they would fall on yesterday (rightly). Then the test runs 10 minutes before that midnight.
   */
  const keepClearOfMidnight = () => {
    const now = Date.now();
    const sinceMidnight = now - startOfChileDay(chileDateTime(new Date(now)).slice(0, 10)).getTime();
    if (sinceMidnight > 15 * 60_000) return;
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(now - sinceMidnight - 10 * 60_000);
  };

  beforeAll(async () => {
    company = await otherCompany(ctx, 'vigia');
    elsewhere = await otherCompany(ctx, 'lejana');
    operator = await newOperator(ctx, 'olga@example.com', company.id);
    busy = await newOperator(ctx, 'bruno@example.com', company.id);
    supervisor = await newOperator(ctx, 'sara@example.com', company.id, 'supervisor');
  });
  afterEach(async () => {
    vi.useRealTimers();
    server.closeSockets();
    await ctx.database.db.delete(videoCalls).where(eq(videoCalls.companyId, company.id));
  });

  it('answers supervisors and administrators, refuses operators and strangers', async () => {
    expect((await snapshotOf(supervisor.token)).statusCode).toBe(200);
    expect((await snapshotOf(company.operator)).statusCode).toBe(200);
    expect((await snapshotOf(operator.token)).statusCode).toBe(403);
    expect((await snapshotOf()).statusCode).toBe(401);
  });

  it("shows the company's own calls, team and figures of today, never another company's", async () => {
    keepClearOfMidnight();
    await insertCall(ctx, { companyId: company.id, createdAt: secondsAgo(60) });
    await insertCall(ctx, { companyId: company.id, createdAt: secondsAgo(2), kind: 'phone' });
    const answered = async (waited: number, status: 'active' | 'ended', operatorId = busy.userId) =>
      insertCall(ctx, {
        companyId: company.id,
        status,
        operatorId,
        createdAt: secondsAgo(600 + waited),
        acceptedAt: secondsAgo(600),
        ...(status === 'ended' ? { endedAt: secondsAgo(300) } : {}),
      });
    await answered(10, 'ended');
    await answered(18, 'ended');
    await answered(30, 'active');
    const abandoned = await insertCall(ctx, {
      companyId: company.id,
      status: 'abandoned',
      createdAt: secondsAgo(90),
    });
    const refused = await insertCall(ctx, {
      companyId: company.id,
      status: 'abandoned',
      createdAt: secondsAgo(80),
    });
    await ctx.database.db
      .update(videoCalls)
      .set({ endReason: 'abandoned' })
      .where(eq(videoCalls.id, abandoned.call.id));
    await ctx.database.db
      .update(videoCalls)
      .set({ endReason: 'no_operators' })
      .where(eq(videoCalls.id, refused.call.id));
    // Yesterday's call and another company's do not count.
    await insertCall(ctx, { companyId: company.id, status: 'ended', createdAt: secondsAgo(2 * 86_400) });
    await insertCall(ctx, { companyId: elsewhere.id, createdAt: secondsAgo(5) });
    await ctx.database.db.insert(callbacks).values([
      { companyId: company.id, phone: '+56911111111', preferredTime: 'asap' },
      { companyId: company.id, phone: '+56922222222', preferredTime: 'asap', handledAt: new Date() },
      { companyId: elsewhere.id, phone: '+56933333333', preferredTime: 'asap' },
    ]);

    await server.connectConsole(supervisor.token);
    await server.connectConsole(operator.token);
    await setAvailability(ctx, operator, { state: 'paused', reason: 'colacion' });
    const view = await snapshot(supervisor);

    expect(view.waiting_count).toBe(2);
    expect(view.waiting.map((call) => call.channel)).toEqual(['video', 'phone']);
    expect(Date.parse(view.waiting[0]!.waiting_since)).toBeLessThan(Date.now() - 59_000);
    expect(view.in_progress).toEqual([
      expect.objectContaining({ operator: expect.any(String), speciality: 'General', channel: 'video' }),
    ]);
    const stateOf = (userId: number) => view.operators.find((member) => member.user_id === userId);
    expect(stateOf(busy.userId)).toMatchObject({ state: 'in_call' });
    expect(stateOf(operator.userId)).toMatchObject({ state: 'paused', reason: 'colacion' });
    // A supervisor who never chose takes no calls (decision 057): paused, with no reason.
    expect(stateOf(supervisor.userId)).toMatchObject({ state: 'paused', reason: null });
    // The company's admin has no console open.
    expect(view.operators.filter((member) => member.state === 'offline')).toHaveLength(1);

    expect(view.today).toMatchObject({ offered: 7, answered: 3, abandoned: 1, fell_back: 1 });
    // Within 15 s: one of the six calls decided (the one waiting 2 s may still make it); 20 s: two.
    expect(view.today.service_level_first).toBeCloseTo(1 / 6);
    expect(view.today.service_level_second).toBeCloseTo(2 / 6);
    expect(view.today.avg_answer_seconds).toBeCloseTo(19.3, 1);
    expect(view.pending).toEqual({ callbacks: 1, video_mails: 0, contacts: 0 });
    expect(view.targets).toEqual({
      first_seconds: 15,
      first_percent: 90,
      second_seconds: 20,
      second_percent: 95,
    });

    const theirs = await snapshot({ token: elsewhere.operator });
    expect(theirs.waiting_count).toBe(1);
    expect(theirs.today.offered).toBe(1);
    expect(theirs.pending.callbacks).toBe(1);
    expect(theirs.operators.map((member) => member.user_id)).not.toContain(supervisor.userId);
  });

  it("signals a change to the company's supervisors within the second, not to operators or other companies", async () => {
    const supervisorConsole = await server.connectConsole(supervisor.token);
    const operatorConsole = await server.connectConsole(operator.token);
    const strangerConsole = await server.connectConsole(elsewhere.operator);
    await setAvailability(ctx, operator, { state: 'available' });
    // Let the connections' own signals pass (presence waits 200 ms, then one coalescing window).
    await new Promise((resolve) => setTimeout(resolve, 900));

    const toSupervisor = nextEvent(supervisorConsole, 'supervision:changed', () => true, 1_000);
    let operatorHeard = false;
    let strangerHeard = false;
    operatorConsole.on('supervision:changed', () => (operatorHeard = true));
    strangerConsole.on('supervision:changed', () => (strangerHeard = true));
    const started = Date.now();
    const call = await createCall(ctx, {}, company.key);
    expect(call.statusCode).toBe(200);
    await toSupervisor;
    expect(Date.now() - started).toBeLessThan(1_000);
    expect((await snapshot(supervisor)).waiting_count).toBe(1);

    // A pause is a change too.
    const paused = nextEvent(supervisorConsole, 'supervision:changed', () => true, 1_000);
    await setAvailability(ctx, operator, { state: 'paused', reason: 'otra' });
    await paused;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(operatorHeard).toBe(false);
    expect(strangerHeard).toBe(false);
  });

  it('signals when an administrator changes the thresholds or the team, not only when calls move', async () => {
    const supervisorConsole = await server.connectConsole(supervisor.token);
    await new Promise((resolve) => setTimeout(resolve, 900));
    const admin = bearer(company.operator);

    const afterThresholds = nextEvent(supervisorConsole, 'supervision:changed', () => true, 1_000);
    const thresholds = await ctx.app.inject({
      method: 'PUT',
      url: reportsApi.setServiceLevel.path(),
      headers: admin,
      payload: { first_seconds: 10, first_percent: 90, second_seconds: 20, second_percent: 95 },
    });
    expect(thresholds.statusCode, thresholds.body).toBe(200);
    await afterThresholds;
    expect((await snapshot(supervisor)).targets.first_seconds).toBe(10);

    const afterDeactivation = nextEvent(supervisorConsole, 'supervision:changed', () => true, 1_000);
    const off = await ctx.app.inject({
      method: 'POST',
      url: staffApi.deactivateMember.path({ userId: busy.userId }),
      headers: admin,
    });
    expect(off.statusCode, off.body).toBe(200);
    await afterDeactivation;
    const on = await ctx.app.inject({
      method: 'POST',
      url: staffApi.reactivateMember.path({ userId: busy.userId }),
      headers: admin,
    });
    expect(on.statusCode, on.body).toBe(200);
  });

  it('stops answering a member whose role went down to operator', async () => {
    await ctx.database.db
      .update(companyMembers)
      .set({ role: 'operator' })
      .where(eq(companyMembers.userId, supervisor.userId));
    expect((await snapshotOf(supervisor.token)).statusCode).toBe(403);
    await ctx.database.db
      .update(companyMembers)
      .set({ role: 'supervisor' })
      .where(eq(companyMembers.userId, supervisor.userId));
  });
});
