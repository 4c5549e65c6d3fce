import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { LoginResponse } from '@seguridad/contracts/http/auth';
import { accountTexts, errorMessages } from '@seguridad/contracts/messages';
import { twoStepTexts } from '@seguridad/contracts/messages/two-step';
import { webPaths } from '@seguridad/contracts/web-paths';
import { setSessionToken } from '../../shared/api/session-token';
import { getDeviceIdentity } from '../../shared/auth/device-identity';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { useConfirmAuthenticatorLogin } from './api/confirm-authenticator-login';
import { useConfirmRecoveryCodeLogin } from './api/confirm-recovery-code-login';
import { useConfirmTwoFactorLogin } from './api/confirm-two-factor-login';
import { useRequestTwoFactorCode } from './api/request-two-factor-code';
import { errorStatus } from '../../shared/api/api-client';
import { authErrorText } from './auth-errors';
import { PageCard } from '../../shared/ui/page-card';
import { ChoosePhoneStep, type PhoneChoice } from './components/choose-phone-step';
import { CodeStep } from './components/code-step';
import { RecoveryCodeStep } from './components/recovery-code-step';
import styles from './components/auth-form.module.css';
import { clearPendingLogin, readPendingLogin, type PendingLogin } from './pending-login';
import { useRedirectTarget } from './redirect-target';

/**
 * The login's second step:
 *   choose (phone + SMS/WhatsApp) --Siguiente--> code --Guardar--> signed in
 *                                 <----Volver----
 *   app (the authenticator's code) --Ingresar--> signed in       (first, when the account has one)
 *   recovery (a one-time code)     --Ingresar--> signed in
 * With an app, «Otras formas de verificar» moves between app, recovery and choose (decision 054).
 */
type Step =
  { name: 'choose' } | { name: 'code'; choice: PhoneChoice } | { name: 'app' } | { name: 'recovery' };

/**
 * 422 (wrong code, unknown phone, a used recovery code) and 503 (no SMS provider) carry the
 * server's own words, as 429 (too many tries or sends) does.
 */
const SERVER_WORDED = [422, 503];

export function Login2faPage() {
  const navigate = useNavigate();
  const { search } = useLocation();
  const { target } = useRedirectTarget();
  const [pending] = useState<PendingLogin | null>(readPendingLogin);
  const [step, setStep] = useState<Step>(() =>
    pending?.authenticator ? { name: 'app' } : { name: 'choose' },
  );
  const [lastChoice, setLastChoice] = useState<PhoneChoice | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const requestCode = useRequestTwoFactorCode();
  const confirmCode = useConfirmTwoFactorLogin();
  const confirmApp = useConfirmAuthenticatorLogin();
  const confirmRecovery = useConfirmRecoveryCodeLogin();
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

  /** Any of the three second steps: the session it opens, or the failure to show. */
  async function finish(
    send: (credentials: {
      email: string;
      password: string;
      device: ReturnType<typeof getDeviceIdentity>;
    }) => Promise<LoginResponse>,
  ) {
    if (!pending) return;
    setFailure(null);
    try {
      const answer = await send({
        email: pending.email,
        password: pending.password,
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

  const confirm = (code: string) =>
    finish((credentials) => confirmCode.mutateAsync({ ...credentials, code }));
  const confirmWithApp = (code: string) =>
    finish((credentials) => confirmApp.mutateAsync({ ...credentials, code }));
  const confirmWithRecoveryCode = (recoveryCode: string) =>
    finish((credentials) => confirmRecovery.mutateAsync({ ...credentials, recovery_code: recoveryCode }));

  function back() {
    setFailure(null);
    returnedToChoice.current = true;
    setStep({ name: 'choose' });
  }

  function switchTo(next: Step) {
    setFailure(null);
    setStep(next);
  }

  const chosenPhone =
    step.name === 'code' ? pending.phones.find((phone) => phone.id === step.choice.phone_id) : undefined;
  const phoneTail = chosenPhone?.phone.replace(/\D/g, '').slice(-3);
  const channel = step.name === 'code' && step.choice.type === 2 ? 'WhatsApp' : 'SMS';

  const hasPhones = pending.phones.length > 0;
  const phoneStep = step.name === 'choose' || step.name === 'code';

  return (
    <PageCard
      title="Verificación en dos pasos"
      lead={
        pending.authenticator
          ? twoStepTexts.loginLeadApp
          : 'Tu cuenta está protegida con un código que enviamos a uno de tus teléfonos confirmados.'
      }
    >
      {failure && <Alert tone="warning">{failure}</Alert>}
      {step.name === 'app' ? (
        <CodeStep
          key="app"
          sentTo={twoStepTexts.appCodeHint}
          label={twoStepTexts.codeLabel}
          submitLabel={twoStepTexts.signIn}
          onSubmit={confirmWithApp}
        />
      ) : step.name === 'recovery' ? (
        <RecoveryCodeStep
          onSubmit={confirmWithRecoveryCode}
          onBack={() => switchTo(pending.authenticator ? { name: 'app' } : { name: 'choose' })}
        />
      ) : step.name === 'choose' ? (
        !pending.smsAvailable ? (
          <Alert tone="warning">
            {pending.authenticator ? twoStepTexts.smsUnavailable : twoStepTexts.noWayToSignIn}
          </Alert>
        ) : (
          <ChoosePhoneStep
            phones={pending.phones}
            initialChoice={lastChoice}
            onSubmit={sendCode}
            headingRef={chooseHeadingRef}
          />
        )
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
      {pending.authenticator && (
        <nav className={styles.otherWays} aria-label={twoStepTexts.otherMethods}>
          <p className={styles.muted}>{twoStepTexts.otherMethods}</p>
          {step.name !== 'app' && (
            <Button variant="ghost" fullWidth onClick={() => switchTo({ name: 'app' })}>
              {twoStepTexts.methodApp}
            </Button>
          )}
          {step.name !== 'recovery' && (
            <Button variant="ghost" fullWidth onClick={() => switchTo({ name: 'recovery' })}>
              {twoStepTexts.methodRecovery}
            </Button>
          )}
          {hasPhones && !phoneStep && pending.smsAvailable && (
            <Button variant="ghost" fullWidth onClick={() => switchTo({ name: 'choose' })}>
              {twoStepTexts.methodPhone}
            </Button>
          )}
          {hasPhones && !pending.smsAvailable && step.name !== 'choose' && (
            <p className={styles.muted}>{twoStepTexts.smsUnavailable}</p>
          )}
        </nav>
      )}
      <p className={styles.switchLine}>
        <Link to={`${webPaths.login}${search}`}>Ingresar con otra cuenta</Link>
      </p>
    </PageCard>
  );
}
