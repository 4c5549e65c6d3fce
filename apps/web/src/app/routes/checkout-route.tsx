import { useState } from 'react';
import type { MaskedPhone, SignupBody } from '@seguridad/contracts/http/auth';
import { accountTexts, checkoutTexts, errorMessages } from '@seguridad/contracts/messages';
import { useConfirmTwoFactorLogin } from '../../features/auth/api/confirm-two-factor-login';
import { useLogin } from '../../features/auth/api/login';
import { useRequestTwoFactorCode } from '../../features/auth/api/request-two-factor-code';
import { useSignup } from '../../features/auth/api/signup';
import { authErrorText } from '../../features/auth/auth-errors';
import { ChoosePhoneStep, type PhoneChoice } from '../../features/auth/components/choose-phone-step';
import { CodeStep } from '../../features/auth/components/code-step';
import { CheckoutPage } from '../../features/checkout/checkout-page';
import {
  CheckoutLoginForm,
  type CheckoutCredentials,
} from '../../features/checkout/components/checkout-login-form';
import { CheckoutRegisterForm } from '../../features/checkout/components/checkout-register-form';
import { ApiRequestError } from '../../shared/api/api-client';
import { setSessionToken } from '../../shared/api/session-token';
import { getDeviceIdentity } from '../../shared/auth/device-identity';
import { Alert } from '../../shared/ui/alert';
import styles from './checkout-route.module.css';

/**
 *   login ──Registrarse──> register ──created──> login ('Usuario registrado correctamente')
 *     │ (account with confirmed phones)
 *     └──> choose phone ──Siguiente──> code ──Guardar──> signed in
 *                       <────Volver────
 */
type Step =
  | { name: 'login'; notice: string | null; email: string }
  | { name: 'register' }
  | { name: 'choose'; credentials: CheckoutCredentials; phones: MaskedPhone[] }
  | { name: 'code'; credentials: CheckoutCredentials; phones: MaskedPhone[]; choice: PhoneChoice };

/** Spec §8: the checkout's own sentence for a 401, the generic one otherwise, both as warnings. */
const loginFailureText = (error: unknown) => authErrorText(error, { 401: accountTexts.checkoutLoginFailed });

/** Spec §8 (register): the first message of the server's list, else the generic one. */
function signupFailureText(error: unknown): string {
  return (error instanceof ApiRequestError ? error.body?.data[0] : undefined) ?? errorMessages.generic;
}

/**
 * The checkout's sign-in, composed from the account feature's calls and two-step components.
 * The credentials of a two-step login stay in this component's memory only, for its two steps.
 */
function CheckoutSignIn() {
  const [step, setStep] = useState<Step>({ name: 'login', notice: null, email: '' });
  const [failure, setFailure] = useState<string | null>(null);
  const login = useLogin();
  const signup = useSignup();
  const requestCode = useRequestTwoFactorCode();
  const confirmCode = useConfirmTwoFactorLogin();

  const go = (next: Step) => {
    setFailure(null);
    setStep(next);
  };

  async function signIn(credentials: CheckoutCredentials) {
    setFailure(null);
    try {
      const answer = await login.mutateAsync({ ...credentials, device: getDeviceIdentity() });
      const phones = answer['2fa_masked_user_phones'];
      if (phones && phones.length > 0) go({ name: 'choose', credentials, phones });
      else if (answer.access_token) setSessionToken(answer.access_token);
      else setFailure(errorMessages.generic);
    } catch (error) {
      setFailure(loginFailureText(error));
    }
  }

  async function createAccount(account: SignupBody) {
    setFailure(null);
    try {
      await signup.mutateAsync(account);
      go({ name: 'login', notice: checkoutTexts.registerSuccess, email: account.email });
    } catch (error) {
      setFailure(signupFailureText(error));
    }
  }

  if (step.name === 'login') {
    return (
      <CheckoutLoginForm
        key={step.email}
        onSubmit={signIn}
        onRegister={() => go({ name: 'register' })}
        failure={failure}
        notice={failure ? null : step.notice}
        defaultEmail={step.email}
      />
    );
  }
  if (step.name === 'register') {
    return (
      <CheckoutRegisterForm
        onSubmit={createAccount}
        onBack={() => go({ name: 'login', notice: null, email: '' })}
        failure={failure}
      />
    );
  }

  const { credentials, phones } = step;
  async function sendCode(choice: PhoneChoice) {
    setFailure(null);
    try {
      await requestCode.mutateAsync({ ...credentials, ...choice });
      go({ name: 'code', credentials, phones, choice });
    } catch (error) {
      setFailure(authErrorText(error, { 401: accountTexts.checkoutLoginFailed }, [422]));
    }
  }
  async function confirm(code: string) {
    setFailure(null);
    try {
      const answer = await confirmCode.mutateAsync({ ...credentials, code, device: getDeviceIdentity() });
      if (answer.access_token) setSessionToken(answer.access_token);
      else setFailure(errorMessages.generic);
    } catch (error) {
      setFailure(authErrorText(error, { 401: accountTexts.checkoutLoginFailed }, [422]));
    }
  }

  return (
    <section className={styles.panel} aria-label="Verificación en dos pasos">
      {failure && <Alert tone="warning">{failure}</Alert>}
      {step.name === 'choose' ? (
        <ChoosePhoneStep phones={phones} onSubmit={sendCode} />
      ) : (
        <>
          {!failure && <Alert tone="success">{accountTexts.codeSent}</Alert>}
          <CodeStep
            sentTo={`Lo enviamos por ${step.choice.type === 2 ? 'WhatsApp' : 'SMS'} al teléfono elegido.`}
            onSubmit={confirm}
            onBack={() => go({ name: 'choose', credentials, phones })}
          />
        </>
      )}
    </section>
  );
}

/** The checkout page with the account feature's sign-in in it (features do not import each other). */
export function CheckoutRoute() {
  return <CheckoutPage SignIn={CheckoutSignIn} />;
}
