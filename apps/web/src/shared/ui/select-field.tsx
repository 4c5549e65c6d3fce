import { useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import styles from './text-field.module.css';

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  children: ReactNode;
};

/** A labelled native select, drawn like the text fields. */
export function SelectField({ label, className, children, ...selectProps }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <select {...selectProps} id={id} className={styles.input}>
        {children}
      </select>
    </div>
  );
}
