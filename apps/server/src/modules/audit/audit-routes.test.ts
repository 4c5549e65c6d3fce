import { beforeAll, describe, expect, it } from 'vitest';
import { auditTexts } from '@seguridad/contracts/messages';
import { auditEvents, companies } from '../../db/schema';
import { bearer } from '../../testing/accounts';
import { useTestApp } from '../../testing/test-app';
import type { StaffRole } from '@seguridad/contracts/staff-access';
import { demoCompanyStaff } from '../../testing/staff';

type Role = StaffRole;

/** The console's Auditoría tab: the trail, read and exported by administrators only. */
describe('the audit trail routes (decision 033)', () => {
  const ctx = useTestApp({ env: { AUTH_RATE_LIMIT_MAX: '1000' } });
  let companyId: number;
  let otherCompanyId: number;
  let ids: Record<Role, number>;
  let tokens: Record<Role, string>;

  const get = (role: Role | null, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: role ? bearer(tokens[role]) : {} });

  async function entry(values: {
    action: string;
    actor?: number | null;
    label?: string;
    at?: string;
    company?: number;
    details?: Record<string, unknown>;
  }) {
    await ctx.database.db.insert(auditEvents).values({
      companyId: values.company ?? companyId,
      actorUserId: values.actor ?? null,
      actorLabel: values.label ?? 'sistema',
      action: values.action,
      subjectKind: 'user',
      subjectId: '7',
      ip: '203.0.113.9',
      details: values.details ?? {},
      ...(values.at ? { createdAt: new Date(values.at) } : {}),
    });
  }

  beforeAll(async () => {
    const [other] = await ctx.database.db
      .insert(companies)
      .values({ name: 'Otra central', publicKey: 'pk_otra_auditoria', inboxEmail: 'otra@example.com' })
      .returning({ id: companies.id });
    otherCompanyId = other!.id;
    ({ companyId, ids, tokens } = await demoCompanyStaff(ctx, 'auditoria', 'Auditoría'));
    // Chile is UTC-4 in winter: 03:59:59 UTC is still 30 June there, 04:00 UTC is 1 July.
    await entry({ action: 'staff.invite', actor: ids.admin, label: 'Ana Admin', at: '2026-07-01T03:59:59Z' });
    await entry({
      action: 'recording.download',
      actor: ids.supervisor,
      label: 'Sara Sup',
      at: '2026-07-01T04:00:00Z',
    });
    await entry({
      action: 'video_mail.open',
      actor: ids.operator,
      label: '=HYPERLINK("http://x") Ñuñoa; "citas"',
      at: '2026-07-02T15:00:00Z',
      details: { motivo: 'revisión' },
    });
    await entry({ action: 'staff.invite', company: otherCompanyId, at: '2026-07-01T12:00:00Z' });
  }, 60_000);

  it('refuses anyone but an administrator, on both routes', async () => {
    for (const url of ['/api/v1/operator/audit', '/api/v1/operator/audit/csv']) {
      expect((await get(null, url)).statusCode).toBe(401);
      expect((await get('operator', url)).statusCode).toBe(403);
      expect((await get('supervisor', url)).statusCode).toBe(403);
    }
    // A bad filter from a non-administrator is still a 403: access is checked before the query.
    expect((await get('operator', '/api/v1/operator/audit?from=ayer')).statusCode).toBe(403);
  });

  it("lists the company's entries newest first, and none of another company's", async () => {
    const response = await get('admin', '/api/v1/operator/audit?from=2026-06-01&to=2026-07-31');
    expect(response.statusCode).toBe(200);
    const events = response.json().events as { action: string; ip: string; actor_label: string }[];
    expect(events.map((event) => event.action)).toEqual([
      'video_mail.open',
      'recording.download',
      'staff.invite',
    ]);
    expect(events[1]).toMatchObject({ actor_label: 'Sara Sup', ip: '203.0.113.9' });
    expect(response.json().next_before).toBeNull();
  });

  it("filters by person, by kind of action and by Chile's days", async () => {
    const actions = async (query: string) =>
      ((await get('admin', `/api/v1/operator/audit?${query}`)).json().events as { action: string }[]).map(
        (event) => event.action,
      );
    expect(await actions(`actor=${ids.supervisor}`)).toEqual(['recording.download']);
    expect(await actions('area=video_mail&from=2026-06-01')).toEqual(['video_mail.open']);
    expect(await actions('from=2026-07-01&to=2026-07-01')).toEqual(['recording.download']);
    expect(await actions('from=2026-06-30&to=2026-06-30')).toEqual(['staff.invite']);
    expect(await actions('from=2026-07-02')).toEqual(['video_mail.open']);
  });

  it('answers bad filters with a 400 in Spanish', async () => {
    const cases: [string, string][] = [
      ['from=2026-13-45', auditTexts.badDate],
      ['to=ayer', auditTexts.badDate],
      ['area=todo', auditTexts.badArea],
      ['from=2026-07-02&to=2026-07-01', auditTexts.badRange],
    ];
    for (const [query, message] of cases) {
      const response = await get('admin', `/api/v1/operator/audit?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().data, query).toContain(message);
    }
    expect((await get('admin', '/api/v1/operator/audit?actor=abc')).statusCode).toBe(400);
  });

  it('pages through a long trail', async () => {
    for (let i = 0; i < 105; i++) await entry({ action: 'call.transcript_open', at: '2026-08-01T12:00:00Z' });
    const first = (await get('admin', '/api/v1/operator/audit?area=call')).json();
    expect(first.events).toHaveLength(100);
    expect(first.next_before).toBe(first.events[99].id);
    const second = (
      await get('admin', `/api/v1/operator/audit?area=call&before=${first.next_before}`)
    ).json();
    expect(second.events).toHaveLength(5);
    expect(second.next_before).toBeNull();
  });

  it('exports CSV a Spanish spreadsheet opens, with no formula, and records the export', async () => {
    const response = await get('admin', '/api/v1/operator/audit/csv?from=2026-06-01&to=2026-07-31');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="auditoria-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const body = response.body;
    expect(body.startsWith('\uFEFF')).toBe(true);
    const lines = body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      '"Fecha (hora de Chile)";"Persona";"Acción";"Código";"Sobre";"Dirección IP";"Detalle"',
    );
    expect(lines[1]).toBe(
      `"2026-07-02 11:00:00";"'=HYPERLINK(""http://x"") Ñuñoa; ""citas""";"Abrió un video mail";"video_mail.open";"user 7";"203.0.113.9";"{""motivo"":""revisión""}"`,
    );
    expect(lines[3]).toContain('"2026-06-30 23:59:59";"Ana Admin";"Invitó al equipo";"staff.invite"');
    expect(lines).toHaveLength(5); // header, three entries, and the empty string after the last CRLF
    const trail = (await get('admin', '/api/v1/operator/audit?area=audit')).json().events;
    expect(trail[0]).toMatchObject({ action: 'audit.export', actor_user_id: ids.admin });
    expect(trail[0].details).toMatchObject({ rows: 3, from: '2026-06-01' });
  });
});
