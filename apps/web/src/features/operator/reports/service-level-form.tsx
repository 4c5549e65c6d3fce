import { useEffect, useId, useState, type FormEvent } from 'react';
import {
  serviceLevelBodySchema,
  type ServiceLevelBody,
  type ServiceLevelTargets,
} from '@seguridad/contracts/http/reports';
import { reportConsoleTexts as texts, reportTexts } from '@seguridad/contracts/messages';
import { errorText } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { LoadFailure } from '../components/load-failure';
import { useServiceLevel, useSetServiceLevel } from './reports-api';
import styles from './reports.module.css';

type Field = keyof ServiceLevelBody;
type Draft = Record<Field, string>;

function draftOf(targets: ServiceLevelTargets): Draft {
  return {
    first_seconds: String(targets.first_seconds),
    first_percent: String(targets.first_percent),
    second_seconds: String(targets.second_seconds),
    second_percent: String(targets.second_percent),
  };
}

/** The draft as the contract reads it: each field's first problem in Spanish, or the body. */
export function parseServiceLevelDraft(
  draft: Draft,
): { body: ServiceLevelBody } | { errors: Partial<Record<Field, string>> } {
  const numbers = Object.fromEntries(
    Object.entries(draft).map(([field, value]) => [field, value.trim() === '' ? undefined : Number(value)]),
  );
  const parsed = serviceLevelBodySchema.safeParse(numbers);
  if (parsed.success) return { body: parsed.data };
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { errors };
}

/** Administrators: the two thresholds every report and the live view are measured against. */
export function ServiceLevelForm() {
  const headingId = useId();
  const current = useServiceLevel(true);
  const save = useSetServiceLevel();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState(false);

  const targets = current.data?.targets;
  useEffect(() => {
    if (targets && draft === null) setDraft(draftOf(targets));
  }, [targets, draft]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    setSaved(false);
    const result = parseServiceLevelDraft(draft);
    if ('errors' in result) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    save.mutate(result.body, {
      onSuccess: (response) => {
        setDraft(draftOf(response.targets));
        setSaved(true);
      },
    });
  };

  const field = (name: Field, label: string, max: number) => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      value={draft?.[name] ?? ''}
      error={errors[name]}
      onChange={(event) => {
        setSaved(false);
        setDraft({ ...(draft ?? draftOf(targets!)), [name]: event.target.value });
      }}
    />
  );

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h3 id={headingId} className={styles.sectionTitle}>
        {texts.serviceLevelTitle}
      </h3>
      <p className={styles.muted}>{texts.serviceLevelIntro}</p>
      {current.isError ? (
        <LoadFailure title={texts.saveFailed} retry={texts.retry} query={current} />
      ) : !draft ? (
        <p role="status" className={styles.muted}>
          {texts.loading}
        </p>
      ) : (
        <form onSubmit={submit} noValidate className={styles.targets}>
          <fieldset className={styles.threshold}>
            <legend>{texts.firstThreshold}</legend>
            {field('first_seconds', texts.seconds, 600)}
            {field('first_percent', texts.percent, 100)}
          </fieldset>
          <fieldset className={styles.threshold}>
            <legend>{texts.secondThreshold}</legend>
            {field('second_seconds', texts.seconds, 600)}
            {field('second_percent', texts.percent, 100)}
          </fieldset>
          <div className={styles.actions}>
            <Button type="submit" busy={save.isPending}>
              {texts.save}
            </Button>
          </div>
          {save.isError && (
            <Alert tone="error" title={texts.saveFailed}>
              {errorText(save.error)}
            </Alert>
          )}
          <p role="status" className={styles.saved}>
            {saved ? reportTexts.serviceLevelSaved : ''}
          </p>
        </form>
      )}
    </section>
  );
}
