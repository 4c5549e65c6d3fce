import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/** The class of a button look, for links that should look like buttons (`<Link className=…>`). */
export function buttonClassName(variant: ButtonVariant = 'primary', fullWidth = false): string {
  return [styles.button, styles[variant], fullWidth ? styles.fullWidth : ''].filter(Boolean).join(' ');
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  fullWidth?: boolean;
  /** Shows a spinner, keeps the label for screen readers and blocks repeated presses. */
  busy?: boolean;
};

export function Button({
  variant = 'primary',
  fullWidth = false,
  busy = false,
  type = 'button',
  className,
  disabled,
  children,
  ...rest
}: ButtonProps) {
  const classes = [buttonClassName(variant, fullWidth), className].filter(Boolean).join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && <span className={styles.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}
