import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type Ref } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { requestTwoFactorCodeBodySchema, type MaskedPhone } from '@seguridad/contracts/http/auth';
import { VERIFICATION_TYPE } from '@seguridad/contracts/constants';
import { Button } from '../../../shared/ui/button';
import { ChannelChoice } from '../../../shared/ui/channel-choice';
import styles from './auth-form.module.css';

const choiceSchema = requestTwoFactorCodeBodySchema.pick({ phone_id: true, type: true });
export type PhoneChoice = { phone_id: number; type: 1 | 2 };

/** '+569 **** *678' is read as a string of asterisks; say what matters instead. */
function spokenPhone(phone: string): string {
  const tail = phone.replace(/\D/g, '').slice(-3);
  return tail ? `Teléfono terminado en ${tail}` : 'Teléfono';
}

type ChoosePhoneStepProps = {
  phones: MaskedPhone[];
  initialChoice?: PhoneChoice;
  onSubmit: (choice: PhoneChoice) => Promise<void>;
  headingRef?: Ref<HTMLHeadingElement>;
};

/** Step 1 of the login's second step: which confirmed phone gets the code, and how. */
export function ChoosePhoneStep({ phones, initialChoice, onSubmit, headingRef }: ChoosePhoneStepProps) {
  const headingId = useId();
  const {
    control,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm({
    resolver: zodResolver(choiceSchema),
    defaultValues: initialChoice ?? { phone_id: phones[0]?.id ?? 0, type: VERIFICATION_TYPE.sms },
  });

  return (
    <form
      className={styles.form}
      aria-labelledby={headingId}
      noValidate
      onSubmit={handleSubmit((choice) => onSubmit(choice as PhoneChoice))}
    >
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
        Elige dónde recibir tu código
      </h2>
      <Controller
        control={control}
        name="phone_id"
        render={({ field }) => (
          <fieldset className={styles.fieldset}>
            <legend className={styles.legend}>Teléfono</legend>
            <div className={styles.options}>
              {phones.map((phone) => (
                <label key={phone.id} className={styles.option}>
                  <input
                    type="radio"
                    name={field.name}
                    value={phone.id}
                    checked={field.value === phone.id}
                    onChange={() => field.onChange(phone.id)}
                    onBlur={field.onBlur}
                    ref={field.value === phone.id ? field.ref : undefined}
                  />
                  <span className={styles.phone} aria-hidden="true">
                    {phone.phone}
                  </span>
                  <span className="visually-hidden">{spokenPhone(phone.phone)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
      />
      <Controller
        control={control}
        name="type"
        render={({ field }) => <ChannelChoice legend="Enviar el código por" field={field} />}
      />
      <div className={styles.actions}>
        <Button type="submit" fullWidth busy={isSubmitting}>
          Siguiente
        </Button>
      </div>
    </form>
  );
}
