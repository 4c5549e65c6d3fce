import { eq, sql, type SQL } from 'drizzle-orm';
import type { ReportGroup, ServiceLevelTargets } from '@seguridad/contracts/http/reports';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema';
import { CHILE_TIME_ZONE } from '../../lib/chile-time';

/** A report's instants: from the first instant of its first Chile day to that of the day after its last. */
export type ReportRange = { start: Date; end: Date };

/** The figures of one set of calls, as the database sums them (seconds as float, shares 0–1). */
export type CallFigures = {
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

/** Which grouping set a row of the calls query belongs to. */
type CallSet = 'group' | 'total' | 'hour_of_day' | 'day';
export type CallFigureRow = CallFigures & { set: CallSet; key: string };

async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  // Both drivers (node-postgres, PGlite) answer `execute` with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/**
 * PostgreSQL compiles a long report's query with its JIT first, which costs seconds and saves
 * little on this shape (measured in decision 047): the report's own transaction turns it off.
 */
async function withoutJit<T>(db: Database, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return work(tx);
  });
}

const zone = sql.raw(`'${CHILE_TIME_ZONE}'`);

/**
 * The group's key of a call, computed on Chile's wall clock. Chile's offsets are whole hours, so a
 * UTC hour is one Chile hour; on the night the clocks go back, two instants read 23:00 and share
 * that hour's row, as a wall clock reads them.
 */
function groupKey(group: ReportGroup): SQL {
  switch (group) {
    case 'hour':
      return sql`to_char(local_at, 'YYYY-MM-DD"T"HH24:00')`;
    case 'day':
      return sql`to_char(local_at, 'YYYY-MM-DD')`;
    case 'speciality':
      return sql`speciality_name`;
    case 'channel':
      return sql`kind`;
    case 'operator':
      return sql`answered_by`;
  }
}

/**
 * Every figure of the calls table in one pass over the company's calls of the range (one index
 * range scan on (company_id, created_at)): the rows of the group, the total, answers by hour of
 * the day and the service level by day, as grouping sets. Private rooms (made by an operator for a
 * link) are no citizen's call to the centre and are left out.
 */
export async function callFigures(
  db: Database,
  companyId: number,
  range: ReportRange,
  group: ReportGroup,
  targets: Pick<ServiceLevelTargets, 'first_seconds' | 'second_seconds'>,
): Promise<CallFigureRow[]> {
  const rows = await withoutJit(db, (tx) =>
    rowsOf<Record<string, unknown>>(
      tx,
      sql`
      with calls as (
        select
          (created_at at time zone ${zone}) as local_at,
          speciality_name,
          kind,
          case when accepted_at is not null then coalesce(operator_id::text, '') else '' end as answered_by,
          extract(epoch from accepted_at - created_at)::float8 as answer_seconds,
          extract(epoch from ended_at - accepted_at)::float8 as handle_seconds,
          (status = 'abandoned' and accepted_at is null
            and end_reason is distinct from 'no_operators') as abandoned,
          (end_reason = 'no_operators') as fell_back
        from video_calls
        where company_id = ${companyId}
          and created_at >= ${range.start.toISOString()}::timestamptz
          and created_at < ${range.end.toISOString()}::timestamptz
          and not is_private
      ),
      keyed as (
        select *, ${groupKey(group)} as group_key,
          extract(hour from local_at)::int as hour_of_day,
          to_char(local_at, 'YYYY-MM-DD') as day
        from calls
      )
      select
        case
          when grouping(group_key) = 0 then 'group'
          when grouping(hour_of_day) = 0 then 'hour_of_day'
          when grouping(day) = 0 then 'day'
          else 'total'
        end as set,
        coalesce(group_key, hour_of_day::text, day, '') as key,
        count(*)::int as offered,
        count(answer_seconds)::int as answered,
        count(*) filter (where abandoned)::int as abandoned,
        count(*) filter (where fell_back)::int as fell_back,
        avg(answer_seconds)::float8 as avg_answer_seconds,
        percentile_cont(0.9) within group (order by answer_seconds)::float8 as p90_answer_seconds,
        count(*) filter (where answer_seconds <= ${targets.first_seconds})::int as within_first,
        count(*) filter (where answer_seconds <= ${targets.second_seconds})::int as within_second,
        avg(handle_seconds)::float8 as avg_handle_seconds
      from keyed
      group by grouping sets ((group_key), (hour_of_day), (day), ())
    `,
    ),
  );
  return rows.map((row) => ({
    set: row.set as CallSet,
    key: String(row.key),
    offered: Number(row.offered),
    answered: Number(row.answered),
    abandoned: Number(row.abandoned),
    fell_back: Number(row.fell_back),
    avg_answer_seconds: nullableNumber(row.avg_answer_seconds),
    p90_answer_seconds: nullableNumber(row.p90_answer_seconds),
    within_first: Number(row.within_first),
    within_second: Number(row.within_second),
    avg_handle_seconds: nullableNumber(row.avg_handle_seconds),
  }));
}

function nullableNumber(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}

/** The names of the company's staff who answered calls, by id. */
export async function operatorNames(db: Database, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ id: number; name: string }>(
    db,
    sql`select id, trim(name || ' ' || lastname) as name from users
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

export type InboxFigures = {
  kind: 'video_mail' | 'contact' | 'callback';
  received: number;
  handled: number;
  avg_first_handling_seconds: number | null;
};

/** Video mails, contact messages and callbacks that arrived in the range: handled, and how soon. */
export async function inboxFigures(db: Database, companyId: number, range: ReportRange) {
  const start = sql`${range.start.toISOString()}::timestamptz`;
  const end = sql`${range.end.toISOString()}::timestamptz`;
  const part = (kind: InboxFigures['kind'], table: string) => sql`
    select ${kind}::text as kind, count(*)::int as received, count(handled_at)::int as handled,
      avg(extract(epoch from handled_at - created_at))::float8 as avg_first_handling_seconds
    from ${sql.raw(table)}
    where company_id = ${companyId} and created_at >= ${start} and created_at < ${end}`;
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`${part('video_mail', 'video_mails')} union all ${part('contact', 'contact_messages')}
        union all ${part('callback', 'callbacks')}`,
  );
  return rows.map((row): InboxFigures => ({
    kind: row.kind as InboxFigures['kind'],
    received: Number(row.received),
    handled: Number(row.handled),
    avg_first_handling_seconds: nullableNumber(row.avg_first_handling_seconds),
  }));
}

export type RatingEntry = {
  call_id: number;
  stars: number;
  comment: string;
  created_at: Date;
  operator_name: string | null;
};

/** The ratings citizens gave in the range to the company's calls: their count by stars. */
export async function ratingDistribution(db: Database, companyId: number, range: ReportRange) {
  const rows = await rowsOf<{ stars: number; count: number }>(
    db,
    sql`select r.stars, count(*)::int as count
        from call_ratings r join video_calls c on c.id = r.call_id
        where c.company_id = ${companyId}
          and r.created_at >= ${range.start.toISOString()}::timestamptz
          and r.created_at < ${range.end.toISOString()}::timestamptz
        group by r.stars`,
  );
  const distribution = [0, 0, 0, 0, 0];
  for (const row of rows) distribution[Number(row.stars) - 1] = Number(row.count);
  return distribution;
}

/** The range's ratings, newest first; `withComment` keeps only those with a comment. */
export async function ratingEntries(
  db: Database,
  companyId: number,
  range: ReportRange,
  options: { limit: number; withComment: boolean },
): Promise<RatingEntry[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`select r.call_id, r.stars, r.comment, r.created_at,
          nullif(trim(u.name || ' ' || u.lastname), '') as operator_name
        from call_ratings r
        join video_calls c on c.id = r.call_id
        left join users u on u.id = c.operator_id
        where c.company_id = ${companyId}
          and r.created_at >= ${range.start.toISOString()}::timestamptz
          and r.created_at < ${range.end.toISOString()}::timestamptz
          ${options.withComment ? sql`and r.comment <> ''` : sql``}
        order by r.created_at desc, r.call_id desc
        limit ${options.limit}`,
  );
  return rows.map((row) => ({
    call_id: Number(row.call_id),
    stars: Number(row.stars),
    comment: String(row.comment),
    created_at: new Date(row.created_at as string | Date),
    operator_name: (row.operator_name as string | null) ?? null,
  }));
}

export async function serviceLevelTargetsOf(db: Database, companyId: number): Promise<ServiceLevelTargets> {
  const [company] = await db
    .select({
      first_seconds: companies.serviceLevelFirstSeconds,
      first_percent: companies.serviceLevelFirstPercent,
      second_seconds: companies.serviceLevelSecondSeconds,
      second_percent: companies.serviceLevelSecondPercent,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return company!;
}

export async function setServiceLevelTargets(
  db: Database,
  companyId: number,
  targets: ServiceLevelTargets,
): Promise<void> {
  await db
    .update(companies)
    .set({
      serviceLevelFirstSeconds: targets.first_seconds,
      serviceLevelFirstPercent: targets.first_percent,
      serviceLevelSecondSeconds: targets.second_seconds,
      serviceLevelSecondPercent: targets.second_percent,
    })
    .where(eq(companies.id, companyId));
}
