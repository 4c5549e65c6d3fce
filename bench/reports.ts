// Reportes over a year of 1,000,000 calls of one company (issue "Speed"): every grouping × today,
// last 7 days, last 30 days and a whole year, timed through the server's own report function (the
// one the route answers with), on PostgreSQL (DATABASE_URL, a database of its own) and on PGlite.
// Targets: p95 ≤ 300 ms on PostgreSQL, ≤ 1.5 s on PGlite.
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { withFreshDatabase } from './lib/postgres';
import { repoRoot } from './lib/server-process';

export const REPORT_BENCH_CALLS = Number(process.env.BENCH_REPORT_CALLS ?? 1_000_000);
const GROUPS = ['hour', 'day', 'speciality', 'channel', 'operator'] as const;
/** Timed runs of each report after one warm-up (a year's reports take seconds each, so few). */
const RUNS = {
  postgres: Number(process.env.BENCH_REPORT_RUNS_POSTGRES ?? 5),
  pglite: Number(process.env.BENCH_REPORT_RUNS_PGLITE ?? 3),
};

type DatabaseHandle = {
  db: { execute(query: unknown): Promise<unknown> };
  close(): Promise<void>;
};
type ServerParts = {
  raw: (text: string) => unknown;
  openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle>;
  runMigrations(handle: DatabaseHandle): Promise<void>;
  buildReport(
    db: DatabaseHandle['db'],
    request: Record<string, unknown>,
  ): Promise<{ total: { offered: number } }>;
  chileDay(instant: Date): string;
};

/** The server's own modules, run from source by tsx: the bench measures exactly what the route runs. */
async function serverParts(): Promise<ServerParts> {
  const load = (file: string) => import(pathToFileURL(path.join(repoRoot, 'apps/server/src', file)).href);
  // drizzle-orm as the server resolves it, so its `sql` is the one the server's database reads.
  const fromServer = createRequire(path.join(repoRoot, 'apps/server/package.json'));
  const [drizzle, client, migrate, service, chile] = await Promise.all([
    import(pathToFileURL(fromServer.resolve('drizzle-orm')).href),
    load('db/client.ts'),
    load('db/migrate.ts'),
    load('modules/reports/report-service.ts'),
    load('lib/chile-time.ts'),
  ]);
  return {
    raw: (text: string) => drizzle.sql.raw(text),
    openDatabase: client.openDatabase,
    runMigrations: migrate.runMigrations,
    buildReport: service.buildReport,
    chileDay: (instant: Date) => chile.chileDateTime(instant).slice(0, 10),
  };
}

const REBUILD_STATEMENT = `select call_figures_rebuild((select id from companies where public_key = 'pk_bench_reports_0001'))`;

/**
 * A realistic year, written by the database itself (generate_series, not row by row): busy hours
 * from 08:00 to 22:00 Chile time, five specialities, 40 operators, 30 % phone calls, 7 % abandoned
 * and 2 % refused for want of a free operator; answers mostly within seconds with a long tail;
 * a rating on one answered call in six; video mails, contact messages and callbacks.
 */
export function generationStatements(calls: number): string[] {
  return [
    `insert into companies (name, public_key, inbox_email) values ('Central bench reportes', 'pk_bench_reports_0001', 'bench@example.com')`,
    `insert into users (name, lastname, email, password_hash)
       select 'Operador', 'N' || g, 'op' || g || '@bench.example.com', 'x' from generate_series(1, 40) g`,
    `insert into company_members (company_id, user_id, role)
       select c.id, u.id, 'operator' from companies c, users u
       where c.public_key = 'pk_bench_reports_0001' and u.email like '%@bench.example.com'`,
    // The year is written at once, then summed once (as migration 0031 does for existing calls):
    // a million trigger runs would time the generator, not the product.
    `alter table video_calls disable trigger video_calls_figures_insert`,
    `alter table call_ratings disable trigger call_ratings_figures_insert`,
    `insert into video_calls (company_id, room, speciality_name, kind, status, operator_id, created_at,
         accepted_at, ended_at, end_reason)
     select company_id, 'bench-' || g, speciality, kind,
       case when outcome < 0.09 then 'abandoned' else 'ended' end,
       case when outcome >= 0.09 then ops[1 + (g % 40)] end,
       created_at,
       case when outcome >= 0.09 then created_at + make_interval(secs => 1 + 80 * power(r_answer, 4)) end,
       case when outcome < 0.07 then created_at + make_interval(secs => 5 + 90 * r_answer)
            when outcome < 0.09 then created_at
            else created_at + make_interval(secs => 1 + 80 * power(r_answer, 4) + 60 + 900 * r_handle) end,
       case when outcome < 0.07 then 'caller_left' when outcome < 0.09 then 'no_operators' end
     from (
       select g, (select id from companies where public_key = 'pk_bench_reports_0001') as company_id,
         (select array_agg(id order by id) from users where email like '%@bench.example.com') as ops,
         (array['Robos', 'Violencia intrafamiliar', 'Incendios', 'Accidentes de tránsito', 'Consultas generales'])[1 + (g % 5)] as speciality,
         case when random() < 0.3 then 'phone' else 'video' end as kind,
         random() as outcome, random() as r_answer, random() as r_handle,
         date_trunc('day', now()) - interval '364 days' + interval '3 hours'
           + make_interval(days => (g::bigint * 365 / ${calls})::int)
           + make_interval(hours => (array[0,1,2,3,4,5,6,7,7,8,8,8,9,9,9,10,10,10,11,11,11,12,12,12,13,13,13,14,14,14,15,15,15,16,16,16,17,17,17,18,18,18,19,19,19,20,20,20,21,21,22,22,23])[1 + floor(random() * 53)::int])
           + make_interval(secs => random() * 3600) as created_at
       from generate_series(1, ${calls}) g
     ) calls`,
    `insert into call_ratings (call_id, stars, comment, created_at)
       select id, 1 + floor(random() * 5)::int,
         case when random() < 0.3 then 'Atención número ' || id else '' end, ended_at + interval '1 minute'
       from video_calls where accepted_at is not null and id % 6 = 0 and ended_at < now()`,
    `alter table video_calls enable trigger video_calls_figures_insert`,
    `alter table call_ratings enable trigger call_ratings_figures_insert`,
    REBUILD_STATEMENT,
    `insert into video_mails (company_id, name, email, phone, message, video_key, video_mime, video_bytes,
         thumbnail_key, thumbnail_mime, created_at, handled_at)
       select c.company_id, 'Vecina', 'v@example.com', '+56911110001', 'Ayuda', 'k' || id, 'video/webm', 1,
         't' || id, 'image/jpeg', c.created_at, c.created_at + interval '2 hours'
       from video_calls c where end_reason = 'no_operators'`,
    `insert into contact_messages (company_id, name, email, phone, message, created_at, handled_at)
       select company_id, 'Vecino', 'c@example.com', '+56911110002', 'Consulta', created_at,
         case when id % 3 > 0 then created_at + interval '5 hours' end
       from video_calls where id % 50 = 0`,
    `insert into callbacks (company_id, phone, preferred_time, created_at, handled_at)
       select company_id, '+56911110003', 'asap', created_at, created_at + interval '20 minutes'
       from video_calls where id % 70 = 0`,
  ];
}

const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1]!;

/** 100 calls queued, answered and ended now, one statement at a time: each change's time. */
async function timeCallChanges(
  parts: ServerParts,
  handle: DatabaseHandle,
  companyId: number,
): Promise<number> {
  const times: number[] = [];
  const timed = async (statement: string) => {
    const start = performance.now();
    await handle.db.execute(parts.raw(statement));
    times.push(performance.now() - start);
  };
  const operator = `(select user_id from company_members where company_id = ${companyId} limit 1)`;
  for (let call = 0; call < 100; call += 1) {
    const room = `bench-change-${call}`;
    await timed(
      `insert into video_calls (company_id, room, speciality_name, kind) values (${companyId}, '${room}', 'Robos', 'video')`,
    );
    await timed(
      `update video_calls set status = 'active', operator_id = ${operator}, accepted_at = now() + interval '4 seconds' where room = '${room}'`,
    );
    await timed(
      `update video_calls set status = 'ended', ended_at = now() + interval '3 minutes', end_reason = 'operator_hangup' where room = '${room}'`,
    );
  }
  return Math.round(p95(times) * 10) / 10;
}

type EngineFigures = {
  engine: 'postgres' | 'pglite';
  calls: number;
  generateSeconds: number;
  /** Summing the year's figures from its calls, as the migration does for existing calls. */
  rebuildSeconds: number;
  /** A change to a call (queued, answered, ended), its trigger included, on the year's database. */
  callChangeP95Ms: number;
  targetMs: number;
  reports: { group: string; range: string; days: number; offered: number; p95Ms: number; runs: number }[];
  worstP95Ms: number;
};

async function measureEngine(
  parts: ServerParts,
  engine: 'postgres' | 'pglite',
  handle: DatabaseHandle,
  runs: number,
): Promise<EngineFigures> {
  await parts.runMigrations(handle);
  const started = performance.now();
  let rebuildSeconds = 0;
  for (const statement of generationStatements(REPORT_BENCH_CALLS)) {
    const statementStart = performance.now();
    await handle.db.execute(parts.raw(statement));
    if (statement === REBUILD_STATEMENT) rebuildSeconds = (performance.now() - statementStart) / 1000;
  }
  await handle.db.execute(parts.raw(engine === 'postgres' ? 'vacuum analyze' : 'analyze'));
  // Written out now, so that the reports are not timed against the background writer flushing
  // a year written in a minute.
  if (engine === 'postgres') await handle.db.execute(parts.raw('checkpoint'));
  const generateSeconds = (performance.now() - started) / 1000;
  const [row] = (
    (await handle.db.execute(
      parts.raw(`select id from companies where public_key = 'pk_bench_reports_0001'`),
    )) as { rows: { id: number }[] }
  ).rows;
  const companyId = Number(row!.id);
  const callChangeP95Ms = await timeCallChanges(parts, handle, companyId);
  console.log(`  ${engine} a call's change with its figures: p95 ${callChangeP95Ms} ms`);
  const today = parts.chileDay(new Date());
  const daysBefore = (days: number) => parts.chileDay(new Date(Date.now() - days * 86_400_000));
  const ranges = [
    { range: 'today', from: today, days: 1 },
    { range: 'last7', from: daysBefore(6), days: 7 },
    { range: 'last30', from: daysBefore(29), days: 30 },
    { range: 'year', from: daysBefore(364), days: 365 },
  ];
  const reports: EngineFigures['reports'] = [];
  for (const { range, from, days } of ranges) {
    for (const group of GROUPS) {
      const request = { companyId, from, to: today, group };
      const first = await parts.buildReport(handle.db, request); // warms the plan and the cache
      const times: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const start = performance.now();
        await parts.buildReport(handle.db, request);
        times.push(performance.now() - start);
      }
      const figures = {
        group,
        range,
        days,
        offered: first.total.offered,
        p95Ms: Math.round(p95(times)),
        runs,
      };
      reports.push(figures);
      console.log(
        `  ${engine} ${range.padEnd(6)} ${group.padEnd(10)} ${String(figures.offered).padStart(8)} calls  p95 ${figures.p95Ms} ms`,
      );
    }
  }
  return {
    engine,
    calls: REPORT_BENCH_CALLS,
    generateSeconds: Math.round(generateSeconds),
    rebuildSeconds: Math.round(rebuildSeconds * 10) / 10,
    callChangeP95Ms,
    targetMs: engine === 'postgres' ? 300 : 1500,
    reports,
    worstP95Ms: Math.max(...reports.map((report) => report.p95Ms)),
  };
}

/** Both engines (PostgreSQL only when DATABASE_URL is set); each figure is printed as it comes. */
export async function measureReports(): Promise<EngineFigures[]> {
  const parts = await serverParts();
  const results: EngineFigures[] = [];
  const baseUrl = process.env.DATABASE_URL;
  const engines = (process.env.BENCH_REPORT_ENGINES ?? 'postgres,pglite').split(',');
  if (baseUrl && engines.includes('postgres')) {
    results.push(
      await withFreshDatabase(baseUrl, async (url) => {
        const handle = await parts.openDatabase({ databaseUrl: url, dataDir: tmpdir() });
        try {
          return await measureEngine(parts, 'postgres', handle, RUNS.postgres);
        } finally {
          await handle.close();
        }
      }),
    );
  }
  if (engines.includes('pglite')) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'seguridad-bench-reports-'));
    const handle = await parts.openDatabase({ dataDir });
    try {
      results.push(await measureEngine(parts, 'pglite', handle, RUNS.pglite));
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  for (const result of results) {
    const verdict =
      result.worstP95Ms <= result.targetMs
        ? 'within target'
        : `over target by ${result.worstP95Ms - result.targetMs} ms (×${(result.worstP95Ms / result.targetMs).toFixed(1)})`;
    console.log(
      `  ${result.engine}: ${result.calls} calls generated in ${result.generateSeconds} s (figures summed in ${result.rebuildSeconds} s); worst p95 ${result.worstP95Ms} ms against ${result.targetMs} ms: ${verdict}`,
    );
  }
  return results;
}
