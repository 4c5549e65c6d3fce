import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { PROMO_PHONE_DIGITS } from '@seguridad/contracts/constants';
import { MOBILE_E164_PREFIX } from '@seguridad/contracts/helpers/phone';
import { signupBodySchema, type SignupBody } from '@seguridad/contracts/http/auth';
import { consentTexts } from '@seguridad/contracts/http/consents';
import { errorMessages, promoTexts } from '@seguridad/contracts/messages';
import { ApiRequestError } from '../../../shared/api/api-client';
import { setSessionToken } from '../../../shared/api/session-token';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { EmailField } from '../../../shared/ui/email-field';
import { PasswordField } from '../../../shared/ui/password-field';
import { TextField } from '../../../shared/ui/text-field';
import { promoLogin, promoSignup } from '../api/promo-signup';
import styles from '../promo-page.module.css';

/** The phone starts empty, not absent: the promo variant always sends it (and '' is refused). */
const emptyForm: SignupBody = {
  name: '',
  lastname: '',
  email: '',
  phone: '',
  password: '',
  password_confirmation: '',
};

/** Spec §8: every message the server gave, each on its own line. */
function serverMessages(error: unknown): string[] {
  if (error instanceof ApiRequestError && error.body) {
    return error.body.data.length > 0 ? error.body.data : [error.body.message];
  }
  return [errorMessages.generic];
}

/** Registrarme: the promo sign-up, then a session right away (the page goes on to invite). */
export function PromoRegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const [failures, setFailures] = useState<string[]>([]);
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors, isValid, isSubmitting },
  } = useForm({ resolver: zodResolver(signupBodySchema), mode: 'onChange', defaultValues: emptyForm });

  const onSubmit = handleSubmit(async (values) => {
    setFailures([]);
    try {
      await promoSignup(values);
    } catch (error) {
      setFailures(serverMessages(error));
      return;
    }
    try {
      const answer = await promoLogin(values.email, values.password);
      if (answer.access_token) setSessionToken(answer.access_token);
      onRegistered();
    } catch (error) {
      setFailures(serverMessages(error));
    }
  });

  const revalidateConfirmation = () => {
    if (getValues('password_confirmation')) void trigger('password_confirmation');
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="promo-form-title">
      <h2 id="promo-form-title" className={styles.formTitle}>
        {promoTexts.formTitle}
      </h2>
      <div className={styles.row}>
        <TextField
          label={promoTexts.name}
          autoComplete="given-name"
          error={errors.name?.message}
          {...register('name')}
        />
        <TextField
          label={promoTexts.lastname}
          autoComplete="family-name"
          error={errors.lastname?.message}
          {...register('lastname')}
        />
      </div>
      <EmailField label={promoTexts.email} error={errors.email?.message} {...register('email')} />
      <TextField
        label={promoTexts.phone}
        inputMode="numeric"
        autoComplete="tel-local"
        maxLength={PROMO_PHONE_DIGITS}
        hint={promoTexts.phoneHint}
        prefix={MOBILE_E164_PREFIX}
        error={errors.phone?.message}
        {...register('phone')}
      />
      <PasswordField
        label={promoTexts.password}
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password', { onChange: revalidateConfirmation })}
      />
      <PasswordField
        label={promoTexts.passwordConfirmation}
        autoComplete="new-password"
        error={errors.password_confirmation?.message}
        {...register('password_confirmation')}
      />
      {failures.length > 0 && (
        <Alert tone="error" title={promoTexts.registerFailedTitle}>
          {failures.map((message) => (
            <span key={message} className={styles.errorLine}>
              {promoTexts.errorLine(message)}
            </span>
          ))}
        </Alert>
      )}
      {/* Registrarme accepts these terms; the server records which version (decision 049). */}
      <p id="promo-terms" className={styles.terms}>
        {consentTexts.promo_terms.text}
      </p>
      <Button type="submit" fullWidth disabled={!isValid} busy={isSubmitting} aria-describedby="promo-terms">
        {promoTexts.register}
      </Button>
    </form>
  );
}
