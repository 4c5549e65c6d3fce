import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './text-field.module.css';

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
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy =
    [hintId, errorId, inputProps['aria-describedby']].filter(Boolean).join(' ') || undefined;
  const inputClasses = [
    styles.input,
    error ? styles.inputInvalid : '',
    trailing ? styles.withTrailing : '',
    prefix ? styles.withPrefix : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <div className={styles.control}>
        {prefix && (
          <span className={styles.prefix} aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          {...inputProps}
          ref={ref}
          id={id}
          className={inputClasses}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
        {trailing}
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          <span aria-hidden="true" className={styles.errorIcon}>
            !
          </span>
          {error}
        </p>
      )}
    </div>
  );
}
