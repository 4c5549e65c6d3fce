import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';
import { VERIFICATION_CODE_DIGITS, VERIFICATION_TYPE } from '@seguridad/contracts/constants';
import { codeSchema, type MaskedPhone } from '@seguridad/contracts/http/auth';
import { twoFactorPhoneFieldSchema } from '@seguridad/contracts/http/settings';
import { accountTexts, settingsTexts } from '@seguridad/contracts/messages';
import { twoStepTexts } from '@seguridad/contracts/messages/two-step';
import { webPaths } from '@seguridad/contracts/web-paths';
import { errorText } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button, buttonClassName } from '../../../shared/ui/button';
import { ChannelChoice } from '../../../shared/ui/channel-choice';
import { Snackbar } from '../../../shared/ui/snackbar';
import { TextField } from '../../../shared/ui/text-field';
import { useAuthenticatorStatus } from '../api/authenticator-app';
import {
  useConfirmedPhones,
  useRemovePhone,
  useStartPhoneVerification,
  useVerifyPhone,
} from '../api/two-factor-phones';
import { settingsUiTexts as t } from '@seguridad/contracts/messages/settings-ui';
import { useNotice } from '../use-notice';
import { useOwnerProof } from '../use-owner-proof';
import styles from '../settings-page.module.css';
import { AuthenticatorPanel } from './authenticator-panel';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { PasswordDialog } from './password-dialog';
import { SectionFrame } from './section-frame';
import { SectionStatus } from './section-status';

const phoneStepSchema = z.object({
  phone_number: twoFactorPhoneFieldSchema,
  type: z.union([z.literal(VERIFICATION_TYPE.sms), z.literal(VERIFICATION_TYPE.whatsapp)]),
});
const codeStepSchema = z.object({ code: codeSchema });

type Step = { step: 'phone' } | { step: 'code'; phone: string } | { step: 'verified' };

/** '+569 **** *678' → '678', for the remove button's name. */
const phoneTail = (phone: string) => phone.replace(/\D/g, '').slice(-3);

/**
 * Spec §2 2FA setup: first the authenticator app (decision 054), then phone and channel, the
 * 6-digit code and 'Cuenta Verificada', with the confirmed phones (masked) and a remove button.
 * Every change may ask for the password. Without SMS delivery the phone form is not offered.
 */
export function TwoFactorSection() {
  const [state, setState] = useState<Step>({ step: 'phone' });
  const { notice, show, clear } = useNotice();
  const proof = useOwnerProof((error) => show('error', errorText(error, settingsTexts.failure)));
  const start = useStartPhoneVerification();
  const verify = useVerifyPhone();
  const remove = useRemovePhone();
  const phones = useConfirmedPhones();
  const authenticator = useAuthenticatorStatus();
  const smsAvailable = authenticator.data?.sms_available !== false;
  const [removing, setRemoving] = useState<MaskedPhone | null>(null);
  const outcomeRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => {
    if (state.step === 'verified') outcomeRef.current?.focus();
  }, [state.step]);

  const phoneForm = useForm({
    resolver: zodResolver(phoneStepSchema),
    mode: 'onTouched',
    defaultValues: { phone_number: '', type: VERIFICATION_TYPE.sms as 1 | 2 },
  });
  const codeForm = useForm({
    resolver: zodResolver(codeStepSchema),
    mode: 'onChange',
    defaultValues: { code: '' },
  });

  const sendCode = phoneForm.handleSubmit(({ phone_number, type }) =>
    proof.run(async (password) => {
      await start.mutateAsync({ phone_number, type, ...(password ? { password } : {}) });
      codeForm.reset({ code: '' });
      setState({ step: 'code', phone: phone_number });
    }),
  );

  const checkCode = codeForm.handleSubmit(async ({ code }) => {
    if (state.step !== 'code') return;
    try {
      await verify.mutateAsync({ phone_number: state.phone, code });
      setState({ step: 'verified' });
    } catch (error) {
      show('error', errorText(error, settingsTexts.failure));
    }
  });

  function removeChosen(phone: MaskedPhone) {
    setRemoving(null);
    void proof.run(async (password) => {
      const answer = await remove.mutateAsync({ phone_id: phone.id, ...(password ? { password } : {}) });
      show('success', answer.message);
    });
  }

  return (
    <SectionFrame title={settingsTexts.twoFactorTitle} lead={twoStepTexts.sectionLead}>
      <AuthenticatorPanel proof={proof} show={show} />

      <section className={styles.block} aria-labelledby="phones-title">
        <h3 id="phones-title" className={styles.blockTitle}>
          {t.phonesTitle}
        </h3>
        {!phones.data ? (
          <SectionStatus failed={phones.isError} />
        ) : phones.data.masked_user_phones.length === 0 ? (
          <p className={styles.hint}>{t.phonesEmpty}</p>
        ) : (
          <ul className={styles.rows}>
            {phones.data.masked_user_phones.map((phone) => (
              <li key={phone.id} className={styles.row}>
                <span className={styles.phone}>{phone.phone}</span>
                <Button
                  variant="secondary"
                  aria-label={t.removePhoneLabel(phoneTail(phone.phone))}
                  onClick={() => setRemoving(phone)}
                >
                  {t.removePhone}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.block} aria-labelledby="add-phone-title">
        <h3 id="add-phone-title" className={styles.blockTitle}>
          {t.addPhoneTitle}
        </h3>
        {!smsAvailable && <Alert tone="warning">{twoStepTexts.smsUnavailableForPhones}</Alert>}
        {smsAvailable && state.step === 'phone' && (
          <form className={styles.narrowForm} onSubmit={sendCode} noValidate>
            <TextField
              label={t.phoneNumber}
              hint={t.phoneNumberHint}
              inputMode="numeric"
              autoComplete="tel"
              maxLength={11}
              error={phoneForm.formState.errors.phone_number?.message}
              {...phoneForm.register('phone_number')}
            />
            <Controller
              control={phoneForm.control}
              name="type"
              render={({ field }) => <ChannelChoice legend={t.sendBy} field={field} />}
            />
            <Button
              type="submit"
              disabled={!phoneForm.formState.isValid}
              busy={phoneForm.formState.isSubmitting || start.isPending}
            >
              {t.next}
            </Button>
          </form>
        )}
        {state.step === 'code' && (
          <form className={styles.narrowForm} onSubmit={checkCode} noValidate>
            <p className={styles.hint}>{t.codeSentTo(state.phone)}</p>
            <TextField
              label={t.codeLabel}
              hint={t.codeHint}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={VERIFICATION_CODE_DIGITS}
              error={codeForm.formState.errors.code?.message}
              {...codeForm.register('code')}
            />
            <div className={styles.formActions}>
              <Button variant="ghost" onClick={() => setState({ step: 'phone' })}>
                {t.back}
              </Button>
              <Button
                type="submit"
                disabled={!codeForm.formState.isValid}
                busy={codeForm.formState.isSubmitting}
              >
                {t.verify}
              </Button>
            </div>
          </form>
        )}
        {state.step === 'verified' && (
          <div>
            <Alert tone="success" ref={outcomeRef} focusable>
              {accountTexts.phoneVerified}
            </Alert>
            <Link className={buttonClassName('primary')} to={webPaths.home}>
              {t.goHome}
            </Link>
          </div>
        )}
      </section>

      <ConfirmDialog
        open={removing !== null}
        title={t.removePhoneTitle}
        description={`${removing?.phone ?? ''}. ${t.removePhoneText}`}
        confirmLabel={t.removePhone}
        danger
        busy={remove.isPending}
        onConfirm={() => removing && removeChosen(removing)}
        onCancel={() => setRemoving(null)}
      />
      <PasswordDialog key={String(proof.dialog.open)} {...proof.dialog} />
      <Snackbar message={notice} onClose={notice?.tone === 'error' ? clear : undefined} />
    </SectionFrame>
  );
}
