import { useId, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import fieldStyles from '../../shared/ui/text-field.module.css';
import styles from './widget-form.module.css';

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode;
  error?: string;
  /** Shown under the field and read with it, e.g. the "N/360" counter. */
  counter?: ReactNode;
  ref?: Ref<HTMLTextAreaElement>;
};

/** The shared text field's look and announcements, for a multi-line message. */
export function TextAreaField({ label, error, counter, className, ref, ...props }: TextAreaFieldProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const counterId = counter !== undefined ? `${id}-counter` : undefined;
  const describedBy = [errorId, counterId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <textarea
        {...props}
        ref={ref}
        id={id}
        className={[fieldStyles.input, styles.textarea, error ? fieldStyles.inputInvalid : '']
          .filter(Boolean)
          .join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      <div className={styles.fieldFoot}>
        {error ? (
          <p id={errorId} className={fieldStyles.error}>
            <span aria-hidden="true" className={fieldStyles.errorIcon}>
              !
            </span>
            {error}
          </p>
        ) : (
          <span />
        )}
        {counter !== undefined && (
          <p id={counterId} className={styles.counter}>
            {counter}
          </p>
        )}
      </div>
    </div>
  );
}
