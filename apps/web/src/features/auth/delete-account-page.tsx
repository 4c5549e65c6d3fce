import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { DELAYS_MS, DELETE_ACCOUNT_PHRASE, PASSWORD_MAX_LENGTH } from '@seguridad/contracts/constants';
import { accountTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { clearSessionToken } from '../../shared/api/session-token';
import { useRedirectToLogin, useRequireSession } from '../../shared/auth/require-session';
import { Alert } from '../../shared/ui/alert';
import { Button, buttonClassName } from '../../shared/ui/button';
import { Dialog } from '../../shared/ui/dialog';
import { PasswordField } from '../../shared/ui/password-field';
import { TextField } from '../../shared/ui/text-field';
import { useDeleteAccount } from './api/delete-account';
import { errorStatus } from '../../shared/api/api-client';
import { authErrorText } from './auth-errors';
import { PageCard } from '../../shared/ui/page-card';
import styles from './components/auth-form.module.css';
import { LoadingState } from './components/loading-state';

export function DeleteAccountPage() {
  const hasSession = useRequireSession();
  const redirectToLogin = useRedirectToLogin();
  const navigate = useNavigate();
  const deleteAccount = useDeleteAccount();
  const [phrase, setPhrase] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [deleted, setDeleted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const phraseHintId = useId();
  // Spec §5: exactly the phrase, nothing trimmed or case-folded.
  const confirmed = phrase === DELETE_ACCOUNT_PHRASE;

  useEffect(() => {
    if (!deleted) return;
    const timer = window.setTimeout(() => {
      clearSessionToken();
      void navigate(webPaths.login, { replace: true });
    }, DELAYS_MS.accountDeletedDialog);
    return () => window.clearTimeout(timer);
  }, [deleted, navigate]);

  async function onDelete(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!confirmed || !password) return;
    setFailure(null);
    setPasswordError(null);
    try {
      await deleteAccount.mutateAsync({ password });
      setDeleted(true);
    } catch (error) {
      const status = errorStatus(error);
      if (status === 401) redirectToLogin();
      // The password was missing or wrong (or its guesses ran out): said beside the field.
      else if (status === 403) setPasswordError(authErrorText(error, {}, [403]));
      // The only administrator of a centre is told to name another first.
      else setFailure(authErrorText(error, {}, [409]));
    }
  }

  return (
    <PageCard title="Eliminar cuenta" wide>
      {hasSession ? (
        <>
          <Alert tone="warning" title="Esta acción no se puede deshacer">
            Se eliminarán tu cuenta, tus dispositivos, tus teléfonos confirmados y tu participación en redes
            de seguridad.
          </Alert>
          {failure && <Alert tone="error">{failure}</Alert>}
          <form className={styles.form} onSubmit={(event) => void onDelete(event)} noValidate>
            <p id={phraseHintId}>
              Para confirmar, escribe <span className={styles.phrase}>{DELETE_ACCOUNT_PHRASE}</span> en el
              campo de abajo e ingresa tu contraseña.
            </p>
            <TextField
              label="Frase de confirmación"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={phrase}
              onChange={(event) => setPhrase(event.target.value)}
              aria-describedby={phraseHintId}
              disabled={deleted}
            />
            <PasswordField
              label="Contraseña actual"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX_LENGTH}
              value={password}
              error={passwordError ?? undefined}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(null);
              }}
              disabled={deleted}
            />
            <div className={styles.actions}>
              <Button
                type="submit"
                variant="danger"
                fullWidth
                disabled={!confirmed || !password || deleted}
                busy={deleteAccount.isPending}
              >
                Eliminar mi cuenta
              </Button>
              <Link className={buttonClassName('ghost', true)} to={webPaths.home}>
                Volver al Inicio
              </Link>
            </div>
          </form>
        </>
      ) : (
        <LoadingState label="Cargando…" />
      )}
      <Dialog
        open={deleted}
        title={accountTexts.accountDeleted}
        description="Te llevaremos a la página de inicio de sesión."
        dismissible={false}
      />
    </PageCard>
  );
}
