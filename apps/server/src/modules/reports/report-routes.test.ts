import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResponse } from '@seguridad/contracts/http/reports';
import { reportTexts } from '@seguridad/contracts/messages';
import { auditEvents } from '../../db/schema';
import { bearer } from '../../testing/accounts';
import { INCENDIOS, openReportFixture, ROBOS, type ReportFixture, type Role } from '../../testing/reports';

/** Who reads the reports, bad queries, the CSV's bytes and the thresholds (decisions 045, 047). */
describe('the reports routes', () => {
  let fixture: ReportFixture;
  const get = (role: Role | string, url: string) => fixture.get(role, url);
  const report = (query: string) => fixture.report(query);
  beforeAll(async () => {
    fixture = await openReportFixture();
  });
  afterAll(() => fixture.ctx.close());

  it('shows supervisors and administrators their own company only; operators get 403', async () => {
    for (const url of [
      '/api/v1/operator/reports?from=2026-03-10&to=2026-03-10',
      '/api/v1/operator/reports/csv?from=2026-03-10&to=2026-03-10',
      '/api/v1/operator/service-level',
    ]) {
      expect((await get('operator', url)).statusCode, url).toBe(403);
      expect((await fixture.ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
      expect((await get('supervisor', url)).statusCode, url).toBe(200);
      expect((await get('admin', url)).statusCode, url).toBe(200);
    }
    const other = await get(
      fixture.otherAdminToken,
      '/api/v1/operator/reports?from=2026-03-10&to=2026-03-10',
    );
    const body = other.json() as ReportResponse;
    expect(body.total).toMatchObject({ offered: 1, answered: 1, avg_answer_seconds: 100 });
    expect(body.inbox.map((row) => row.received)).toEqual([0, 1, 0]);
    expect(body.ratings.count).toBe(0);
  });

  it('answers bad queries with a 400 in Spanish', async () => {
    const cases: [string, string][] = [
      ['from=2026-13-45&to=2026-03-10', reportTexts.badDate],
      ['to=2026-03-10', reportTexts.badDate],
      ['from=ayer&to=2026-03-10', reportTexts.badDate],
      ['from=2026-03-10&to=2026-03-10&group=semana', reportTexts.badGroup],
      ['from=2026-03-10&to=2026-03-09', reportTexts.badRange],
      ['from=2025-03-10&to=2026-03-15', reportTexts.rangeTooLong],
    ];
    for (const [query, message] of cases) {
      const response = await get('supervisor', `/api/v1/operator/reports?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().data, query).toContain(message);
    }
    const csv = await get(
      'supervisor',
      '/api/v1/operator/reports/csv?from=2026-03-10&to=2026-03-10&table=todo',
    );
    expect(csv.statusCode).toBe(400);
    expect(csv.json().data).toContain(reportTexts.badTable);
    // A whole year (with a leap day) is one report.
    expect(
      (await get('supervisor', '/api/v1/operator/reports?from=2027-03-10&to=2028-03-10')).statusCode,
    ).toBe(200);
  });

  it('exports each table as CSV for a Spanish-locale spreadsheet', async () => {
    const calls = await get(
      'supervisor',
      '/api/v1/operator/reports/csv?from=2026-03-10&to=2026-03-10&group=speciality',
    );
    expect(calls.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(calls.headers['content-disposition']).toBe(
      'attachment; filename="reporte-llamadas-2026-03-10-a-2026-03-10.csv"',
    );
    const bytes = calls.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      '"Especialidad";"Ofrecidas";"Atendidas";"Abandonadas";"Derivadas a video mail";"Tasa de abandono (%)";' +
        '"Tiempo medio de respuesta (s)";"Percentil 90 de respuesta (s)";"Atendidas en 15 s o menos (%)";' +
        '"Atendidas en 20 s o menos (%)";"Duración media de la atención (s)"',
    );
    expect(lines[1]).toBe(`"${ROBOS}";"4";"2";"1";"1";"25";"8,5";"12";"50";"50";"90"`);
    expect(lines[2]).toBe(`"${INCENDIOS}";"2";"2";"0";"0";"0";"29";"40";"0";"50";"30"`);
    expect(lines[3]).toBe('"Total";"6";"4";"1";"1";"16,7";"18,8";"40";"33,3";"50";"70"');
    expect(lines[4]).toBe('');
    expect(bytes.includes(Buffer.from('vía pública', 'utf8'))).toBe(true);

    const inbox = await get(
      'admin',
      '/api/v1/operator/reports/csv?from=2026-03-10&to=2026-03-10&table=inbox',
    );
    expect(inbox.body.replace('\uFEFF', '').split('\r\n')[3]).toBe(
      '"Solicitudes de devolución de llamada";"1";"1";"1800"',
    );

    const ratings = await get(
      'admin',
      '/api/v1/operator/reports/csv?from=2026-03-10&to=2026-03-10&table=ratings',
    );
    expect(ratings.headers['content-disposition']).toContain('reporte-calificaciones-');
    const rows = ratings.body.replace('\uFEFF', '').split('\r\n');
    expect(rows[0]).toBe('"Fecha (hora de Chile)";"Llamada";"Estrellas";"Operador";"Comentario"');
    expect(rows).toHaveLength(5);
    // 10:01:05 in Chile: the first call ended 5 s + 60 s after 10:00.
    expect(rows[3]).toMatch(
      /^"2026-03-10 10:01:05";"\d+";"5";"Íngrid Reportes";"Muy rápida atención, ¡gracias!"$/,
    );
    expect(rows[1]).toContain('"Bien; ""correcto"""');
  });

  it('lets administrators set the thresholds, checked and audited', async () => {
    const put = (role: Role, payload: object) =>
      fixture.ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/operator/service-level',
        headers: bearer(fixture.tokens[role]),
        payload,
      });
    const valid = { first_seconds: 10, first_percent: 80, second_seconds: 20, second_percent: 95 };
    expect((await put('supervisor', valid)).statusCode).toBe(403);
    expect((await put('operator', valid)).statusCode).toBe(403);
    const cases: [object, string][] = [
      [{ ...valid, first_seconds: 0 }, reportTexts.badSeconds],
      [{ ...valid, second_seconds: 601 }, reportTexts.badSeconds],
      [{ ...valid, first_seconds: 'diez' }, reportTexts.badSeconds],
      [{ ...valid, first_seconds: 7.5 }, reportTexts.badSeconds],
      [{ ...valid, first_percent: 101 }, reportTexts.badPercent],
      [{ ...valid, second_percent: 0 }, reportTexts.badPercent],
      [{ ...valid, first_seconds: 30 }, reportTexts.thresholdsOrder],
    ];
    for (const [payload, message] of cases) {
      const response = await put('admin', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().data, JSON.stringify(payload)).toContain(message);
    }
    const saved = await put('admin', valid);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ code: 200, targets: valid });
    expect((await get('supervisor', '/api/v1/operator/service-level')).json().targets).toEqual(valid);
    // The report measures against the new thresholds: only the 5 s answer is within 10 s.
    const body = await report('from=2026-03-10&to=2026-03-10');
    expect(body.total.service_level_first).toBe(0.1667);
    const [entry] = await fixture.ctx.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.companyId, fixture.companyId),
          eq(auditEvents.action, 'company.service_level_change'),
        ),
      );
    expect(entry).toMatchObject({
      actorUserId: fixture.ids.admin,
      subjectKind: 'company',
      subjectId: String(fixture.companyId),
    });
    expect(entry!.details).toMatchObject({
      before: { first_seconds: 15, first_percent: 90 },
      after: valid,
    });
    // Another company's thresholds did not move.
    const other = await get(fixture.otherAdminToken, '/api/v1/operator/service-level');
    expect(other.json().targets.first_seconds).toBe(15);
  });
});
