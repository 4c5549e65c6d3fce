import { type SignupBody } from '@seguridad/contracts/http/auth';
import { checkoutTexts } from '@seguridad/contracts/messages';
import { SignupFields, useSignupForm } from '../../../shared/auth/account-fields';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import styles from '../checkout.module.css';

type CheckoutRegisterFormProps = {
  onSubmit: (account: SignupBody) => Promise<void>;
  onBack: () => void;
  failure: string | null;
};

/** The checkout's register form: the account's data as the register page asks it. */
export function CheckoutRegisterForm({ onSubmit, onBack, failure }: CheckoutRegisterFormProps) {
  const form = useSignupForm();
  const {
    handleSubmit,
    formState: { isValid, isSubmitting },
  } = form;
  return (
    <section className={styles.panel} aria-labelledby="checkout-register-title">
      <h2 id="checkout-register-title" className={styles.panelTitle}>
        {checkoutTexts.registerTitle}
      </h2>
      {failure && <Alert tone="warning">{failure}</Alert>}
      <form onSubmit={handleSubmit(onSubmit)} noValidate>
        <SignupFields form={form} rowClassName={styles.row} />
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
