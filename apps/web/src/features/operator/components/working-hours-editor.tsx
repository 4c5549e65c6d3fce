import { useId, useRef, useState, type FormEvent } from 'react';
import { workingHoursSlotSchema } from '@seguridad/contracts/http/operator';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Switch } from '../../../shared/ui/switch';
import type { CompanySettingsResponse } from '../api/get-company-settings';
import { useUpdateCompanySettings } from '../api/update-company-settings';
import { hasSplitDays, toDayDrafts, toSlots, weekDays, type DayDraft } from '../working-hours';
import { failureNotice, type Notify } from './settings-notice';
import styles from './settings.module.css';

type TimeField = 'from' | 'to';
type DayError = { field: TimeField; message: string };

/** The first problem of an open day, as the server would word it (the same schema). */
function dayError(draft: DayDraft): DayError | undefined {
  const parsed = workingHoursSlotSchema.safeParse({
    day: draft.day,
    open: draft.from.trim(),
    close: draft.to.trim(),
  });
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0]!;
  // The order rule has no field of its own: it is the closing time that must move.
  return { field: issue.path[0] === 'open' ? 'from' : 'to', message: issue.message };
}

type CompanySettings = CompanySettingsResponse['company'];

/** One interval a day, or closed; the widget's call-back and the service status follow it. */
export function WorkingHoursEditor({ company, notify }: { company: CompanySettings; notify: Notify }) {
  const titleId = useId();
  const hintId = useId();
  const update = useUpdateCompanySettings();
  // null while untouched: the rows then follow the server (another admin's change shows up).
  const [draft, setDraft] = useState<DayDraft[] | null>(null);
  const [errors, setErrors] = useState<Partial<Record<number, DayError>>>({});
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const days = draft ?? toDayDrafts(company.working_hours);

  function change(day: number, patch: Partial<DayDraft>) {
    setDraft(days.map((row) => (row.day === day ? { ...row, ...patch } : row)));
    setErrors(({ [day]: _fixed, ...rest }) => rest);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found: Partial<Record<number, DayError>> = {};
    for (const row of days) {
      const error = row.open ? dayError(row) : undefined;
      if (error) found[row.day] = error;
    }
    setErrors(found);
    const firstInvalid = days.find((row) => found[row.day]);
    if (firstInvalid) {
      inputs.current.get(`${firstInvalid.day}-${found[firstInvalid.day]!.field}`)?.focus();
      return;
    }
    update.mutate(
      { working_hours: toSlots(days) },
      {
        onSuccess: () => {
          setDraft(null);
          notify({ tone: 'success', text: 'Horario de atención guardado.' });
        },
        onError: (error) => notify(failureNotice('No se pudo guardar el horario', error)),
      },
    );
  }

  function timeInput(row: DayDraft, field: TimeField, label: string, errorId: string) {
    const error = errors[row.day];
    const invalid = error?.field === field;
    return (
      <label className={styles.timeField}>
        <span className={styles.timeLabel}>{label}</span>
        <input
          ref={(element) => {
            const key = `${row.day}-${field}`;
            if (element) inputs.current.set(key, element);
            else inputs.current.delete(key);
          }}
          className={invalid ? `${styles.timeInput} ${styles.inputInvalid}` : styles.timeInput}
          value={row[field]}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={5}
          placeholder={field === 'from' ? '09:00' : '18:00'}
          aria-invalid={invalid || undefined}
          aria-describedby={[hintId, invalid ? errorId : ''].filter(Boolean).join(' ')}
          onChange={(event) => change(row.day, { [field]: event.target.value })}
        />
      </label>
    );
  }

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        Horario de atención
      </h3>
      <p id={hintId} className={styles.lead}>
        Hora de Chile continental, en formato HH:mm. Para atender hasta la medianoche escribe 24:00.
      </p>
      {hasSplitDays(company.working_hours) && (
        <Alert tone="info">
          Algún día tiene más de un tramo guardado. Este editor muestra el primero de cada día y, al guardar,
          conserva solo ese.
        </Alert>
      )}
      <form onSubmit={onSubmit} noValidate>
        {weekDays.map(({ day, name }) => {
          const row = days.find((candidate) => candidate.day === day)!;
          const errorId = `${titleId}-error-${day}`;
          const error = errors[day];
          return (
            <fieldset key={day} className={styles.day}>
              <legend className={styles.dayName}>{name}</legend>
              <div className={styles.dayControls}>
                <Switch
                  className={styles.daySwitch}
                  label="Abierto"
                  checked={row.open}
                  onChange={(event) => change(day, { open: event.target.checked })}
                />
                {row.open ? (
                  <div className={styles.times}>
                    {timeInput(row, 'from', 'Desde', errorId)}
                    {timeInput(row, 'to', 'Hasta', errorId)}
                  </div>
                ) : (
                  <p className={styles.closed}>Cerrado</p>
                )}
              </div>
              {error && (
                <p id={errorId} className={styles.fieldError}>
                  <span aria-hidden="true" className={styles.errorIcon}>
                    !
                  </span>
                  {error.message}
                </p>
              )}
            </fieldset>
          );
        })}
        <div className={styles.actions}>
          <Button type="submit" busy={update.isPending}>
            Guardar horario
          </Button>
          {draft && (
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(null);
                setErrors({});
              }}
            >
              Descartar cambios
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
