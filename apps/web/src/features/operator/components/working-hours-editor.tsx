import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { workingHoursSlotSchema } from '@seguridad/contracts/http/operator';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { Switch } from '../../../shared/ui/switch';
import type { CompanySettingsResponse } from '../api/get-company-settings';
import { useUpdateCompanySettings } from '../api/update-company-settings';
import { toDayDrafts, hasSplitDays, toSlots, weekDays } from '../working-hours';
import { failureNotice, type Notify } from './settings-notice';
import styles from './settings.module.css';

type TimeField = 'from' | 'to';

/** An open day must pass the server's own slot rule; its first problem lands on the field to fix. */
const dayDraftSchema = z
  .object({ day: z.number(), open: z.boolean(), from: z.string(), to: z.string() })
  .superRefine((draft, context) => {
    if (!draft.open) return;
    const parsed = workingHoursSlotSchema.safeParse({
      day: draft.day,
      open: draft.from.trim(),
      close: draft.to.trim(),
    });
    if (parsed.success) return;
    const issue = parsed.error.issues[0]!;
    // The order rule has no field of its own: it is the closing time that must move.
    context.addIssue({
      code: 'custom',
      path: [issue.path[0] === 'open' ? 'from' : 'to'],
      message: issue.message,
    });
  });

const workingHoursFormSchema = z.object({ days: z.array(dayDraftSchema) });

type CompanySettings = CompanySettingsResponse['company'];

/** One interval a day, or closed; the widget's call-back and the service status follow it. */
export function WorkingHoursEditor({ company, notify }: { company: CompanySettings; notify: Notify }) {
  const titleId = useId();
  const hintId = useId();
  const update = useUpdateCompanySettings();
  const saved = useMemo(() => ({ days: toDayDrafts(company.working_hours) }), [company.working_hours]);
  // Untouched rows follow the server (another admin's change shows up); edited ones are kept.
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodResolver(workingHoursFormSchema), defaultValues: saved });
  useEffect(() => {
    if (!isDirty) reset(saved);
  }, [saved, isDirty, reset]);
  const days = useWatch({ control, name: 'days' });

  const onSubmit = handleSubmit((values) => {
    update.mutate(
      { working_hours: toSlots(values.days) },
      {
        onSuccess: () => {
          reset(values);
          notify({ tone: 'success', text: 'Horario de atención guardado.' });
        },
        onError: (error) => notify(failureNotice('No se pudo guardar el horario', error)),
      },
    );
  });

  function timeInput(index: number, field: TimeField, label: string, errorId: string) {
    const invalid = errors.days?.[index]?.[field] !== undefined;
    return (
      <label className={styles.timeField}>
        <span className={styles.timeLabel}>{label}</span>
        <input
          className={invalid ? `${styles.timeInput} ${styles.inputInvalid}` : styles.timeInput}
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          maxLength={5}
          placeholder={field === 'from' ? '09:00' : '18:00'}
          aria-invalid={invalid || undefined}
          aria-describedby={[hintId, invalid ? errorId : ''].filter(Boolean).join(' ')}
          {...register(`days.${index}.${field}`)}
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
        {weekDays.map(({ day, name }, index) => {
          const row = days[index]!;
          const errorId = `${titleId}-error-${day}`;
          const error = errors.days?.[index]?.from ?? errors.days?.[index]?.to;
          return (
            <fieldset key={day} className={styles.day}>
              <legend className={styles.dayName}>{name}</legend>
              <div className={styles.dayControls}>
                <Switch className={styles.daySwitch} label="Abierto" {...register(`days.${index}.open`)} />
                {row.open ? (
                  <div className={styles.times}>
                    {timeInput(index, 'from', 'Desde', errorId)}
                    {timeInput(index, 'to', 'Hasta', errorId)}
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
          {isDirty && (
            <Button variant="ghost" onClick={() => reset(saved)}>
              Descartar cambios
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
