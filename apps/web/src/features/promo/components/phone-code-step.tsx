import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { promoPhoneVerifyBodySchema } from '@seguridad/contracts/http/promo';
import { promoTexts } from '@seguridad/contracts/messages';
import { errorText } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import { useSendPromoPhoneCode, useVerifyPromoPhone } from '../api/promo-phone';
import styles from '../promo-page.module.css';

/**
 * After the promo sign-up: the phone proves itself with a code, as a two-step phone does
 * (decision 039). Until then the entry does not count in the draw.
 */
export function PhoneCodeStep({ maskedPhone, onVerified }: { maskedPhone: string; onVerified: () => void }) {
  const send = useSendPromoPhoneCode();
  const verify = useVerifyPromoPhone();
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm({
    resolver: zodResolver(promoPhoneVerifyBodySchema),
    mode: 'onChange',
    defaultValues: { code: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await verify.mutateAsync(values);
    } catch {
      return; // Shown below from the mutation's error.
    }
    onVerified();
  });
  const failure = send.error ?? verify.error;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="promo-phone-title">
      <h3 id="promo-phone-title" className={styles.formTitle}>
        {promoTexts.phoneStepTitle}
      </h3>
      <p>{promoTexts.phoneStepLead(maskedPhone)}</p>
      <Button
        variant="secondary"
        fullWidth
        busy={send.isPending}
        onClick={() => {
          verify.reset();
          send.mutate();
        }}
      >
        {send.isSuccess ? promoTexts.resendPhoneCode : promoTexts.sendPhoneCode}
      </Button>
      {send.isSuccess && <p role="status">{send.data.message}</p>}
      <TextField
        label={promoTexts.phoneCodeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={errors.code?.message}
        {...register('code')}
      />
      {failure && <Alert tone="error">{errorText(failure)}</Alert>}
      <Button type="submit" fullWidth disabled={!isValid} busy={verify.isPending}>
        {promoTexts.confirmPhone}
      </Button>
    </form>
  );
}
