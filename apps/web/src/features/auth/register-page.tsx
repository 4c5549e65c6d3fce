import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { DELAYS_MS } from '@seguridad/contracts/constants';
import { accountTexts, errorMessages } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { ApiRequestError } from '../../shared/api/api-client';
import { setSessionToken } from '../../shared/api/session-token';
import { SignupFields, useSignupForm } from '../../shared/auth/account-fields';
import { getDeviceIdentity } from '../../shared/auth/device-identity';
import { Button, buttonClassName } from '../../shared/ui/button';
import { Snackbar, type SnackbarMessage } from '../../shared/ui/snackbar';
import { login } from './api/login';
import { useSignup } from './api/signup';
import { PageCard } from '../../shared/ui/page-card';
import styles from './components/auth-form.module.css';
import { pendingLoginFrom, savePendingLogin } from './pending-login';
import { twoFactorPathFor, useRedirectTarget } from './redirect-target';

/** Spec §8: the first message of the server's list, else the generic one. */
function signupErrorText(error: unknown): string {
  return (error instanceof ApiRequestError ? error.body?.data[0] : undefined) ?? errorMessages.generic;
}

type Credentials = { email: string; password: string };

export function RegisterPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [searchParams] = useSearchParams();
  const { target, raw: redirectTo } = useRedirectTarget();
  const signup = useSignup();
  const [notice, setNotice] = useState<SnackbarMessage | null>(null);
  /** Set once the account exists: after the spec's pause the page signs in with these. */
  const [createdAccount, setCreatedAccount] = useState<Credentials | null>(null);
  const form = useSignupForm();
  const {
    handleSubmit,
    formState: { isValid, isSubmitting },
  } = form;

  useEffect(() => {
    if (!createdAccount) return;
    let cancelled = false;
    const timer = window.setTimeout(async () => {
      try {
        const answer = await login({ ...createdAccount, device: getDeviceIdentity() });
        if (cancelled) return;
        const secondStep = pendingLoginFrom(createdAccount, answer);
        if (secondStep) {
          savePendingLogin(secondStep);
          await navigate(twoFactorPathFor(redirectTo));
        } else if (answer.access_token) {
          setSessionToken(answer.access_token);
          await navigate(target, { replace: true });
        } else {
          await navigate(`${webPaths.login}${search}`);
        }
      } catch {
        // Spec §4: when the automatic login fails, the person logs in by hand (query kept).
        if (!cancelled) await navigate(`${webPaths.login}${search}`);
      }
    }, DELAYS_MS.signupAutoLogin);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [createdAccount, navigate, redirectTo, search, target]);

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    try {
      await signup.mutateAsync({ ...values, share_code: searchParams.get('code') || undefined });
      setNotice({ tone: 'success', text: accountTexts.registerSuccess });
      setCreatedAccount({ email: values.email, password: values.password });
    } catch (error) {
      setNotice({ tone: 'error', text: signupErrorText(error) });
    }
  });

  const busy = isSubmitting || createdAccount !== null;
  return (
    <PageCard title="Crear cuenta" lead="Completa tus datos para crear tu cuenta.">
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
        {/* Once the account exists the fields freeze while the page signs in. */}
        <fieldset className={styles.fieldset} disabled={createdAccount !== null}>
          <SignupFields form={form} rowClassName={styles.row} />
        </fieldset>
        <div className={styles.actions}>
          <Button type="submit" fullWidth disabled={!isValid} busy={busy}>
            Registrar Cuenta
          </Button>
          <Link className={buttonClassName('ghost', true)} to={webPaths.home}>
            Volver al Inicio
          </Link>
        </div>
        <p className={styles.switchLine}>
          ¿Ya tienes una cuenta? <Link to={`${webPaths.login}${search}`}>Inicia sesión</Link>
        </p>
      </form>
      <Snackbar message={notice} onClose={notice?.tone === 'error' ? () => setNotice(null) : undefined} />
    </PageCard>
  );
}
