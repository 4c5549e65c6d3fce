import { type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import { FieldFrame, useFieldIds } from './text-field';
import styles from './text-field.module.css';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  /** The validation message; linked to the select with aria-describedby. */
  error?: string;
  /** A permanent help text under the label. */
  hint?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
};

/** A labelled native select, drawn and announced like the text fields. */
export function SelectField({
  label,
  error,
  hint,
  className,
  ref,
  children,
  ...selectProps
}: SelectFieldProps) {
  const ids = useFieldIds({ hint, error });
  return (
    <FieldFrame ids={ids} label={label} hint={hint} error={error} className={className}>
      <select
        {...selectProps}
        ref={ref}
        id={ids.id}
        className={[styles.input, error ? styles.inputInvalid : ''].filter(Boolean).join(' ')}
        aria-invalid={error ? true : undefined}
        aria-describedby={[ids.hintId, ids.errorId].filter(Boolean).join(' ') || undefined}
      >
        {children}
      </select>
    </FieldFrame>
  );
}
