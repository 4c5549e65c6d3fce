import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { accountTexts, errorMessages } from '@seguridad/contracts/messages';
import { webPaths } from '@seguridad/contracts/web-paths';
import { setSessionToken } from '../../shared/api/session-token';
import { getDeviceIdentity } from '../../shared/auth/device-identity';
import { Alert } from '../../shared/ui/alert';
import { useConfirmTwoFactorLogin } from './api/confirm-two-factor-login';
import { useRequestTwoFactorCode } from './api/request-two-factor-code';
import { errorStatus } from '../../shared/api/api-client';
import { authErrorText } from './auth-errors';
import { AuthCard } from './components/auth-card';
import { ChoosePhoneStep, type PhoneChoice } from './components/choose-phone-step';
import { CodeStep } from './components/code-step';
import styles from './components/auth-form.module.css';
import { clearPendingLogin, readPendingLogin, type PendingLogin } from './pending-login';
import { useRedirectTarget } from './redirect-target';

/**
 * The login's second step:
 *   choose (phone + SMS/WhatsApp) --Siguiente--> code --Guardar--> signed in
 *                                 <----Volver----
 */
type Step = { name: 'choose' } | { name: 'code'; choice: PhoneChoice };

/** 422 (wrong code, unknown phone) and 429 (too many tries or sends) carry the server's own words. */
const SERVER_WORDED = [422];

export function Login2faPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { target } = useRedirectTarget();
  const [pending] = useState<PendingLogin | null>(readPendingLogin);
  const [step, setStep] = useState<Step>({ name: 'choose' });
  const [lastChoice, setLastChoice] = useState<PhoneChoice | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const requestCode = useRequestTwoFactorCode();
  const confirmCode = useConfirmTwoFactorLogin();
  const chooseHeadingRef = useRef<HTMLHeadingElement>(null);
  const returnedToChoice = useRef(false);

  useEffect(() => {
    // Spec §2: without the first step's data there is nothing to confirm.
    if (!pending) void navigate(`${webPaths.login}${search}`, { replace: true });
  }, [navigate, pending, search]);

  useEffect(() => {
    if (step.name === 'choose' && returnedToChoice.current) chooseHeadingRef.current?.focus();
  }, [step]);

  if (!pending) return null;

  async function sendCode(choice: PhoneChoice) {
    if (!pending) return;
    setFailure(null);
    try {
      await requestCode.mutateAsync({ email: pending.email, password: pending.password, ...choice });
      setLastChoice(choice);
      setStep({ name: 'code', choice });
    } catch (error) {
      setFailure(authErrorText(error, { 401: accountTexts.loginFailed }, SERVER_WORDED));
    }
  }

  async function confirm(code: string) {
    if (!pending) return;
    setFailure(null);
    try {
      const answer = await confirmCode.mutateAsync({
        email: pending.email,
        password: pending.password,
        code,
        device: getDeviceIdentity(),
      });
      if (!answer.access_token) {
        setFailure(errorMessages.generic);
        return;
      }
      setSessionToken(answer.access_token);
      clearPendingLogin();
      await navigate(target, { replace: true });
    } catch (error) {
      if (errorStatus(error) === 401) {
        // The password changed since the first step: start over.
        clearPendingLogin();
      }
      setFailure(authErrorText(error, { 401: accountTexts.loginFailed }, SERVER_WORDED));
    }
  }

  function back() {
    setFailure(null);
    returnedToChoice.current = true;
    setStep({ name: 'choose' });
  }

  const chosenPhone =
    step.name === 'code' ? pending.phones.find((phone) => phone.id === step.choice.phone_id) : undefined;
  const phoneTail = chosenPhone?.phone.replace(/\D/g, '').slice(-3);
  const channel = step.name === 'code' && step.choice.type === 2 ? 'WhatsApp' : 'SMS';

  return (
    <AuthCard
      title="Verificación en dos pasos"
      lead="Tu cuenta está protegida con un código que enviamos a uno de tus teléfonos confirmados."
    >
      {failure && <Alert tone="warning">{failure}</Alert>}
      {step.name === 'choose' ? (
        <ChoosePhoneStep
          phones={pending.phones}
          initialChoice={lastChoice}
          onSubmit={sendCode}
          headingRef={chooseHeadingRef}
        />
      ) : (
        <>
          {!failure && <Alert tone="success">{accountTexts.codeSent}</Alert>}
          <CodeStep
            sentTo={`Lo enviamos por ${channel} al teléfono ${phoneTail ? `terminado en ${phoneTail}` : 'elegido'}.`}
            onSubmit={confirm}
            onBack={back}
          />
        </>
      )}
      <p className={styles.switchLine}>
        <Link to={`${webPaths.login}${search}`}>Ingresar con otra cuenta</Link>
      </p>
    </AuthCard>
  );
}
