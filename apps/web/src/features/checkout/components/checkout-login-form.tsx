import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { checkoutLoginFormSchema } from '@seguridad/contracts/http/payments';
import { checkoutTexts } from '@seguridad/contracts/messages';
import { SignInFields } from '../../../shared/auth/account-fields';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import styles from '../checkout.module.css';

export type CheckoutCredentials = { email: string; password: string };

type CheckoutLoginFormProps = {
  onSubmit: (credentials: CheckoutCredentials) => Promise<void>;
  onRegister: () => void;
  /** A warning after a failed login (spec §8); a success notice after registering. */
  failure: string | null;
  notice?: string | null;
  defaultEmail?: string;
};

/** The checkout's login (spec §2): e-mail and password, and the way to the register form. */
export function CheckoutLoginForm({
  onSubmit,
  onRegister,
  failure,
  notice,
  defaultEmail = '',
}: CheckoutLoginFormProps) {
  const form = useForm({
    resolver: zodResolver(checkoutLoginFormSchema),
    mode: 'onTouched',
    defaultValues: { email: defaultEmail, password: '' },
  });
  const {
    handleSubmit,
    formState: { isSubmitting },
  } = form;
  return (
    <section className={styles.panel} aria-labelledby="checkout-login-title">
      <h2 id="checkout-login-title" className={styles.panelTitle}>
        {checkoutTexts.loginTitle}
      </h2>
      {notice && <Alert tone="success">{notice}</Alert>}
      {failure && <Alert tone="warning">{failure}</Alert>}
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <SignInFields form={form} />
        <div className={styles.actions}>
          <Button type="submit" fullWidth busy={isSubmitting}>
            Ingresar
          </Button>
          <Button variant="secondary" fullWidth onClick={onRegister}>
            Registrarse
          </Button>
        </div>
      </form>
    </section>
  );
}
