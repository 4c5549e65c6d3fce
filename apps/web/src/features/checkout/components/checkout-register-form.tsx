import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { signupBodySchema, type SignupBody } from '@seguridad/contracts/http/auth';
import { checkoutTexts } from '@seguridad/contracts/messages';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { EmailField } from '../../../shared/ui/email-field';
import { PasswordField } from '../../../shared/ui/password-field';
import { TextField } from '../../../shared/ui/text-field';
import styles from '../checkout.module.css';

type CheckoutRegisterFormProps = {
  onSubmit: (account: SignupBody) => Promise<void>;
  onBack: () => void;
  failure: string | null;
};

/** The checkout's register form: the account's data as the register page asks it. */
export function CheckoutRegisterForm({ onSubmit, onBack, failure }: CheckoutRegisterFormProps) {
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(signupBodySchema),
    mode: 'onChange',
    defaultValues: { name: '', lastname: '', email: '', password: '', password_confirmation: '' },
  });
  const revalidateConfirmation = () => {
    if (getValues('password_confirmation')) void trigger('password_confirmation');
  };
  return (
    <section className={styles.panel} aria-labelledby="checkout-register-title">
      <h2 id="checkout-register-title" className={styles.panelTitle}>
        {checkoutTexts.registerTitle}
      </h2>
      {failure && <Alert tone="warning">{failure}</Alert>}
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <div className={styles.row}>
          <TextField
            label="Nombre"
            autoComplete="given-name"
            error={errors.name?.message}
            {...register('name')}
          />
          <TextField
            label="Apellido"
            autoComplete="family-name"
            error={errors.lastname?.message}
            {...register('lastname')}
          />
        </div>
        <EmailField label="Email" error={errors.email?.message} {...register('email')} />
        <PasswordField
          label="Contraseña"
          autoComplete="new-password"
          hint="Al menos 8 caracteres."
          error={errors.password?.message}
          {...register('password', { onChange: revalidateConfirmation })}
        />
        <PasswordField
          label="Confirmar Contraseña"
          autoComplete="new-password"
          error={errors.password_confirmation?.message}
          {...register('password_confirmation')}
        />
        <div className={styles.actions}>
          <Button type="submit" fullWidth disabled={!isValid} busy={isSubmitting}>
            Registrar Cuenta
          </Button>
          <Button variant="secondary" fullWidth onClick={onBack}>
            Ya tengo cuenta
          </Button>
        </div>
      </form>
    </section>
  );
}
