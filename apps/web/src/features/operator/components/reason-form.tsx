import { useState, type FormEvent } from 'react';
import { Button } from '../../../shared/ui/button';
import { FieldFrame, useFieldIds } from '../../../shared/ui/text-field';
import fieldStyles from '../../../shared/ui/text-field.module.css';
import styles from './data-rights.module.css';

/** The first message of a contract schema's refusal, or null when it accepts. */
export function firstIssue(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

type ReasonFormProps = {
  label: string;
  hint?: string;
  submitLabel: string;
  cancelLabel: string;
  maxLength: number | undefined;
  busy: boolean;
  /** The contract's check of the text: its Spanish message, or null. */
  validate: (text: string) => string | null;
  onSubmit: (text: string) => void;
  onCancel: () => void;
};

/** A text a person must write before a step (an answer, a reason), checked as the server will. */
export function ReasonForm({
  label,
  hint,
  submitLabel,
  cancelLabel,
  maxLength,
  busy,
  validate,
  onSubmit,
  onCancel,
}: ReasonFormProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ids = useFieldIds({ hint, error });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validate(text);
    setError(problem ?? undefined);
    if (!problem) onSubmit(text.trim());
  };

  return (
    <form className={styles.reasonForm} onSubmit={submit} noValidate>
      <FieldFrame ids={ids} label={label} hint={hint} error={error}>
        <textarea
          id={ids.id}
          className={[fieldStyles.input, styles.textarea, error ? fieldStyles.inputInvalid : '']
            .filter(Boolean)
            .join(' ')}
          rows={3}
          maxLength={maxLength}
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={[ids.hintId, ids.errorId].filter(Boolean).join(' ') || undefined}
          onChange={(event) => setText(event.target.value)}
        />
      </FieldFrame>
      <div className={styles.formActions}>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </form>
  );
}
