import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './text-field.module.css';

/** The ids a field's control, hint and error message are linked by. */
export type FieldIds = { id: string; hintId: string | undefined; errorId: string | undefined };

export function useFieldIds({ hint, error }: { hint?: ReactNode; error?: string }): FieldIds {
  const id = useId();
  return { id, hintId: hint ? `${id}-hint` : undefined, errorId: error ? `${id}-error` : undefined };
}

type FieldFrameProps = {
  ids: FieldIds;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  /** The control itself: an input, a select. */
  children: ReactNode;
};

/** What every form field draws around its control: the label, the hint and the error message. */
export function FieldFrame({ ids, label, hint, error, className, children }: FieldFrameProps) {
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={ids.id}>
        {label}
      </label>
      {hint && (
        <p id={ids.hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.control}>{children}</div>
      {error && (
        <p id={ids.errorId} className={styles.error}>
          <span aria-hidden="true" className={styles.errorIcon}>
            !
          </span>
          {error}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  /** The validation message; linked to the input with aria-describedby. */
  error?: string;
  /** A permanent help text under the label. */
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
  /** Something drawn inside the input's right edge (the password field's show/hide button). */
  trailing?: ReactNode;
  /** A fixed text before what the person types (the promo phone's +569), read with the label. */
  prefix?: string;
};

/** A labelled input with its hint and error message, both announced with the field. */
export function TextField({
  label,
  error,
  hint,
  trailing,
  prefix,
  className,
  ref,
  ...inputProps
}: TextFieldProps) {
  const ids = useFieldIds({ hint, error });
  const describedBy =
    [ids.hintId, ids.errorId, inputProps['aria-describedby']].filter(Boolean).join(' ') || undefined;
  const inputClasses = [
    styles.input,
    error ? styles.inputInvalid : '',
    trailing ? styles.withTrailing : '',
    prefix ? styles.withPrefix : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      {prefix && (
        <span className={styles.prefix} aria-hidden="true">
          {prefix}
        </span>
      )}
      <input
        {...inputProps}
        ref={ref}
        id={ids.id}
        className={inputClasses}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {trailing}
    </FieldFrame>
  );
}
