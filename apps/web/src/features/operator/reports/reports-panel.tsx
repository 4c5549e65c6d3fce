import { Component, lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  REPORT_GROUPS,
  REPORT_PRESETS,
  reportGroupLabels,
  reportPresetLabels,
  reportQuerySchema,
  type ReportGroup,
  type ReportPreset,
  type ReportQuery,
  type ReportResponse,
} from '@seguridad/contracts/http/reports';
import { reportConsoleTexts as texts } from '@seguridad/contracts/messages';
import { errorText } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { LoadFailure } from '../components/load-failure';
import settingsStyles from '../components/settings.module.css';
import { saveBlob } from '../../../shared/api/save-blob';
import { downloadReportCsv, useReport, type ReportTable } from './reports-api';
import { formatDay, presetRange } from './report-format';
import {
  ByHourTable,
  CallsTable,
  InboxTable,
  RatingsSection,
  ServiceLevelByDayTable,
  ServiceLevelSummary,
} from './report-tables';
import { ServiceLevelForm } from './service-level-form';
import styles from './reports.module.css';

// uPlot and the charts load only when a report is shown, never with the rest of the site.
const ByHourChart = lazy(() => import('./report-charts').then((module) => ({ default: module.ByHourChart })));
const ServiceLevelChart = lazy(() =>
  import('./report-charts').then((module) => ({ default: module.ServiceLevelChart })),
);

/** A chart that fails to load or draw leaves its table, which says the same, and a note. */
class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p className={styles.muted}>{texts.chartsFailed}</p> : this.props.children;
  }
}

type Draft = { preset: ReportPreset; from: string; to: string; group: ReportGroup };

/** The query a draft asks for, or the first problem with its dates in Spanish. */
export function queryOfDraft(
  draft: Draft,
  now: number = Date.now(),
): { query: ReportQuery } | { error: string } {
  const range =
    draft.preset === 'custom' ? { from: draft.from, to: draft.to } : presetRange(draft.preset, now);
  const parsed = reportQuerySchema.safeParse({ ...range, group: draft.group });
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? texts.loadFailed };
  return { query: parsed.data };
}

function useCsvDownload(query: ReportQuery) {
  const [busy, setBusy] = useState<ReportTable | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (table: ReportTable) => {
    setBusy(table);
    setError(null);
    try {
      saveBlob(await downloadReportCsv(query, table), texts.csvFileName(table, query.from, query.to));
    } catch (failure) {
      setError(errorText(failure, texts.downloadFailed));
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, download };
}

function ReportSection({
  title,
  table,
  csv,
  children,
}: {
  title: string;
  table: ReportTable;
  csv: ReturnType<typeof useCsvDownload>;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <div className={styles.sectionHeader}>
        <h3 id={headingId} className={styles.sectionTitle}>
          {title}
        </h3>
        <Button
          variant="secondary"
          busy={csv.busy === table}
          aria-label={texts.downloadCsvOf(title)}
          onClick={() => void csv.download(table)}
        >
          {texts.downloadCsv}
        </Button>
      </div>
      {children}
    </section>
  );
}

function ChartFigure({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  return (
    <figure className={styles.figure}>
      <figcaption className={styles.subtitle}>{title}</figcaption>
      <ChartBoundary>
        <Suspense fallback={<p className={styles.chartPlaceholder}>{texts.chartLoading}</p>}>
          {chart}
        </Suspense>
      </ChartBoundary>
      <details className={styles.details}>
        <summary>{texts.asTable}</summary>
        {table}
      </details>
    </figure>
  );
}

/** Everything a report shows, for the range and grouping it was asked for. */
export function ReportView({ report }: { report: ReportResponse }) {
  const csv = useCsvDownload({ from: report.from, to: report.to, group: report.group });
  return (
    <>
      <p className={styles.range}>{texts.range(formatDay(report.from), formatDay(report.to))}</p>
      {csv.error && (
        <Alert tone="error" title={texts.downloadFailed}>
          {csv.error}
        </Alert>
      )}
      <ReportSection title={texts.callsTitle} table="calls" csv={csv}>
        <ServiceLevelSummary report={report} />
        <CallsTable report={report} />
      </ReportSection>
      {report.total.offered > 0 && (
        <div className={styles.charts}>
          <ChartFigure
            title={texts.chartByHour}
            chart={<ByHourChart report={report} />}
            table={<ByHourTable report={report} />}
          />
          <ChartFigure
            title={texts.chartServiceLevel}
            chart={<ServiceLevelChart report={report} />}
            table={<ServiceLevelByDayTable report={report} />}
          />
        </div>
      )}
      <ReportSection title={texts.inboxTitle} table="inbox" csv={csv}>
        <InboxTable report={report} />
      </ReportSection>
      <ReportSection title={texts.ratingsTitle} table="ratings" csv={csv}>
        <RatingsSection report={report} />
      </ReportSection>
    </>
  );
}

/** The Reportes tab, for supervisors and administrators (administrators also set the targets). */
export function ReportsPanel({ canEditTargets }: { canEditTargets: boolean }) {
  const headingId = useId();
  const [draft, setDraft] = useState<Draft>({ preset: 'last7', from: '', to: '', group: 'day' });
  const [query, setQuery] = useState<ReportQuery | null>(() => {
    const first = queryOfDraft(draft);
    return 'query' in first ? first.query : null;
  });
  const [rangeError, setRangeError] = useState<string | null>(null);
  const report = useReport(query);

  const apply = (next: Draft) => {
    setDraft(next);
    // A preset or a grouping shows at once; custom dates wait for «Ver reporte».
    if (next.preset === 'custom' && (!next.from || !next.to)) return;
    const result = queryOfDraft(next);
    if ('error' in result) {
      setRangeError(result.error);
      return;
    }
    setRangeError(null);
    setQuery(result.query);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = queryOfDraft(draft);
    if ('error' in result) {
      setRangeError(result.error);
      return;
    }
    setRangeError(null);
    setQuery(result.query);
    if (query && JSON.stringify(query) === JSON.stringify(result.query)) void report.refetch();
  };

  const custom = draft.preset === 'custom';
  return (
    <section aria-labelledby={headingId} aria-busy={report.isFetching || undefined}>
      <h2 id={headingId} className={settingsStyles.panelTitle}>
        {texts.title}
      </h2>
      <p className={styles.intro}>{texts.intro}</p>
      <form className={styles.filters} aria-label={texts.filters} onSubmit={submit} noValidate>
        <SelectField
          label={texts.period}
          value={draft.preset}
          onChange={(event) => {
            const preset = event.target.value as ReportPreset;
            const seed = preset === 'custom' && query ? { from: query.from, to: query.to } : {};
            apply({ ...draft, ...seed, preset });
          }}
        >
          {REPORT_PRESETS.map((preset) => (
            <option key={preset} value={preset}>
              {reportPresetLabels[preset]}
            </option>
          ))}
        </SelectField>
        {custom && (
          <>
            <TextField
              label={texts.from}
              type="date"
              value={draft.from}
              max={draft.to || undefined}
              onChange={(event) => setDraft({ ...draft, from: event.target.value })}
            />
            <TextField
              label={texts.to}
              type="date"
              value={draft.to}
              min={draft.from || undefined}
              error={rangeError ?? undefined}
              onChange={(event) => setDraft({ ...draft, to: event.target.value })}
            />
          </>
        )}
        <SelectField
          label={texts.groupBy}
          value={draft.group}
          onChange={(event) => apply({ ...draft, group: event.target.value as ReportGroup })}
        >
          {REPORT_GROUPS.map((group) => (
            <option key={group} value={group}>
              {reportGroupLabels[group]}
            </option>
          ))}
        </SelectField>
        <div className={styles.actions}>
          <Button type="submit" busy={report.isFetching}>
            {texts.apply}
          </Button>
        </div>
      </form>
      {rangeError && !custom && (
        <Alert tone="error" title={texts.loadFailed}>
          {rangeError}
        </Alert>
      )}
      {report.isError ? (
        <LoadFailure title={texts.loadFailed} retry={texts.retry} query={report} />
      ) : report.data ? (
        <ReportView report={report.data} />
      ) : (
        <p role="status" className={styles.muted}>
          {texts.loading}
        </p>
      )}
      {canEditTargets && <ServiceLevelForm />}
    </section>
  );
}
