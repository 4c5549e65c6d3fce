import { sql, type SQL } from 'drizzle-orm';
import type { ReportGroup, ServiceLevelTargets } from '@seguridad/contracts/http/reports';
import type { Database } from '../../db/client';
import { CHILE_TIME_ZONE, nextDay } from '../../lib/chile-time';
import { answeredWithin, parseHistogram, percentileSeconds } from './answer-histogram';

/** A report's days (Chile's, both included) and their instants, first to after the last. */
export type ReportPeriod = { from: string; to: string; start: Date; end: Date };

/** The figures of one set of calls (seconds as float, counts as whole numbers). */
export type CallFigures = {
  key: string;
  offered: number;
  answered: number;
  abandoned: number;
  fell_back: number;
  avg_answer_seconds: number | null;
  p90_answer_seconds: number | null;
  within_first: number;
  within_second: number;
  avg_handle_seconds: number | null;
};

export type CallFigureSets = {
  /** One row per key of the chosen grouping. */
  groups: CallFigures[];
  total: CallFigures | undefined;
  /** Keyed by the Chile day, 'YYYY-MM-DD'. */
  days: CallFigures[];
  /** Offered and answered by Chile hour of the day, 0–23 (hours with no call are absent). */
  hoursOfDay: { hour: number; offered: number; answered: number }[];
};

async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  // Both drivers (node-postgres, PGlite) answer `execute` with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

const zone = sql.raw(`'${CHILE_TIME_ZONE}'`);
/** An instant as the UTC wall clock `call_hour_figures.hour` holds. */
const utcHour = (instant: Date) => sql`(${instant.toISOString()}::timestamptz at time zone 'UTC')`;
const chileHourOf = sql`((hour at time zone 'UTC') at time zone ${zone})`;
const dateList = (days: string[]) => sql`${`{${days.join(',')}}`}::date[]`;

/**
 * The month rows of the months the period holds whole, and the day rows of the other days: a
 * year's report by operator reads twelve months and a few days, not 365 days.
 */
export function spansOf(from: string, to: string): { months: string[]; days: string[] } {
  const months: string[] = [];
  const days: string[] = [];
  let day = from;
  while (day <= to) {
    const monthStart = `${day.slice(0, 7)}-01`;
    const nextMonth = nextMonthStart(monthStart);
    if (day === monthStart && nextMonth <= nextDay(to)) {
      months.push(monthStart);
      day = nextMonth;
    } else {
      days.push(day);
      day = nextDay(day);
    }
  }
  return { months, days };
}

function nextMonthStart(monthStart: string): string {
  const [year, month] = monthStart.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

const figureColumns = sql`offered, answered, abandoned, fell_back, answer_seconds_sum,
  answer_histogram::text as histogram, handled, handle_seconds_sum`;

function periodRows(companyId: number, dimension: string, spans: { months: string[]; days: string[] }): SQL {
  return sql`
    select key, ${figureColumns}
    from call_period_figures
    where company_id = ${companyId} and dimension = ${dimension}
      and ((span = 'month' and period_start = any(${dateList(spans.months)}))
        or (span = 'day' and period_start = any(${dateList(spans.days)})))`;
}

/** The company's figures of each Chile day of the period, keyed 'YYYY-MM-DD'. */
function dayRows(companyId: number, period: ReportPeriod): SQL {
  return sql`
    select to_char(period_start, 'YYYY-MM-DD') as key, ${figureColumns}
    from call_period_figures
    where company_id = ${companyId} and dimension = 'all' and span = 'day'
      and period_start between ${period.from}::date and ${period.to}::date`;
}

function hourRows(companyId: number, period: ReportPeriod): SQL {
  return sql`
    select to_char(${chileHourOf}, 'YYYY-MM-DD"T"HH24:00') as key, ${figureColumns}
    from call_hour_figures
    where company_id = ${companyId} and hour >= ${utcHour(period.start)} and hour < ${utcHour(period.end)}`;
}

/** A row of running sums as read: its histogram comes as text, which parses faster than an array. */
type SumsRow = {
  key: string;
  offered: number;
  answered: number;
  abandoned: number;
  fell_back: number;
  answer_seconds_sum: number;
  histogram: string;
  handled: number;
  handle_seconds_sum: number;
};

type Sums = Omit<SumsRow, 'histogram'> & { histogram: number[] };

/**
 * The rows summed by key in the process, histograms element by element: summing them in SQL
 * (unnest, group) costs seconds for a year of hours. On the night Chile's clocks go back, two
 * UTC hours read 23:00 and are summed into that hour's row; a call moved to another key (corrected,
 * or its operator deleted) leaves a row at zero, which is no row of the report.
 */
function sumByKey(rows: SumsRow[]): Sums[] {
  const byKey = new Map<string, Sums>();
  for (const row of rows) {
    const histogram = parseHistogram(row.histogram);
    const sums = byKey.get(row.key);
    if (!sums) {
      byKey.set(row.key, {
        key: row.key,
        offered: Number(row.offered),
        answered: Number(row.answered),
        abandoned: Number(row.abandoned),
        fell_back: Number(row.fell_back),
        answer_seconds_sum: Number(row.answer_seconds_sum),
        histogram,
        handled: Number(row.handled),
        handle_seconds_sum: Number(row.handle_seconds_sum),
      });
      continue;
    }
    sums.offered += Number(row.offered);
    sums.answered += Number(row.answered);
    sums.abandoned += Number(row.abandoned);
    sums.fell_back += Number(row.fell_back);
    sums.answer_seconds_sum += Number(row.answer_seconds_sum);
    sums.handled += Number(row.handled);
    sums.handle_seconds_sum += Number(row.handle_seconds_sum);
    histogram.forEach((calls, bucket) => {
      sums.histogram[bucket] = (sums.histogram[bucket] ?? 0) + calls;
    });
  }
  return [...byKey.values()].filter((sums) => sums.offered !== 0);
}

type Targets = Pick<ServiceLevelTargets, 'first_seconds' | 'second_seconds'>;

function figuresOf(sums: Sums, targets: Targets): CallFigures {
  const { histogram, answered, handled } = sums;
  return {
    key: sums.key,
    offered: sums.offered,
    answered,
    abandoned: sums.abandoned,
    fell_back: sums.fell_back,
    avg_answer_seconds: answered === 0 ? null : sums.answer_seconds_sum / answered,
    p90_answer_seconds: percentileSeconds(histogram, 90),
    within_first: answeredWithin(histogram, targets.first_seconds),
    within_second: answeredWithin(histogram, targets.second_seconds),
    avg_handle_seconds: handled === 0 ? null : sums.handle_seconds_sum / handled,
  };
}

const dimensionOf: Record<Exclude<ReportGroup, 'hour' | 'day'>, string> = {
  speciality: 'speciality',
  channel: 'channel',
  operator: 'operator',
};

/**
 * Every figure of the calls table from the running sums the calls' trigger keeps (decision 050):
 * the rows of the grouping, the total, the service level by day and the answers by hour of day.
 * Their cost follows the days and groups of the report, not its calls.
 */
export async function callFigureSets(
  db: Database,
  companyId: number,
  period: ReportPeriod,
  group: ReportGroup,
  targets: Targets,
): Promise<CallFigureSets> {
  const spans = spansOf(period.from, period.to);
  const read = async (source: SQL) =>
    sumByKey(await rowsOf<SumsRow>(db, source)).map((sums) => figuresOf(sums, targets));
  // Independent reads: on PostgreSQL each takes its own connection, so the report waits for the
  // slowest, not for their sum.
  const [days, totals, groupRows, hoursOfDay] = await Promise.all([
    read(dayRows(companyId, period)),
    read(periodRows(companyId, 'all', spans)),
    group === 'day'
      ? undefined
      : read(
          group === 'hour' ? hourRows(companyId, period) : periodRows(companyId, dimensionOf[group], spans),
        ),
    group === 'hour' ? undefined : hoursOfDayOf(db, companyId, period),
  ]);
  const groups = groupRows ?? days;
  return {
    groups,
    total: totals[0],
    days,
    hoursOfDay: hoursOfDay ?? hoursOfDayFrom(groups),
  };
}

type HourOfDay = CallFigureSets['hoursOfDay'][number];

async function hoursOfDayOf(db: Database, companyId: number, period: ReportPeriod): Promise<HourOfDay[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select extract(hour from ${chileHourOf})::int as hour, sum(offered)::int as offered,
          sum(answered)::int as answered
        from call_hour_figures
        where company_id = ${companyId} and hour >= ${utcHour(period.start)} and hour < ${utcHour(period.end)}
        group by 1`,
  );
  return rows.map((row) => ({
    hour: Number(row.hour),
    offered: Number(row.offered),
    answered: Number(row.answered),
  }));
}

/** The same from a report's hour rows, keyed 'YYYY-MM-DDTHH:00', when it has just read them. */
function hoursOfDayFrom(hourRows: CallFigures[]): HourOfDay[] {
  const byHour = new Map<number, HourOfDay>();
  for (const row of hourRows) {
    const hour = Number(row.key.slice(11, 13));
    const sums = byHour.get(hour) ?? { hour, offered: 0, answered: 0 };
    sums.offered += row.offered;
    sums.answered += row.answered;
    byHour.set(hour, sums);
  }
  return [...byHour.values()];
}

/** Every Chile day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}
