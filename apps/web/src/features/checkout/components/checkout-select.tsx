import { useId, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import styles from '../../../shared/ui/text-field.module.css';

type CheckoutSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
};

/** A labelled native select with the text fields' hint and error lines, announced with it. */
export function CheckoutSelect({
  label,
  error,
  hint,
  className,
  ref,
  children,
  ...selectProps
}: CheckoutSelectProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
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
        <select
          {...selectProps}
          ref={ref}
          id={id}
          className={[styles.input, error ? styles.inputInvalid : ''].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
        >
          {children}
        </select>
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
