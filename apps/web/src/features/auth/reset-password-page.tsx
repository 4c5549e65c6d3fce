import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { resetPasswordBodySchema } from '@seguridad/contracts/http/auth';
import { DELAYS_MS } from '@seguridad/contracts/constants';
import { accountTexts, errorMessages } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { NewPasswordFields } from '../../shared/auth/account-fields';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { Switch } from '../../shared/ui/switch';
import { useResetTokenCheck } from './api/check-reset-token';
import { useResetPassword } from './api/reset-password';
import { errorStatus } from '../../shared/api/api-client';
import { authErrorText } from './auth-errors';
import { PageCard } from '../../shared/ui/page-card';
import styles from './components/auth-form.module.css';
import { LoadingState } from './components/loading-state';

/**
 * checking --token ok--> form --saved--> done (home after 4 s)
 *    |                     |
 *    +--404 / no token-----+--404--> invalid (login after 6 s)
 */
export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const tokenCheck = useResetTokenCheck(token);
  const resetPassword = useResetPassword();
  const [usedUp, setUsedUp] = useState(false);
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const form = useForm({
    resolver: zodResolver(resetPasswordBodySchema),
    mode: 'onTouched',
    defaultValues: { token: token ?? '', password: '', password_confirmation: '', revoke: true },
  });
  const {
    register,
    handleSubmit,
    formState: { isValid, isSubmitting },
  } = form;

  const invalid = !token || usedUp || errorStatus(tokenCheck.error) === 404;

  useEffect(() => {
    if (!invalid) return;
    const timer = window.setTimeout(() => void navigate(webPaths.login), DELAYS_MS.invalidResetTokenRedirect);
    return () => window.clearTimeout(timer);
  }, [invalid, navigate]);

  useEffect(() => {
    if (!done) return;
    outcomeRef.current?.focus();
    const timer = window.setTimeout(() => void navigate(webPaths.home), DELAYS_MS.postResetRedirect);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await resetPassword.mutateAsync(values);
      setDone(true);
    } catch (error) {
      if (errorStatus(error) === 404) setUsedUp(true);
      else setFailure(authErrorText(error));
    }
  });

  function content() {
    if (invalid) return <Alert tone="warning">{accountTexts.resetTokenInvalid}</Alert>;
    if (done) {
      return (
        <Alert tone="success" ref={outcomeRef} focusable>
          {accountTexts.resetSuccess}
        </Alert>
      );
    }
    if (tokenCheck.isPending) return <LoadingState label="Verificando el enlace…" />;
    if (tokenCheck.isError) {
      return (
        <>
          <Alert tone="error">{errorMessages.generic}</Alert>
          <Button variant="secondary" fullWidth onClick={() => void tokenCheck.refetch()}>
            Reintentar
          </Button>
        </>
      );
    }
    return (
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        {failure && <Alert tone="warning">{failure}</Alert>}
        <NewPasswordFields
          form={form}
          passwordLabel="Nueva contraseña"
          confirmationLabel="Confirmar contraseña"
        />
        <Switch
          label={accountTexts.revokeAllDevices}
          description="Cierra la sesión en todos los teléfonos y navegadores donde hayas ingresado."
          {...register('revoke')}
        />
        <div className={styles.actions}>
          <Button type="submit" fullWidth disabled={!isValid} busy={isSubmitting}>
            Guardar contraseña
          </Button>
        </div>
      </form>
    );
  }

  return (
    <PageCard title="Nueva contraseña" lead="Elige la contraseña con la que ingresarás de ahora en adelante.">
      {content()}
    </PageCard>
  );
}
