import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { loginBodySchema } from '@seguridad/contracts/http/auth';
import { accountTexts, errorMessages } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { siteConfig } from '../../config/site';
import { setSessionToken } from '../../shared/api/session-token';
import { SignInFields } from '../../shared/auth/account-fields';
import { getDeviceIdentity } from '../../shared/auth/device-identity';
import { Alert } from '../../shared/ui/alert';
import { Button, buttonClassName } from '../../shared/ui/button';
import { useLogin } from './api/login';
import { authErrorText } from './auth-errors';
import { PageCard } from '../../shared/ui/page-card';
import styles from './components/auth-form.module.css';
import { pendingLoginFrom, savePendingLogin } from './pending-login';
import { twoFactorPathFor, useRedirectTarget } from './redirect-target';

const loginFormSchema = loginBodySchema.pick({ email: true, password: true });

export function LoginPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { target, raw: redirectTo } = useRedirectTarget();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(loginFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });
  const {
    handleSubmit,
    formState: { isValid, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    try {
      const answer = await login.mutateAsync({ email, password, device: getDeviceIdentity() });
      const secondStep = pendingLoginFrom({ email, password }, answer);
      if (secondStep) {
        savePendingLogin(secondStep);
        await navigate(twoFactorPathFor(redirectTo));
      } else if (answer.access_token) {
        setSessionToken(answer.access_token);
        await navigate(target, { replace: true });
      } else {
        setFailure(errorMessages.generic);
      }
    } catch (error) {
      setFailure(authErrorText(error, { 401: accountTexts.loginFailed }));
    }
  });

  return (
    <PageCard
      title="Iniciar sesión"
      lead={`Ingresa con el correo y la contraseña de tu cuenta ${siteConfig.brandName}.`}
    >
      {redirectTo?.includes('network_invite') && (
        <Alert tone="info">{accountTexts.networkInviteBanner}</Alert>
      )}
      {failure && <Alert tone="warning">{failure}</Alert>}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <SignInFields form={form} />
        <Link className={styles.inlineLink} to={webPaths.resetPasswordRequest}>
          ¿Olvidaste tu contraseña?
        </Link>
        <div className={styles.actions}>
          <Button type="submit" fullWidth disabled={!isValid} busy={isSubmitting}>
            Ingresar
          </Button>
          <Link className={buttonClassName('secondary', true)} to={`${webPaths.register}${search}`}>
            Registrarse
          </Link>
          <Link className={buttonClassName('ghost', true)} to={webPaths.home}>
            Volver al Inicio
          </Link>
        </div>
      </form>
    </PageCard>
  );
}
