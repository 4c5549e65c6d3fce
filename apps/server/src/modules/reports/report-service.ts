import {
  channelLabels,
  type CallReportRow,
  type InboxReportRow,
  type ReportGroup,
  type ReportResponse,
  type ServiceLevelTargets,
} from '@seguridad/contracts/http/reports';
import { reportConsoleTexts, reportTableTexts } from '@seguridad/contracts/messages';
import type { Database } from '../../db/client';
import { nextDay, startOfChileDay } from '../../lib/chile-time';
import { callFigureSets, daysOf, type CallFigures, type ReportPeriod } from './call-figure-queries';
import {
  inboxFigures,
  operatorNames,
  ratingDistribution,
  ratingEntries,
  serviceLevelTargetsOf,
  type ReportRange,
} from './report-queries';

/** How many comments the report lists (the contract's «at most 50»). */
const REPORT_COMMENTS = 50;

export type ReportRequest = { companyId: number; from: string; to: string; group: ReportGroup };

/** The instants of Chile days `from`..`to`, both included, whatever the clocks did in between. */
export function rangeOf(from: string, to: string): ReportRange {
  return { start: startOfChileDay(from), end: startOfChileDay(nextDay(to)) };
}

const share = (part: number, whole: number) => (whole === 0 ? null : round(part / whole, 4));

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

const seconds = (value: number | null) => (value === null ? null : round(value, 1));

function rowOf(figures: CallFigures, label: string): CallReportRow {
  return {
    key: figures.key,
    label,
    offered: figures.offered,
    answered: figures.answered,
    abandoned: figures.abandoned,
    fell_back: figures.fell_back,
    abandon_rate: share(figures.abandoned, figures.offered),
    avg_answer_seconds: seconds(figures.avg_answer_seconds),
    p90_answer_seconds: seconds(figures.p90_answer_seconds),
    service_level_first: share(figures.within_first, figures.offered),
    service_level_second: share(figures.within_second, figures.offered),
    avg_handle_seconds: seconds(figures.avg_handle_seconds),
  };
}

const emptyFigures = (key: string): CallFigures => ({
  key,
  offered: 0,
  answered: 0,
  abandoned: 0,
  fell_back: 0,
  avg_answer_seconds: null,
  p90_answer_seconds: null,
  within_first: 0,
  within_second: 0,
  avg_handle_seconds: null,
});

/** '27-11-2026' from '2026-11-27'. */
const dayLabel = (day: string) => day.split('-').reverse().join('-');

/** The rows of the grouping in its natural order, each named for people. */
async function groupRows(
  db: Database,
  request: ReportRequest,
  figures: CallFigures[],
): Promise<CallReportRow[]> {
  const { group } = request;
  if (group === 'hour' || group === 'day') {
    const oneDay = request.from === request.to;
    return (
      [...figures]
        // ISO keys sort as plain strings; a collator would cost more than the query for a year of hours.
        .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
        .map((row) => {
          if (group === 'day') return rowOf(row, dayLabel(row.key));
          const [day, hour] = row.key.split('T') as [string, string];
          return rowOf(row, oneDay ? hour : `${dayLabel(day)} ${hour}`);
        })
    );
  }
  const byOffered = [...figures].sort((a, b) => b.offered - a.offered || a.key.localeCompare(b.key));
  if (group === 'channel') {
    return byOffered.map((row) =>
      rowOf(row, channelLabels[row.key as keyof typeof channelLabels] ?? row.key),
    );
  }
  if (group === 'speciality') return byOffered.map((row) => rowOf(row, row.key));
  const names = await operatorNames(
    db,
    byOffered.filter((row) => row.key !== '').map((row) => Number(row.key)),
  );
  return byOffered.map((row) =>
    rowOf(row, row.key === '' ? reportTableTexts.noOperator : (names.get(Number(row.key)) ?? row.key)),
  );
}

/** The calls table and its charts, for the route and the CSV. */
export async function callReport(db: Database, request: ReportRequest, targets: ServiceLevelTargets) {
  const period: ReportPeriod = { from: request.from, to: request.to, ...rangeOf(request.from, request.to) };
  const figures = await callFigureSets(db, request.companyId, period, request.group, targets);
  const byHour = new Map(figures.hoursOfDay.map((row) => [row.hour, row]));
  const byDay = new Map(figures.days.map((row) => [row.key, row]));
  const total = figures.total ?? emptyFigures('');
  return {
    rows: await groupRows(db, request, figures.groups),
    total: rowOf({ ...total, key: '' }, reportConsoleTexts.total),
    answered_by_hour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      offered: byHour.get(hour)?.offered ?? 0,
      answered: byHour.get(hour)?.answered ?? 0,
    })),
    service_level_by_day: daysOf(request.from, request.to).map((day) => {
      const row = byDay.get(day);
      return {
        day,
        first: row ? share(row.within_first, row.offered) : null,
        second: row ? share(row.within_second, row.offered) : null,
      };
    }),
  };
}

export async function inboxReport(db: Database, request: ReportRequest): Promise<InboxReportRow[]> {
  const figures = await inboxFigures(db, request.companyId, rangeOf(request.from, request.to));
  return figures.map((row) => ({
    ...row,
    label: reportTableTexts.inboxKinds[row.kind],
    avg_first_handling_seconds: seconds(row.avg_first_handling_seconds),
  }));
}

export async function ratingsReport(db: Database, request: ReportRequest) {
  const range = rangeOf(request.from, request.to);
  const [distribution, comments] = await Promise.all([
    ratingDistribution(db, request.companyId, request.from, request.to),
    ratingEntries(db, request.companyId, range, { limit: REPORT_COMMENTS, withComment: true }),
  ]);
  const count = distribution.reduce((sum, value) => sum + value, 0);
  const starSum = distribution.reduce((sum, value, index) => sum + value * (index + 1), 0);
  return {
    count,
    average: count === 0 ? null : round(starSum / count, 2),
    distribution,
    comments: comments.map((entry) => ({ ...entry, created_at: entry.created_at.toISOString() })),
  };
}

/** The whole Reportes tab for one range and grouping. */
export async function buildReport(db: Database, request: ReportRequest): Promise<ReportResponse> {
  const targets = await serviceLevelTargetsOf(db, request.companyId);
  const [calls, inbox, ratings] = await Promise.all([
    callReport(db, request, targets),
    inboxReport(db, request),
    ratingsReport(db, request),
  ]);
  return {
    code: 200,
    from: request.from,
    to: request.to,
    group: request.group,
    targets,
    ...calls,
    inbox,
    ratings,
  };
}
