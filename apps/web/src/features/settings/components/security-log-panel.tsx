import { useSecurityLog } from '../api/get-security-log';
import { formatDateTime } from '../format-date';
import { settingsUiTexts as t } from '@seguridad/contracts/messages/settings-ui';
import { securityEventLabels } from '@seguridad/contracts/messages/settings-ui';
import styles from '../settings-page.module.css';
import { SectionStatus } from './section-status';

/** The last 90 days of the account's security events, newest first. */
export function SecurityLogPanel() {
  const log = useSecurityLog();
  const events = log.data?.events;
  return (
    <section className={styles.block} aria-labelledby="security-log-title">
      <h3 id="security-log-title" className={styles.blockTitle}>
        {t.logTitle}
      </h3>
      <p className={styles.hint}>{t.logLead}</p>
      {!events ? (
        <SectionStatus failed={log.isError} />
      ) : events.length === 0 ? (
        <p>{t.logEmpty}</p>
      ) : (
        <ol className={styles.log}>
          {events.map((event) => (
            <li key={event.id} className={styles.logItem}>
              <span className={styles.actionLabel}>{securityEventLabels[event.kind]}</span>
              {event.detail && <span> · {event.detail}</span>}
              <time className={styles.logTime} dateTime={event.created_at}>
                {formatDateTime(event.created_at)}
              </time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
