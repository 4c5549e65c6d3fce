import { useId, useState, type FormEvent } from 'react';
import { retentionUpdateBodySchema, type RetentionEntry } from '@seguridad/contracts/http/retention';
import { retentionConsoleTexts as texts } from '@seguridad/contracts/messages/data-rights-console';
import { Button } from '../../../shared/ui/button';
import { Snackbar } from '../../../shared/ui/snackbar';
import { TextField } from '../../../shared/ui/text-field';
import { DataTable } from '../../../shared/ui/data-table';
import { useRetentionTable, useUpdateRetention } from '../api/retention';
import { firstIssue } from './reason-form';
import { LoadFailure } from './load-failure';
import { failureNotice, usePanelNotice, type Notify } from './settings-notice';
import settingsStyles from './settings.module.css';
import styles from './data-rights.module.css';

/** What the contract says of a typed period: its Spanish reason, or null when it is within bounds. */
export function retentionDaysProblem(kind: RetentionEntry['kind'], typed: string): string | null {
  if (!/^\d{1,6}$/.test(typed.trim())) return texts.notANumber;
  return firstIssue(retentionUpdateBodySchema.safeParse({ kind, days: Number(typed.trim()) }));
}

export function RetentionRow({ entry, notify }: { entry: RetentionEntry; notify: Notify }) {
  const update = useUpdateRetention();
  const [typed, setTyped] = useState(String(entry.days));
  const [error, setError] = useState<string | undefined>();
  const fixed = entry.min_days === entry.max_days;

  const save = (event: FormEvent) => {
    event.preventDefault();
    const problem = retentionDaysProblem(entry.kind, typed);
    setError(problem ?? undefined);
    if (problem) return;
    update.mutate(
      { kind: entry.kind, days: Number(typed.trim()) },
      {
        onSuccess: () =>
          notify({ tone: 'success', text: texts.saved(entry.label, texts.days(Number(typed))) }),
        onError: (failure) => notify(failureNotice(texts.saveFailed, failure)),
      },
    );
  };

  return (
    <tr>
      <th scope="row">{entry.label}</th>
      <td>
        {entry.period}
        {entry.period !== texts.days(entry.days) && (
          <span className={styles.muted}> ({texts.days(entry.days)})</span>
        )}
      </td>
      <td>{texts.days(entry.default_days)}</td>
      <td>{fixed ? texts.fixed : texts.bounds(entry.min_days, entry.max_days)}</td>
      <td>
        {!fixed && (
          <form className={styles.periodForm} onSubmit={save} noValidate>
            <TextField
              label={<span className="visually-hidden">{texts.daysLabel(entry.label)}</span>}
              inputMode="numeric"
              value={typed}
              error={error}
              onChange={(event) => setTyped(event.target.value)}
            />
            <Button type="submit" variant="secondary" busy={update.isPending}>
              {texts.save}
              <span className="visually-hidden"> {entry.label}</span>
            </Button>
          </form>
        )}
      </td>
    </tr>
  );
}

/** The «Retención» tab, for administrators: each kind's period within its bounds (decision 034). */
export function RetentionPanel() {
  const headingId = useId();
  const table = useRetentionTable();
  const [notice, setNotice] = usePanelNotice();

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className={settingsStyles.panelTitle}>
        {texts.title}
      </h2>
      <p className={styles.intro}>{texts.intro}</p>
      {table.isError && <LoadFailure title={texts.loadFailed} retry={texts.retry} query={table} />}
      {table.isPending && <p role="status">{texts.loading}</p>}
      {table.data && (
        <DataTable
          labelledBy={headingId}
          className={styles.table}
          scrollerClassName={styles.scroller}
          columns={[
            texts.columns.kind,
            texts.columns.current,
            texts.columns.defaultDays,
            texts.columns.bounds,
            texts.columns.change,
          ]}
        >
          {table.data.retention.map((entry) => (
            <RetentionRow key={`${entry.kind}-${entry.days}`} entry={entry} notify={setNotice} />
          ))}
        </DataTable>
      )}
      <Snackbar message={notice} onClose={() => setNotice(null)} />
    </section>
  );
}
