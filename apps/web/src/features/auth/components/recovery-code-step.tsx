import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { recoveryCodeSchema } from '@seguridad/contracts/http/authenticator';
import { twoStepTexts } from '@seguridad/contracts/messages/two-step';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import styles from './auth-form.module.css';

const recoveryFormSchema = z.object({ recovery_code: recoveryCodeSchema });

type RecoveryCodeStepProps = {
  onSubmit: (recoveryCode: string) => Promise<void>;
  onBack: () => void;
};

/** One of the recovery codes shown when the app was turned on, in place of its code. */
export function RecoveryCodeStep({ onSubmit, onBack }: RecoveryCodeStepProps) {
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(recoveryFormSchema),
    mode: 'onChange',
    defaultValues: { recovery_code: '' },
  });
  const { ref: registerRef, ...codeField } = register('recovery_code');

  useEffect(() => inputRef.current?.focus(), []);

  return (
    <form
      className={styles.form}
      aria-labelledby={headingId}
      noValidate
      onSubmit={handleSubmit(({ recovery_code }) => onSubmit(recovery_code))}
    >
      <h2 id={headingId} className={styles.stepTitle}>
        {twoStepTexts.recoveryStepTitle}
      </h2>
      <TextField
        label={twoStepTexts.recoveryLabel}
        hint={twoStepTexts.recoveryHint}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={20}
        error={errors.recovery_code?.message}
        {...codeField}
        ref={(element) => {
          registerRef(element);
          inputRef.current = element;
        }}
      />
      <div className={styles.actions}>
        <Button type="submit" fullWidth disabled={!isValid} busy={isSubmitting}>
          {twoStepTexts.signIn}
        </Button>
        <Button variant="secondary" fullWidth onClick={onBack} disabled={isSubmitting}>
          {twoStepTexts.back}
        </Button>
      </div>
    </form>
  );
}
