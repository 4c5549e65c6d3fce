import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { resetRequestBodySchema } from '@seguridad/contracts/http/auth';
import { accountTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { Alert, type AlertTone } from '../../shared/ui/alert';
import { Button, buttonClassName } from '../../shared/ui/button';
import { EmailField } from '../../shared/ui/email-field';
import { useRequestPasswordReset } from './api/request-password-reset';
import { authErrorText } from './auth-errors';
import { PageCard } from '../../shared/ui/page-card';
import styles from './components/auth-form.module.css';

type Outcome = { tone: AlertTone; text: string };

export function ResetRequestPage() {
  const requestReset = useRequestPasswordReset();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid, isSubmitting },
  } = useForm({
    resolver: zodResolver(resetRequestBodySchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await requestReset.mutateAsync(values);
      setOutcome({ tone: 'success', text: accountTexts.resetRequestSent });
    } catch (error) {
      setOutcome({ tone: 'warning', text: authErrorText(error, { 404: accountTexts.resetRequestNotFound }) });
    }
  });

  return (
    <PageCard
      title="Restablecer contraseña"
      lead="Escribe el correo de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva."
    >
      {outcome && <Alert tone={outcome.tone}>{outcome.text}</Alert>}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <EmailField label="Email" error={errors.email?.message} {...register('email')} />
        <div className={styles.actions}>
          <Button type="submit" fullWidth disabled={!isValid} busy={isSubmitting}>
            Enviar enlace
          </Button>
          <Link className={buttonClassName('ghost', true)} to={webPaths.login}>
            Volver a Iniciar sesión
          </Link>
        </div>
      </form>
    </PageCard>
  );
}
