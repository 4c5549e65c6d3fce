import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { reportsApi, type ReportResponse } from '@seguridad/contracts/http/reports';
import {
  callbacks,
  callRatings,
  companies,
  companyMembers,
  contactMessages,
  users,
  videoCalls,
  videoMails,
} from '../db/schema';
import { DEV_ACCOUNTS } from '../db/seed/seed';
import { hashPassword } from '../lib/password';
import { bearer, login, STRONG_PASSWORD } from './accounts';
import { TEST_PASSWORDS } from './test-database';
import { createTestApp, type TestContext } from './test-app';
import type { StaffRole } from '@seguridad/contracts/staff-access';

export type Role = StaffRole;

export const ROBOS = 'Robos en vía pública';
export const INCENDIOS = 'Incendios';

/**
 * The reports tests' world: the demo company with an operator (Íngrid), a supervisor (Tomás) and
 * its administrator, another company with its own administrator, and a handcrafted 10 March 2026
 * of calls, ratings and inbox items (decisions 045, 047).
 */
export async function openReportFixture() {
  const ctx: TestContext = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  const db = ctx.database.db;
  const [company] = await db.select({ id: companies.id }).from(companies).limit(1);
  const companyId = company!.id;
  const ids = {} as Record<Role, number>;
  const tokens = {} as Record<Role, string>;
  let room = 0;

  /** A call queued at `at`, answered `answerS` seconds later and ended `handleS` after that. */
  async function call(values: {
    at: string;
    answerS?: number;
    handleS?: number;
    operator?: number;
    speciality?: string;
    kind?: 'video' | 'phone';
    status?: 'waiting' | 'active' | 'ended' | 'abandoned';
    endReason?: string;
    isPrivate?: boolean;
    company?: number;
  }) {
    const createdAt = new Date(values.at);
    const acceptedAt =
      values.answerS === undefined ? null : new Date(createdAt.getTime() + values.answerS * 1000);
    const endedAt =
      acceptedAt && values.handleS !== undefined
        ? new Date(acceptedAt.getTime() + values.handleS * 1000)
        : values.status === 'abandoned'
          ? new Date(createdAt.getTime() + 30_000)
          : null;
    room += 1;
    const [row] = await ctx.database.db
      .insert(videoCalls)
      .values({
        companyId: values.company ?? companyId,
        room: `reportes-${room}`,
        specialityName: values.speciality ?? ROBOS,
        kind: values.kind ?? 'video',
        isPrivate: values.isPrivate ?? false,
        status: values.status ?? (acceptedAt ? (endedAt ? 'ended' : 'active') : 'waiting'),
        operatorId: values.operator ?? null,
        createdAt,
        acceptedAt,
        endedAt,
        endReason: values.endReason ?? null,
      })
      .returning({ id: videoCalls.id, endedAt: videoCalls.endedAt });
    return row!;
  }

  async function member(role: Role, email: string, name: string) {
    const [user] = await ctx.database.db
      .insert(users)
      .values({ name, lastname: 'Reportes', email, passwordHash: await hashPassword(STRONG_PASSWORD) })
      .returning({ id: users.id });
    await ctx.database.db.insert(companyMembers).values({ companyId, userId: user!.id, role });
    const session = await login(ctx, email);
    return { id: user!.id, token: session.json().access_token as string };
  }

  const operator = await member('operator', 'operadora.reportes@example.com', 'Íngrid');
  const supervisor = await member('supervisor', 'supervisor.reportes@example.com', 'Tomás');
  Object.assign(ids, { operator: operator.id, supervisor: supervisor.id });
  Object.assign(tokens, { operator: operator.token, supervisor: supervisor.token });
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEV_ACCOUNTS.operator.email));
  ids.admin = admin!.id;
  tokens.admin = (await login(ctx, DEV_ACCOUNTS.operator.email, TEST_PASSWORDS.operator)).json().access_token;

  const [other] = await db
    .insert(companies)
    .values({ name: 'Otra central', publicKey: 'pk_otra_reportes', inboxEmail: 'otra@example.com' })
    .returning({ id: companies.id });
  const otherCompanyId = other!.id;
  const [otherAdmin] = await db
    .insert(users)
    .values({
      name: 'Otra',
      lastname: 'Admin',
      email: 'admin.otra.reportes@example.com',
      passwordHash: await hashPassword(STRONG_PASSWORD),
    })
    .returning({ id: users.id });
  await db
    .insert(companyMembers)
    .values({ companyId: otherCompanyId, userId: otherAdmin!.id, role: 'admin' });
  const otherAdminToken: string = (await login(ctx, 'admin.otra.reportes@example.com')).json().access_token;

  // 10 March 2026, Chile on summer time (UTC−3): 10:00 there is 13:00 UTC.
  const first = await call({ at: '2026-03-10T13:00:00Z', answerS: 5, handleS: 60, operator: operator.id });
  const second = await call({
    at: '2026-03-10T13:20:00Z',
    answerS: 12,
    handleS: 120,
    operator: operator.id,
    kind: 'phone',
  });
  const third = await call({
    at: '2026-03-10T14:05:00Z',
    answerS: 18,
    handleS: 30,
    operator: supervisor.id,
    speciality: INCENDIOS,
  });
  await call({ at: '2026-03-10T14:40:00Z', answerS: 40, operator: supervisor.id, speciality: INCENDIOS });
  // 23:30 in Chile, already the 11th in UTC: still the 10th's.
  await call({ at: '2026-03-11T02:30:00Z', status: 'abandoned', endReason: 'caller_left' });
  await call({ at: '2026-03-11T02:35:00Z', status: 'abandoned', endReason: 'no_operators', kind: 'phone' });
  // Not the centre's queue (a private room), and another company's call: never counted here.
  await call({ at: '2026-03-10T15:00:00Z', answerS: 1, handleS: 10, operator: ids.admin, isPrivate: true });
  await call({ at: '2026-03-10T15:00:00Z', answerS: 100, handleS: 10, company: otherCompanyId });

  await db.insert(callRatings).values([
    { callId: first.id, stars: 5, comment: 'Muy rápida atención, ¡gracias!', createdAt: first.endedAt! },
    { callId: second.id, stars: 3, comment: '', createdAt: second.endedAt! },
    { callId: third.id, stars: 4, comment: 'Bien; "correcto"', createdAt: third.endedAt! },
  ]);

  const arrived = new Date('2026-03-10T12:00:00Z');
  const inHour = new Date('2026-03-10T13:00:00Z');
  await db.insert(videoMails).values({
    companyId,
    name: 'Rosa',
    email: 'rosa@example.com',
    phone: '+56911110001',
    message: 'Ayuda',
    videoKey: 'video-reportes',
    videoMime: 'video/webm',
    videoBytes: 5,
    thumbnailKey: 'thumb-reportes',
    thumbnailMime: 'image/jpeg',
    createdAt: arrived,
    handledAt: inHour,
    handledBy: operator.id,
  });
  await db.insert(contactMessages).values([
    {
      companyId,
      name: 'Rosa',
      email: 'r@example.com',
      phone: '+56911110001',
      message: 'x',
      createdAt: arrived,
    },
    {
      companyId: otherCompanyId,
      name: 'Otra',
      email: 'o@example.com',
      phone: '+56911110002',
      message: 'x',
      createdAt: arrived,
    },
  ]);
  await db.insert(callbacks).values({
    companyId,
    phone: '+56911110001',
    preferredTime: 'asap',
    createdAt: arrived,
    handledAt: new Date('2026-03-10T12:30:00Z'),
    handledBy: operator.id,
  });

  const get = (role: Role | string, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: bearer(role in tokens ? tokens[role as Role] : role) });
  const report = async (query: string, role: Role = 'supervisor') => {
    const response = await get(role, `${reportsApi.report.path()}?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as ReportResponse;
  };
  return { ctx, companyId, ids, tokens, otherAdminToken, call, get, report };
}

export type ReportFixture = Awaited<ReturnType<typeof openReportFixture>>;
