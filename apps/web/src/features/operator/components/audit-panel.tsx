import { useId, useState, type FormEvent } from 'react';
import { AUDIT_AREAS } from '@seguridad/contracts/http/audit';
import { auditTexts } from '@seguridad/contracts/messages';
import { errorText } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { DataTable } from '../../../shared/ui/data-table';
import { downloadAuditCsv, useAuditTrail, type AuditFilters } from '../api/get-audit';
import { useTeam } from '../api/get-team';
import { operatorTexts } from '@seguridad/contracts/messages/console-ui';
import settingsStyles from './settings.module.css';
import styles from './audit.module.css';
import { saveBlob } from '../../../shared/api/save-blob';

const chileTime = new Intl.DateTimeFormat('es-CL', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'America/Santiago',
});

type Draft = { actor: string; area: string; from: string; to: string };
const EMPTY: Draft = { actor: '', area: '', from: '', to: '' };

function filtersOf(draft: Draft): AuditFilters {
  return {
    actor: draft.actor ? Number(draft.actor) : undefined,
    area: (draft.area || undefined) as AuditFilters['area'],
    from: draft.from || undefined,
    to: draft.to || undefined,
  };
}

/** The Auditoría tab, for administrators: the company's trail by person, kind and Chilean days. */
export function AuditPanel() {
  const headingId = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [filters, setFilters] = useState<AuditFilters>({});
  const trail = useAuditTrail(filters);
  const team = useTeam();
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const events = trail.data?.pages.flatMap((page) => page.events) ?? [];

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(filtersOf(draft));
  };

  const download = async () => {
    setDownloading(true);
    setDownloadError(null);
    try {
      const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Santiago' });
      saveBlob(await downloadAuditCsv(filters), auditTexts.csvFileName(today));
      void trail.refetch();
    } catch (error) {
      setDownloadError(errorText(error, auditTexts.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={settingsStyles.panelTitle}>
        {auditTexts.title}
      </h2>
      <p className={styles.intro}>{auditTexts.intro}</p>
      <form className={styles.filters} aria-label={auditTexts.filters} onSubmit={apply}>
        <SelectField
          label={auditTexts.person}
          value={draft.actor}
          onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
        >
          <option value="">{auditTexts.everyone}</option>
          {team.data?.members.map((member) => (
            <option key={member.user_id} value={member.user_id}>
              {member.name} ({member.email})
            </option>
          ))}
        </SelectField>
        <SelectField
          label={auditTexts.area}
          value={draft.area}
          onChange={(event) => setDraft({ ...draft, area: event.target.value })}
        >
          <option value="">{auditTexts.everyArea}</option>
          {AUDIT_AREAS.map((area) => (
            <option key={area} value={area}>
              {auditTexts.areas[area]}
            </option>
          ))}
        </SelectField>
        <TextField
          label={auditTexts.from}
          type="date"
          value={draft.from}
          max={draft.to || undefined}
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <TextField
          label={auditTexts.to}
          type="date"
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => setDraft({ ...draft, to: event.target.value })}
        />
        <div className={styles.actions}>
          <Button type="submit">{auditTexts.apply}</Button>
          <Button
            type="button"
            variant="ghost"
            onClick={() => {
              setDraft(EMPTY);
              setFilters({});
            }}
          >
            {auditTexts.clear}
          </Button>
          <Button type="button" variant="secondary" busy={downloading} onClick={() => void download()}>
            {downloading ? auditTexts.downloading : auditTexts.download}
          </Button>
        </div>
      </form>
      {downloadError && (
        <Alert tone="error" title={auditTexts.downloadFailed}>
          {downloadError}
        </Alert>
      )}
      {trail.isError && (
        <Alert tone="error" title={auditTexts.loadFailed}>
          {errorText(trail.error, operatorTexts.connectionProblem)}
        </Alert>
      )}
      {trail.isPending && <p role="status">{auditTexts.loading}</p>}
      {trail.isSuccess && events.length === 0 && <p role="status">{auditTexts.empty}</p>}
      {events.length > 0 && (
        <DataTable
          labelledBy={headingId}
          className={styles.table}
          scrollerClassName={styles.scroller}
          columns={[
            auditTexts.columns.when,
            auditTexts.columns.who,
            auditTexts.columns.action,
            auditTexts.columns.subject,
            auditTexts.columns.ip,
            auditTexts.columns.details,
          ]}
        >
          {events.map((event) => (
            <tr key={event.id}>
              <td>
                <time dateTime={event.created_at}>{chileTime.format(new Date(event.created_at))}</time>
              </td>
              <td>{event.actor_label}</td>
              <td>
                {auditTexts.actionLabel(event.action)}
                <span className={styles.code}>{event.action}</span>
              </td>
              <td>
                {event.subject_kind} {event.subject_id}
              </td>
              <td>{event.ip}</td>
              <td className={styles.details}>
                {Object.keys(event.details).length > 0 ? JSON.stringify(event.details) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      {trail.hasNextPage && (
        <Button
          type="button"
          variant="secondary"
          busy={trail.isFetchingNextPage}
          onClick={() => void trail.fetchNextPage()}
        >
          {auditTexts.loadMore}
        </Button>
      )}
    </section>
  );
}
