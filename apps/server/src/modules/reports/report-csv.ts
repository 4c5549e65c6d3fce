import type { CallReportRow, ReportGroup, ServiceLevelTargets } from '@seguridad/contracts/http/reports';
import { reportGroupLabels } from '@seguridad/contracts/http/reports';
import { reportTableTexts } from '@seguridad/contracts/messages';
import type { Database } from '../../db/client';
import { chileDateTime } from '../../lib/chile-time';
import { CSV_BOM, csvRow } from '../../lib/csv';
import { ratingEntries } from './report-queries';
import { callReport, inboxReport, rangeOf, type ReportRequest } from './report-service';

/** The most ratings one CSV lists (a year of a busy centre fits). */
const CSV_MAX_RATINGS = 100_000;

/**
 * A number as a Spanish-locale spreadsheet reads it (decision 047): a decimal comma, no thousands
 * separator, so the cell is a number and not text. Empty for "nothing to measure".
 */
export function decimal(value: number | null, digits = 1): string {
  if (value === null) return '';
  return Number.isInteger(value) ? String(value) : value.toFixed(digits).replace('.', ',');
}

/** A 0–1 share as a percentage with one decimal: 0.9234 → '92,3'. */
const percent = (value: number | null) => (value === null ? '' : decimal(Math.round(value * 1000) / 10));

function callRowFields(row: CallReportRow): string[] {
  return [
    row.label,
    String(row.offered),
    String(row.answered),
    String(row.abandoned),
    String(row.fell_back),
    percent(row.abandon_rate),
    decimal(row.avg_answer_seconds),
    decimal(row.p90_answer_seconds),
    percent(row.service_level_first),
    percent(row.service_level_second),
    decimal(row.avg_handle_seconds),
  ];
}

async function callsCsv(db: Database, request: ReportRequest, targets: ServiceLevelTargets) {
  const report = await callReport(db, request, targets);
  const columns = reportTableTexts.callColumns;
  const header = [
    reportGroupLabels[request.group as ReportGroup],
    columns.offered,
    columns.answered,
    columns.abandoned,
    columns.fellBack,
    columns.abandonRate,
    columns.avgAnswer,
    columns.p90Answer,
    columns.serviceLevel(targets.first_seconds),
    columns.serviceLevel(targets.second_seconds),
    columns.avgHandle,
  ];
  return [header, ...report.rows.map(callRowFields), callRowFields(report.total)];
}

async function inboxCsv(db: Database, request: ReportRequest) {
  const columns = reportTableTexts.inboxColumns;
  const rows = await inboxReport(db, request);
  return [
    [columns.kind, columns.received, columns.handled, columns.avgFirstHandling],
    ...rows.map((row) => [
      row.label,
      String(row.received),
      String(row.handled),
      decimal(row.avg_first_handling_seconds),
    ]),
  ];
}

async function ratingsCsv(db: Database, request: ReportRequest) {
  const columns = reportTableTexts.ratingColumns;
  const entries = await ratingEntries(db, request.companyId, rangeOf(request.from, request.to), {
    limit: CSV_MAX_RATINGS,
    withComment: false,
  });
  return [
    [columns.when, columns.call, columns.stars, columns.operator, columns.comment],
    ...entries.map((entry) => [
      chileDateTime(entry.created_at),
      String(entry.call_id),
      String(entry.stars),
      entry.operator_name ?? '',
      entry.comment,
    ]),
  ];
}

/** One table of the report as CSV text, with its byte-order mark. */
export async function reportCsv(
  db: Database,
  request: ReportRequest,
  table: 'calls' | 'inbox' | 'ratings',
  targets: ServiceLevelTargets,
): Promise<string> {
  const rows =
    table === 'calls'
      ? await callsCsv(db, request, targets)
      : table === 'inbox'
        ? await inboxCsv(db, request)
        : await ratingsCsv(db, request);
  return CSV_BOM + rows.map((fields) => csvRow(fields)).join('');
}
