import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { accountTexts } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { clearSessionToken } from '../../shared/api/session-token';
import { Alert } from '../../shared/ui/alert';
import { Button, buttonClassName } from '../../shared/ui/button';
import { useAccountRecoveryData, type AccountRecoveryData } from './api/get-account-recovery-data';
import { useRecoverAccount } from './api/recover-account';
import { errorStatus } from '../../shared/api/api-client';
import { authErrorText } from './auth-errors';
import { PageCard } from '../../shared/ui/page-card';
import styles from './components/auth-form.module.css';
import { LoadingState } from './components/loading-state';

type Device = AccountRecoveryData['data']['device'];

function DeviceDetails({ device }: { device: Device }) {
  const rows = [
    ['Marca', device.brand],
    ['Modelo', device.model],
    ['Nombre', device.name],
    ['Sistema', device.system],
  ] as const;
  return (
    <dl className={styles.details}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.detailRow}>
          <dt>{label}</dt>
          <dd>{value || 'Desconocido'}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * loading → invalid token | device shown → recovered (every session ended, this browser's too).
 * The mailed link is the proof of ownership, so no session is needed: a thief who ended every
 * session cannot make it useless (decision 031).
 */
export function AccountRecoveryPage() {
  const [searchParams] = useSearchParams();
  const t = searchParams.get('t');
  const recoveryData = useAccountRecoveryData(t);
  const recover = useRecoverAccount();
  const [recovered, setRecovered] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);

  const lookupStatus = errorStatus(recoveryData.error);

  useEffect(() => {
    if (recovered) outcomeRef.current?.focus();
  }, [recovered]);

  async function onRecover() {
    if (!t) return;
    setFailure(null);
    try {
      await recover.mutateAsync(t);
      // The server ended every session of the account, this browser's too if it had one.
      clearSessionToken();
      setRecovered(true);
    } catch (error) {
      setFailure(authErrorText(error, { 404: accountTexts.recoveryTokenInvalid }));
    }
  }

  function content() {
    if (recovered) {
      return (
        <>
          <Alert tone="success" ref={outcomeRef} focusable>
            {accountTexts.recoveryEmailSent}
          </Alert>
          <p className={styles.muted}>
            Cerramos la sesión en todos tus dispositivos. Revisa tu correo para elegir una contraseña nueva.
          </p>
          <Link className={buttonClassName('secondary', true)} to={webPaths.home}>
            Volver al Inicio
          </Link>
        </>
      );
    }
    if (!t || lookupStatus === 404) return <Alert tone="warning">{accountTexts.recoveryTokenInvalid}</Alert>;
    if (recoveryData.isError) return <Alert tone="warning">{authErrorText(recoveryData.error)}</Alert>;
    if (!recoveryData.data) return <LoadingState label="Cargando el dispositivo…" />;
    return (
      <>
        <p>El aviso que recibiste es sobre este dispositivo:</p>
        <DeviceDetails device={recoveryData.data.data.device} />
        <p className={styles.muted}>
          Si no fuiste tú, recupera tu cuenta: cerraremos la sesión en todos los dispositivos, quitaremos los
          teléfonos de la verificación en dos pasos y te enviaremos un correo para elegir una contraseña
          nueva.
        </p>
        {failure && <Alert tone="warning">{failure}</Alert>}
        <div className={styles.actions}>
          <Button variant="danger" fullWidth busy={recover.isPending} onClick={() => void onRecover()}>
            Recuperar cuenta
          </Button>
          <Link className={buttonClassName('ghost', true)} to={webPaths.home}>
            Fui yo, volver al Inicio
          </Link>
        </div>
      </>
    );
  }

  return (
    <PageCard title="Recuperar cuenta" wide>
      {content()}
    </PageCard>
  );
}
