import { eq, sql, type SQL } from 'drizzle-orm';
import type { ServiceLevelTargets } from '@seguridad/contracts/http/reports';
import type { Database } from '../../db/client';
import { companies } from '../../db/schema';

/** A report's instants: from the first instant of its first Chile day to that of the day after its last. */
export type ReportRange = { start: Date; end: Date };

async function rowsOf<Row>(db: Database, query: SQL): Promise<Row[]> {
  // Both drivers (node-postgres, PGlite) answer `execute` with `{ rows }`.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
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

/** The ratings citizens gave to the company's calls on Chile days `from`..`to`: their count by stars. */
export async function ratingDistribution(db: Database, companyId: number, from: string, to: string) {
  const rows = await rowsOf<{ stars: number; count: number }>(
    db,
    sql`select stars, sum(ratings)::int as count from call_rating_figures
        where company_id = ${companyId} and day between ${from}::date and ${to}::date
        group by stars`,
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
