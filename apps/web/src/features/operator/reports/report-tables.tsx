import {
  reportGroupLabels,
  type CallReportRow,
  type ReportResponse,
  type ServiceLevelTargets,
} from '@seguridad/contracts/http/reports';
import { reportConsoleTexts as texts, ratingTexts } from '@seguridad/contracts/messages';
import { formatDateTime } from '../format';
import {
  formatAverage,
  formatCount,
  formatDay,
  formatSeconds,
  formatShare,
  meetsTarget,
} from './report-format';
import { DataTable } from '../../../shared/ui/data-table';
import styles from './reports.module.css';

/** «92,0 % cumple»: met or missed said in words (the header names the target), colour only repeats it. */
export function ServiceLevelValue({ share, percent }: { share: number | null; percent: number }) {
  const met = meetsTarget(share, percent);
  if (met === null) return <span className={styles.muted}>{texts.noData}</span>;
  return (
    <span className={met ? styles.met : styles.missed}>
      {formatShare(share)} <span className={styles.verdict}>{met ? texts.metShort : texts.missedShort}</span>
    </span>
  );
}

/** The whole range against both thresholds, e.g. «15 s: 92,0 % (meta 90 %) · cumple la meta». */
export function ServiceLevelSummary({ report }: { report: ReportResponse }) {
  const { targets, total } = report;
  const levels = [
    { seconds: targets.first_seconds, percent: targets.first_percent, share: total.service_level_first },
    { seconds: targets.second_seconds, percent: targets.second_percent, share: total.service_level_second },
  ];
  return (
    <ul className={styles.summary} aria-label={texts.serviceLevelHeading}>
      {levels.map((level, index) => {
        const met = meetsTarget(level.share, level.percent);
        return (
          <li
            key={index}
            className={met === null ? undefined : met ? styles.summaryMet : styles.summaryMissed}
          >
            <strong>
              {texts.serviceLevelSummary(level.seconds, formatShare(level.share), level.percent)}
            </strong>{' '}
            {met === null ? texts.noData : met ? texts.met : texts.missed}
          </li>
        );
      })}
    </ul>
  );
}

function CallCells({ row, targets }: { row: CallReportRow; targets: ServiceLevelTargets }) {
  return (
    <>
      <td>{formatCount(row.offered)}</td>
      <td>{formatCount(row.answered)}</td>
      <td>{formatCount(row.abandoned)}</td>
      <td>{formatCount(row.fell_back)}</td>
      <td>{formatShare(row.abandon_rate)}</td>
      <td>{formatSeconds(row.avg_answer_seconds)}</td>
      <td>{formatSeconds(row.p90_answer_seconds)}</td>
      <td>
        <ServiceLevelValue share={row.service_level_first} percent={targets.first_percent} />
      </td>
      <td>
        <ServiceLevelValue share={row.service_level_second} percent={targets.second_percent} />
      </td>
      <td>{formatSeconds(row.avg_handle_seconds)}</td>
    </>
  );
}

/** One row per group (hour, day, speciality, channel or operator) and the range's total. */
export function CallsTable({ report }: { report: ReportResponse }) {
  const { targets, columns } = { targets: report.targets, columns: texts.columns };
  if (report.rows.length === 0) return <p className={styles.muted}>{texts.noCalls}</p>;
  return (
    <DataTable
      label={texts.tableOf(texts.callsTitle)}
      caption={texts.callsTitle}
      className={styles.table}
      scrollerClassName={styles.scroller}
      columns={[
        reportGroupLabels[report.group],
        columns.offered,
        columns.answered,
        columns.abandoned,
        columns.fellBack,
        columns.abandonRate,
        columns.avgAnswer,
        columns.p90Answer,
        columns.serviceLevel(targets.first_seconds, targets.first_percent),
        columns.serviceLevel(targets.second_seconds, targets.second_percent),
        columns.avgHandle,
      ]}
      footer={
        <tr>
          <th scope="row">{texts.total}</th>
          <CallCells row={report.total} targets={targets} />
        </tr>
      }
    >
      {report.rows.map((row) => (
        <tr key={row.key}>
          <th scope="row">{row.label}</th>
          <CallCells row={row} targets={targets} />
        </tr>
      ))}
    </DataTable>
  );
}

export function InboxTable({ report }: { report: ReportResponse }) {
  const columns = texts.inboxColumns;
  return (
    <DataTable
      label={texts.tableOf(texts.inboxTitle)}
      caption={texts.inboxTitle}
      className={`${styles.table} ${styles.narrowTable}`}
      scrollerClassName={styles.scroller}
      columns={[columns.kind, columns.received, columns.handled, columns.firstHandling]}
    >
      {report.inbox.map((row) => (
        <tr key={row.kind}>
          <th scope="row">{row.label}</th>
          <td>{formatCount(row.received)}</td>
          <td>{formatCount(row.handled)}</td>
          <td>{formatSeconds(row.avg_first_handling_seconds)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

/** The average, how many gave each number of stars, and the latest comments, always as plain text. */
export function RatingsSection({ report }: { report: ReportResponse }) {
  const { ratings } = report;
  if (ratings.count === 0) return <p className={styles.muted}>{texts.noRatings}</p>;
  const most = Math.max(...ratings.distribution, 1);
  return (
    <>
      <p className={styles.average}>{texts.ratingsAverage(formatAverage(ratings.average), ratings.count)}</p>
      <table className={styles.distribution}>
        <caption className="visually-hidden">{texts.distribution}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{texts.distribution}</th>
            <th scope="col">{texts.ratingCount}</th>
          </tr>
        </thead>
        <tbody>
          {[5, 4, 3, 2, 1].map((stars) => {
            const count = ratings.distribution[stars - 1] ?? 0;
            return (
              <tr key={stars}>
                <th scope="row">{texts.starsLabel(stars)}</th>
                <td>
                  <span
                    className={styles.bar}
                    style={{ inlineSize: `${(count / most) * 100}%` }}
                    aria-hidden="true"
                  />
                  <span className={styles.barValue}>{formatCount(count)}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h4 className={styles.subtitle}>{texts.latestComments}</h4>
      {ratings.comments.length === 0 ? (
        <p className={styles.muted}>{texts.noComments}</p>
      ) : (
        <ul className={styles.comments}>
          {ratings.comments.map((comment) => (
            <li key={comment.call_id}>
              <span className={styles.stars}>{ratingTexts.consoleStars(comment.stars)}</span> ·{' '}
              <time dateTime={comment.created_at}>{formatDateTime(comment.created_at)}</time> ·{' '}
              {texts.commentBy(comment.operator_name)}
              {/* A citizen's words: React writes them as text, never as markup. */}
              <p className={styles.comment}>{comment.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The text alternative of the «by hour» chart. */
export function ByHourTable({ report }: { report: ReportResponse }) {
  return (
    <table className={`${styles.table} ${styles.narrowTable}`}>
      <caption className="visually-hidden">{texts.chartByHour}</caption>
      <thead>
        <tr>
          <th scope="col">{texts.hour}</th>
          <th scope="col">{texts.columns.offered}</th>
          <th scope="col">{texts.columns.answered}</th>
        </tr>
      </thead>
      <tbody>
        {report.answered_by_hour.map((entry) => (
          <tr key={entry.hour}>
            <th scope="row">{`${String(entry.hour).padStart(2, '0')}:00`}</th>
            <td>{formatCount(entry.offered)}</td>
            <td>{formatCount(entry.answered)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The text alternative of the «service level by day» chart. */
export function ServiceLevelByDayTable({ report }: { report: ReportResponse }) {
  const { targets } = report;
  return (
    <table className={`${styles.table} ${styles.narrowTable}`}>
      <caption className="visually-hidden">{texts.chartServiceLevel}</caption>
      <thead>
        <tr>
          <th scope="col">{reportGroupLabels.day}</th>
          <th scope="col">{texts.columns.serviceLevel(targets.first_seconds, targets.first_percent)}</th>
          <th scope="col">{texts.columns.serviceLevel(targets.second_seconds, targets.second_percent)}</th>
        </tr>
      </thead>
      <tbody>
        {report.service_level_by_day.map((entry) => (
          <tr key={entry.day}>
            <th scope="row">{formatDay(entry.day)}</th>
            <td>
              <ServiceLevelValue share={entry.first} percent={targets.first_percent} />
            </td>
            <td>
              <ServiceLevelValue share={entry.second} percent={targets.second_percent} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
