import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import styles from './switch.module.css';

type SwitchProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'role' | 'id'> & {
  label: ReactNode;
  description?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

/** An on/off switch: a real checkbox (keyboard, forms, react-hook-form) announced as a switch. */
export function Switch({ label, description, className, ref, ...inputProps }: SwitchProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <div className={[styles.wrapper, className].filter(Boolean).join(' ')}>
      <input
        {...inputProps}
        ref={ref}
        id={id}
        type="checkbox"
        role="switch"
        className={styles.input}
        aria-describedby={descriptionId}
      />
      <label htmlFor={id} className={styles.label}>
        <span className={styles.track} aria-hidden="true">
          <span className={styles.thumb} />
        </span>
        <span className={styles.text}>{label}</span>
      </label>
      {description && (
        <p id={descriptionId} className={styles.description}>
          {description}
        </p>
      )}
    </div>
  );
}
