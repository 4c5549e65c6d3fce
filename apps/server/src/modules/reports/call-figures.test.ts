import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { callRatings, users, videoCalls } from '../../db/schema';
import { INCENDIOS, openReportFixture, type ReportFixture } from '../../testing/reports';
import { parseHistogram } from './answer-histogram';
import { spansOf } from './call-figure-queries';

type FigureRow = {
  span: string;
  period: string;
  dimension: string;
  key: string;
  offered: number;
  answer_histogram: number[];
  [column: string]: unknown;
};

/**
 * The running sums the trigger keeps on every change to a call must equal the figures summed
 * again from the calls (decision 050): whatever path changed the call, in whatever order.
 */
describe('the call figures kept as calls change', () => {
  let fixture: ReportFixture;
  beforeAll(async () => {
    fixture = await openReportFixture();
  });
  afterAll(() => fixture.ctx.close());

  async function figureRows(): Promise<FigureRow[]> {
    const db = fixture.ctx.database.db;
    const read = async (query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: FigureRow[] }).rows;
    const rows = [
      ...(await read(sql`select 'hour' as span, hour::text as period, '' as dimension, '' as key, *
        from call_hour_figures where company_id = ${fixture.companyId}`)),
      ...(await read(sql`select span, period_start::text as period, *
        from call_period_figures where company_id = ${fixture.companyId}`)),
      ...(await read(sql`select 'rating' as span, day::text as period, '' as dimension,
          stars::text as key, ratings as offered, '{}'::int[] as answer_histogram,
          0 as answer_seconds_sum, 0 as handle_seconds_sum
        from call_rating_figures where company_id = ${fixture.companyId}`)),
    ];
    // A call that moved leaves its old row at zero, and a histogram may end in zeros.
    return rows
      .filter((row) => Number(row.offered) !== 0)
      .map((row) => {
        const histogram = [...row.answer_histogram].map(Number);
        while (histogram.at(-1) === 0) histogram.pop();
        return {
          ...row,
          offered: Number(row.offered),
          answer_histogram: histogram,
          answer_seconds_sum: Math.round(Number(row.answer_seconds_sum) * 1000) / 1000,
          handle_seconds_sum: Math.round(Number(row.handle_seconds_sum) * 1000) / 1000,
        };
      })
      .sort((a, b) =>
        `${a.span}|${a.period}|${a.dimension}|${a.key}`.localeCompare(
          `${b.span}|${b.period}|${b.dimension}|${b.key}`,
        ),
      );
  }

  it('equal the figures summed again after calls wait, are answered, moved, ended, abandoned and refused', async () => {
    const db = fixture.ctx.database.db;
    const update = (id: number, values: Partial<typeof videoCalls.$inferInsert>) =>
      db.update(videoCalls).set(values).where(eq(videoCalls.id, id));
    const at = (iso: string) => new Date(iso);

    const waiting = await fixture.call({ at: '2026-10-05T15:00:00Z' });
    await update(waiting.id, { offeredTo: fixture.ids.operator, offeredAt: at('2026-10-05T15:00:02Z') });
    await update(waiting.id, {
      status: 'active',
      operatorId: fixture.ids.operator,
      acceptedAt: at('2026-10-05T15:00:07.500Z'),
    });
    await update(waiting.id, {
      status: 'ended',
      endedAt: at('2026-10-05T15:03:00Z'),
      endReason: 'operator_hangup',
    });
    // Rated just after midnight in Chile: the rating belongs to the 6th, its call to the 5th.
    await db
      .insert(callRatings)
      .values({ callId: waiting.id, stars: 2, createdAt: at('2026-10-06T03:10:00Z') });
    // A call recorded under another speciality, then corrected.
    const moved = await fixture.call({ at: '2026-10-05T15:10:00Z', answerS: 21, handleS: 40 });
    await update(moved.id, { specialityName: INCENDIOS, kind: 'phone' });
    const left = await fixture.call({ at: '2026-10-05T16:00:00Z' });
    await update(left.id, {
      status: 'abandoned',
      endedAt: at('2026-10-05T16:00:40Z'),
      endReason: 'caller_left',
    });
    await fixture.call({ at: '2026-10-06T02:59:00Z', status: 'abandoned', endReason: 'no_operators' });
    // Midnight between two months in Chile: 31 October 23:30 is 1 November in UTC.
    await fixture.call({
      at: '2026-11-01T02:30:00Z',
      answerS: 2,
      handleS: 5,
      operator: fixture.ids.supervisor,
    });

    const before = await figureRows();
    expect(before.length).toBeGreaterThan(20);
    await db.execute(sql`select call_figures_rebuild(${fixture.companyId})`);
    expect(await figureRows()).toEqual(before);

    const report = await fixture.report('from=2026-10-01&to=2026-10-31&group=operator');
    expect(report.total).toMatchObject({ offered: 5, answered: 3, abandoned: 1, fell_back: 1 });
    expect(report.rows.find((row) => row.key === String(fixture.ids.operator))).toMatchObject({
      answered: 1,
      avg_answer_seconds: 7.5,
      p90_answer_seconds: 8,
    });
    const fifth = await fixture.report('from=2026-10-05&to=2026-10-05');
    expect(fifth.ratings.count).toBe(0);
    const sixth = await fixture.report('from=2026-10-06&to=2026-10-06');
    expect(sixth.ratings).toMatchObject({ count: 1, average: 2, distribution: [0, 1, 0, 0, 0] });
  });

  it("keep a deleted operator's answered calls, as «Sin operador»", async () => {
    const db = fixture.ctx.database.db;
    const [leaving] = await db
      .insert(users)
      .values({
        name: 'Saliente',
        lastname: 'Reportes',
        email: 'saliente.reportes@example.com',
        passwordHash: 'x',
      })
      .returning({ id: users.id });
    await fixture.call({ at: '2026-12-01T15:00:00Z', answerS: 4, handleS: 5, operator: leaving!.id });
    await db.delete(users).where(eq(users.id, leaving!.id));
    const byOperator = await fixture.report('from=2026-12-01&to=2026-12-01&group=operator');
    expect(byOperator.rows.map((row) => [row.key, row.answered])).toEqual([['', 1]]);
    const before = await figureRows();
    await db.execute(sql`select call_figures_rebuild(${fixture.companyId})`);
    expect(await figureRows()).toEqual(before);
  });

  it('split a period into the months it holds whole and its loose days', () => {
    expect(spansOf('2026-01-01', '2026-12-31')).toEqual({
      months: Array.from({ length: 12 }, (_, index) => `2026-${String(index + 1).padStart(2, '0')}-01`),
      days: [],
    });
    expect(spansOf('2026-01-30', '2026-03-01')).toEqual({
      months: ['2026-02-01'],
      days: ['2026-01-30', '2026-01-31', '2026-03-01'],
    });
    expect(spansOf('2026-02-01', '2026-02-27').months).toEqual([]);
    expect(spansOf('2026-12-01', '2027-01-01')).toEqual({ months: ['2026-12-01'], days: ['2027-01-01'] });
  });

  it('read histograms as PostgreSQL writes them', () => {
    expect(parseHistogram('{}')).toEqual([]);
    expect(parseHistogram('{7}')).toEqual([7]);
    expect(parseHistogram('{0,12,0,3,-1,105}')).toEqual([0, 12, 0, 3, -1, 105]);
  });
});
