import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { PHONE_PREFIX_MOBILE, PROMO_PHONE_DIGITS } from '@seguridad/contracts/constants';
import { CALLBACK_ASAP, callbackBodySchema, type CallbackBody } from '@seguridad/contracts/http/callbacks';
import { callbackSlotEnd } from '@seguridad/contracts/helpers/working-hours';
import { callbackTexts } from '@seguridad/contracts/messages';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { SelectField } from '../../shared/ui/select-field';
import { TextField } from '../../shared/ui/text-field';
import { DRAFT_IDS } from '../../shared/forms/reload-drafts';
import { useDraftAcrossReload } from '../../shared/forms/use-draft-across-reload';
import { useCallbackSlots, useRequestCallback } from './api/request-callback';
import { hasPhoneDigits, normalizedPhoneField } from './phone-input';
import { useSendWithNotice } from './use-timed-notice';
import styles from './widget-form.module.css';

const emptyRequest = { phone_number: PHONE_PREFIX_MOBILE, preferred_time: CALLBACK_ASAP };

type CallbackPanelProps = {
  /** False while the drawer is closed or another panel is shown. */
  active: boolean;
  /** Why the person is here instead of in a call, when they did not choose it. */
  reason: string | null;
  /** After the success notice: the drawer goes back to its entries and closes. */
  onFinished: () => void;
};

/**
 * 'Solicitar llamada' (decision 018): a +569 mobile, validated as in the contact form, and when to
 * call ('Lo antes posible' or one of today's remaining working hours). The request enters the
 * operators' queue at once.
 */
export function CallbackPanel({ active, reason, onFinished }: CallbackPanelProps) {
  const requestCallback = useRequestCallback();
  const slots = useCallbackSlots(active);
  const form = useForm({
    resolver: zodResolver(callbackBodySchema),
    mode: 'onTouched',
    defaultValues: emptyRequest,
  });
  const {
    register,
    handleSubmit,
    control,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  // The number typed survives the reload a new deployment may force (decision 055).
  useDraftAcrossReload(DRAFT_IDS.callbackForm, form);
  const phone = useWatch({ control, name: 'phone_number' });

  const { sent, failure, noticeRef, submit } = useSendWithNotice({
    active,
    send: (values: CallbackBody) => requestCallback.mutateAsync(values),
    onDone: () => {
      reset(emptyRequest);
      onFinished();
    },
  });
  const onSubmit = handleSubmit(submit);

  if (sent) {
    return (
      <Alert tone="success" focusable ref={noticeRef} className={styles.notice}>
        {callbackTexts.sent}
      </Alert>
    );
  }

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {reason && <Alert tone="warning">{reason}</Alert>}
      <p className={styles.intro}>{callbackTexts.lead}</p>
      {failure && <Alert tone="error">{failure}</Alert>}
      <TextField
        label={callbackTexts.phoneLabel}
        hint={callbackTexts.phoneHint}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        error={errors.phone_number?.message}
        {...normalizedPhoneField(register('phone_number'), PHONE_PREFIX_MOBILE, PROMO_PHONE_DIGITS)}
      />
      <SelectField
        label={callbackTexts.timeLabel}
        error={errors.preferred_time?.message}
        {...register('preferred_time')}
      >
        <option value={CALLBACK_ASAP}>{callbackTexts.asap}</option>
        {(slots.data ?? []).map((slot) => (
          <option key={slot} value={slot}>
            {callbackTexts.slot(slot, callbackSlotEnd(slot))}
          </option>
        ))}
      </SelectField>
      <div className={styles.actions}>
        <Button
          type="submit"
          fullWidth
          disabled={!hasPhoneDigits(phone, PHONE_PREFIX_MOBILE)}
          busy={isSubmitting}
        >
          {callbackTexts.request}
        </Button>
      </div>
    </form>
  );
}
