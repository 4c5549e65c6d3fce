import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallReportRow } from '@seguridad/contracts/http/reports';
import { INCENDIOS, openReportFixture, ROBOS, type ReportFixture } from '../../testing/reports';

const rowOf = (rows: CallReportRow[], key: string) => rows.find((row) => row.key === key);

/** The Reportes figures on a handcrafted day of calls (decisions 045, 047). */
describe('the reports figures', () => {
  let fixture: ReportFixture;
  const report = (query: string) => fixture.report(query);
  beforeAll(async () => {
    fixture = await openReportFixture();
  });
  afterAll(() => fixture.ctx.close());

  it('sums the day: offered, answered, abandoned, fell back, times and both service levels', async () => {
    const body = await report('from=2026-03-10&to=2026-03-10&group=hour');
    expect(body.targets).toEqual({
      first_seconds: 15,
      first_percent: 90,
      second_seconds: 20,
      second_percent: 95,
    });
    expect(body.total).toEqual({
      key: '',
      label: 'Total',
      offered: 6,
      answered: 4,
      abandoned: 1,
      fell_back: 1,
      abandon_rate: 0.1667,
      avg_answer_seconds: 18.8,
      // Answer times 5, 12, 18, 40: 90 % of four calls is the fourth (decision 050).
      p90_answer_seconds: 40,
      service_level_first: 0.3333,
      service_level_second: 0.5,
      avg_handle_seconds: 70,
    });
    expect(body.rows.map((row) => [row.key, row.label, row.offered])).toEqual([
      ['2026-03-10T10:00', '10:00', 2],
      ['2026-03-10T11:00', '11:00', 2],
      ['2026-03-10T23:00', '23:00', 2],
    ]);
    expect(body.answered_by_hour).toHaveLength(24);
    expect(body.answered_by_hour[10]).toEqual({ hour: 10, offered: 2, answered: 2 });
    expect(body.answered_by_hour[23]).toEqual({ hour: 23, offered: 2, answered: 0 });
    expect(body.service_level_by_day).toEqual([{ day: '2026-03-10', first: 0.3333, second: 0.5 }]);
  });

  it('groups by day, speciality, channel and operator', async () => {
    const byDay = await report('from=2026-03-09&to=2026-03-11&group=day');
    expect(byDay.rows.map((row) => [row.key, row.label, row.offered])).toEqual([
      ['2026-03-10', '10-03-2026', 6],
    ]);
    expect(byDay.service_level_by_day.map((day) => day.day)).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
    ]);
    expect(byDay.service_level_by_day[0]).toEqual({ day: '2026-03-09', first: null, second: null });

    const bySpeciality = await report('from=2026-03-10&to=2026-03-10&group=speciality');
    expect(bySpeciality.rows.map((row) => [row.label, row.offered, row.answered])).toEqual([
      [ROBOS, 4, 2],
      [INCENDIOS, 2, 2],
    ]);
    expect(rowOf(bySpeciality.rows, INCENDIOS)).toMatchObject({
      avg_answer_seconds: 29,
      service_level_first: 0,
      service_level_second: 0.5,
      avg_handle_seconds: 30,
    });

    const byChannel = await report('from=2026-03-10&to=2026-03-10&group=channel');
    expect(byChannel.rows.map((row) => [row.key, row.label, row.offered, row.fell_back])).toEqual([
      ['video', 'Videollamada', 4, 0],
      ['phone', 'Llamada telefónica', 2, 1],
    ]);

    const byOperator = await report('from=2026-03-10&to=2026-03-10&group=operator');
    expect(rowOf(byOperator.rows, String(fixture.ids.operator))).toMatchObject({
      label: 'Íngrid Reportes',
      offered: 2,
      answered: 2,
      service_level_first: 1,
      avg_handle_seconds: 90,
    });
    expect(rowOf(byOperator.rows, String(fixture.ids.supervisor))).toMatchObject({
      label: 'Tomás Reportes',
      answered: 2,
    });
    expect(rowOf(byOperator.rows, '')).toMatchObject({
      label: 'Sin operador',
      offered: 2,
      answered: 0,
      abandoned: 1,
      fell_back: 1,
      abandon_rate: 0.5,
      avg_answer_seconds: null,
      p90_answer_seconds: null,
    });
  });

  it('counts the inbox and the ratings of the range', async () => {
    const body = await report('from=2026-03-10&to=2026-03-10');
    expect(body.group).toBe('day');
    expect(body.inbox).toEqual([
      { kind: 'video_mail', label: 'Video mails', received: 1, handled: 1, avg_first_handling_seconds: 3600 },
      {
        kind: 'contact',
        label: 'Mensajes de contacto',
        received: 1,
        handled: 0,
        avg_first_handling_seconds: null,
      },
      {
        kind: 'callback',
        label: 'Solicitudes de devolución de llamada',
        received: 1,
        handled: 1,
        avg_first_handling_seconds: 1800,
      },
    ]);
    expect(body.ratings.count).toBe(3);
    expect(body.ratings.average).toBe(4);
    expect(body.ratings.distribution).toEqual([0, 0, 1, 1, 1]);
    expect(
      body.ratings.comments.map((comment) => [comment.stars, comment.comment, comment.operator_name]),
    ).toEqual([
      [4, 'Bien; "correcto"', 'Tomás Reportes'],
      [5, 'Muy rápida atención, ¡gracias!', 'Íngrid Reportes'],
    ]);
    const empty = await report('from=2026-03-12&to=2026-03-12');
    expect(empty.rows).toEqual([]);
    expect(empty.total).toMatchObject({ offered: 0, abandon_rate: null, service_level_first: null });
    expect(empty.ratings).toEqual({ count: 0, average: null, distribution: [0, 0, 0, 0, 0], comments: [] });
  });

  it("buckets by Chile's clock on the days it changes", async () => {
    // 6 September 2026: midnight does not exist (00:00 → 01:00, UTC−4 → UTC−3).
    await fixture.call({ at: '2026-09-06T03:30:00Z', answerS: 3, handleS: 5 }); // 5 Sept 23:30 (−4)
    await fixture.call({ at: '2026-09-06T04:30:00Z', answerS: 3, handleS: 5 }); // 6 Sept 01:30 (−3)
    await fixture.call({ at: '2026-09-07T02:30:00Z', answerS: 3, handleS: 5 }); // 6 Sept 23:30 (−3)
    await fixture.call({ at: '2026-09-07T03:30:00Z', answerS: 3, handleS: 5 }); // 7 Sept 00:30 (−3)
    const spring = await report('from=2026-09-06&to=2026-09-06&group=hour');
    expect(spring.rows.map((row) => [row.label, row.offered])).toEqual([
      ['01:00', 1],
      ['23:00', 1],
    ]);
    // 4 April 2026 lasts 25 hours: 23:00–24:00 is lived twice (UTC−3, then UTC−4 from 03:00 UTC).
    await fixture.call({ at: '2026-04-04T03:30:00Z', answerS: 3, handleS: 5 }); // 4 April 00:30 (−3)
    await fixture.call({ at: '2026-04-05T02:30:00Z', answerS: 3, handleS: 5 }); // 4 April 23:30 (−3)
    await fixture.call({ at: '2026-04-05T03:30:00Z', answerS: 3, handleS: 5 }); // 4 April 23:30 (−4)
    await fixture.call({ at: '2026-04-05T04:30:00Z', answerS: 3, handleS: 5 }); // 5 April 00:30 (−4)
    const autumn = await report('from=2026-04-04&to=2026-04-05&group=hour');
    expect(autumn.rows.map((row) => [row.key, row.label, row.offered])).toEqual([
      ['2026-04-04T00:00', '04-04-2026 00:00', 1],
      ['2026-04-04T23:00', '04-04-2026 23:00', 2],
      ['2026-04-05T00:00', '05-04-2026 00:00', 1],
    ]);
    const days = await report('from=2026-04-04&to=2026-04-04&group=day');
    expect(days.total.offered).toBe(3);
  });

  it('keeps answer times to the whole second: a threshold counts t ≤ T exactly, the 90th percentile is the second within which 90 % were answered', async () => {
    await fixture.call({ at: '2026-05-12T14:00:00Z', answerS: 15, handleS: 10 });
    await fixture.call({ at: '2026-05-12T14:01:00Z', answerS: 15.4, handleS: 10 });
    await fixture.call({ at: '2026-05-12T14:02:00Z', answerS: 0.2, handleS: 10 });
    const body = await report('from=2026-05-12&to=2026-05-12&group=hour');
    expect(body.total).toMatchObject({
      answered: 3,
      avg_answer_seconds: 10.2,
      p90_answer_seconds: 16,
      service_level_first: 0.6667,
      service_level_second: 1,
    });
  });

  it('reads whole months and loose days alike: a range across months by speciality sums to its total', async () => {
    await fixture.call({ at: '2026-06-30T15:00:00Z', answerS: 3, handleS: 5, speciality: INCENDIOS });
    await fixture.call({ at: '2026-07-01T04:30:00Z', answerS: 7, handleS: 5 }); // 1 July 00:30 in Chile
    await fixture.call({ at: '2026-07-31T15:00:00Z', answerS: 30, handleS: 5, speciality: INCENDIOS });
    await fixture.call({ at: '2026-08-01T03:30:00Z', answerS: 9, handleS: 5 }); // still 31 July in Chile
    await fixture.call({ at: '2026-08-02T15:00:00Z', status: 'abandoned', endReason: 'caller_left' });
    const body = await report('from=2026-06-30&to=2026-08-02&group=speciality');
    expect(body.rows.map((row) => [row.label, row.offered, row.answered, row.p90_answer_seconds])).toEqual([
      [ROBOS, 3, 2, 9],
      [INCENDIOS, 2, 2, 30],
    ]);
    expect(body.total).toMatchObject({ offered: 5, answered: 4, abandoned: 1, p90_answer_seconds: 30 });
    const july = await report('from=2026-07-01&to=2026-07-31&group=channel');
    expect(july.total).toMatchObject({ offered: 3, answered: 3, avg_answer_seconds: 15.3 });
  });
});
