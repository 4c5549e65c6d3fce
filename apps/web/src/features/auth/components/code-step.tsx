import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { confirmTwoFactorLoginBodySchema } from '@seguridad/contracts/http/auth';
import { VERIFICATION_CODE_DIGITS } from '@seguridad/contracts/constants';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import styles from './auth-form.module.css';

const codeFormSchema = confirmTwoFactorLoginBodySchema.pick({ code: true });

type CodeStepProps = {
  /** Where the code went, e.g. 'SMS al +569 **** *678', or where to read it (the app). */
  sentTo: string;
  onSubmit: (code: string) => Promise<void>;
  /** Without it there is no «Volver» (the app's code is the first thing the page asks). */
  onBack?: () => void;
  label?: string;
  submitLabel?: string;
};

/** Step 2: the 6-digit code. The input takes focus when the step opens. */
export function CodeStep({
  sentTo,
  onSubmit,
  onBack,
  label = 'Código de verificación',
  submitLabel = 'Guardar',
}: CodeStepProps) {
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(codeFormSchema),
    // Not on blur: the input has focus when the step opens, and an error appearing as it loses focus
    // would push "Volver" away from under the pointer mid-click.
    mode: 'onChange',
    defaultValues: { code: '' },
  });
  const { ref: registerRef, ...codeField } = register('code');

  useEffect(() => inputRef.current?.focus(), []);

  return (
    <form
      className={styles.form}
      aria-labelledby={headingId}
      noValidate
      onSubmit={handleSubmit(({ code }) => onSubmit(code))}
    >
      <h2 id={headingId} className={styles.stepTitle}>
        Ingresa el código
      </h2>
      <p className={styles.muted}>{sentTo}</p>
      <TextField
        label={label}
        hint={`${VERIFICATION_CODE_DIGITS} números`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={VERIFICATION_CODE_DIGITS}
        className={styles.codeField}
        error={errors.code?.message}
        {...codeField}
        ref={(element) => {
          registerRef(element);
          inputRef.current = element;
        }}
      />
      <div className={styles.actions}>
        <Button type="submit" fullWidth disabled={!isValid} busy={isSubmitting}>
          {submitLabel}
        </Button>
        {onBack && (
          <Button variant="secondary" fullWidth onClick={onBack} disabled={isSubmitting}>
            Volver
          </Button>
        )}
      </div>
    </form>
  );
}
