import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { AUTHENTICATOR } from '@seguridad/contracts/constants';
import { authenticatorCodeSchema, groupedSecret } from '@seguridad/contracts/http/authenticator';
import { settingsTexts } from '@seguridad/contracts/messages';
import { twoStepTexts as t } from '@seguridad/contracts/messages/two-step';
import { AUTHENTICATOR_SECTION_ID } from '@seguridad/contracts/web-paths';
import { errorText } from '../../../shared/api/api-client';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/text-field';
import {
  useAuthenticatorStatus,
  useConfirmAuthenticator,
  useDisableAuthenticator,
  useRegenerateRecoveryCodes,
  useStartAuthenticator,
} from '../api/authenticator-app';
import type { useNotice } from '../use-notice';
import type { useOwnerProof } from '../use-owner-proof';
import styles from './authenticator-panel.module.css';
import settingsStyles from '../settings-page.module.css';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { SectionStatus } from './section-status';

/**
 *   off --Activar (password)--> enrolling (QR + secret) --first code--> codes (shown once) --> on
 *                                   <--Cancelar-- back to off            on --Desactivar (password)--> off
 *                                                                         on --Generar códigos nuevos--> codes
 */
type PanelState =
  | { step: 'idle' }
  | { step: 'enrolling'; secret: string; qr: string | null }
  | { step: 'codes'; message: string; codes: string[] };

const codeFormSchema = z.object({ code: authenticatorCodeSchema });

/** The QR code of the `otpauth://` address, as an SVG the page shows as an image. */
async function qrImage(uri: string): Promise<string> {
  const { toString } = await import('qrcode');
  const svg = await toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

type AuthenticatorPanelProps = {
  proof: ReturnType<typeof useOwnerProof>;
  show: ReturnType<typeof useNotice>['show'];
};

/** Settings' authenticator app: enrol it with a QR code or its key typed, turn it off, new codes. */
export function AuthenticatorPanel({ proof, show }: AuthenticatorPanelProps) {
  const titleId = useId();
  const status = useAuthenticatorStatus();
  const start = useStartAuthenticator();
  const confirm = useConfirmAuthenticator();
  const disable = useDisableAuthenticator();
  const regenerate = useRegenerateRecoveryCodes();
  const [state, setState] = useState<PanelState>({ step: 'idle' });
  const [asking, setAsking] = useState<'disable' | 'regenerate' | null>(null);
  const codesRef = useRef<HTMLDivElement | null>(null);
  const codeForm = useForm({
    resolver: zodResolver(codeFormSchema),
    mode: 'onChange',
    defaultValues: { code: '' },
  });

  useEffect(() => {
    if (state.step === 'codes') codesRef.current?.focus();
  }, [state.step]);

  const begin = () =>
    proof.run(async (password) => {
      const enrolment = await start.mutateAsync(password ? { password } : {});
      codeForm.reset({ code: '' });
      setState({ step: 'enrolling', secret: enrolment.secret, qr: null });
      const qr = await qrImage(enrolment.otpauth_uri).catch(() => null);
      setState((current) => (current.step === 'enrolling' ? { ...current, qr } : current));
    });

  const finish = codeForm.handleSubmit(async ({ code }) => {
    try {
      const answer = await confirm.mutateAsync({ code });
      setState({ step: 'codes', message: answer.message, codes: answer.recovery_codes });
    } catch (error) {
      show('error', errorText(error, settingsTexts.failure));
    }
  });

  function runChosen(action: 'disable' | 'regenerate') {
    setAsking(null);
    void proof.run(async (password) => {
      const body = password ? { password } : {};
      if (action === 'disable') {
        const answer = await disable.mutateAsync(body);
        show('success', answer.message);
      } else {
        const answer = await regenerate.mutateAsync(body);
        setState({ step: 'codes', message: answer.message, codes: answer.recovery_codes });
      }
    });
  }

  return (
    <section id={AUTHENTICATOR_SECTION_ID} className={settingsStyles.block} aria-labelledby={titleId}>
      <h3 id={titleId} className={settingsStyles.blockTitle}>
        {t.appTitle}
      </h3>
      <p className={settingsStyles.hint}>{t.appLead}</p>
      {!status.data ? (
        <SectionStatus failed={status.isError} />
      ) : state.step === 'enrolling' ? (
        <div className={styles.enrol}>
          <div className={styles.scan}>
            <p className={styles.step}>{t.scanStep}</p>
            {state.qr ? (
              <img className={styles.qr} src={state.qr} alt={t.qrAlt} width={192} height={192} />
            ) : (
              <div className={styles.qr} aria-hidden="true" />
            )}
          </div>
          <div className={styles.typeIn}>
            <p className={settingsStyles.hint}>{t.secretStep}</p>
            <p className={styles.secretLabel} id={`${titleId}-secret`}>
              {t.secretLabel}
            </p>
            <code className={styles.secret} aria-labelledby={`${titleId}-secret`} data-secret={state.secret}>
              {groupedSecret(state.secret)}
            </code>
            <form className={settingsStyles.narrowForm} onSubmit={finish} noValidate>
              <p className={styles.step}>{t.confirmStep}</p>
              <TextField
                label={t.codeLabel}
                hint={`${t.codeHint}. ${t.enrolmentValidFor}`}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={AUTHENTICATOR.digits}
                error={codeForm.formState.errors.code?.message}
                {...codeForm.register('code')}
              />
              <div className={settingsStyles.formActions}>
                <Button variant="ghost" onClick={() => setState({ step: 'idle' })}>
                  {t.cancel}
                </Button>
                <Button
                  type="submit"
                  disabled={!codeForm.formState.isValid}
                  busy={codeForm.formState.isSubmitting}
                >
                  {t.activate}
                </Button>
              </div>
            </form>
          </div>
        </div>
      ) : state.step === 'codes' ? (
        <div>
          <Alert tone="success" ref={codesRef} focusable title={state.message}>
            {t.recoveryShownOnce}
          </Alert>
          <p className={styles.secretLabel} id={`${titleId}-codes`}>
            {t.recoveryCodesLabel}
          </p>
          <ol className={styles.codes} aria-labelledby={`${titleId}-codes`}>
            {state.codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ol>
          <Button onClick={() => setState({ step: 'idle' })}>{t.recoverySaved}</Button>
        </div>
      ) : status.data.enabled ? (
        <div>
          <Alert tone="success">{t.appOn}</Alert>
          <p className={settingsStyles.hint}>{t.recoveryLeft(status.data.recovery_codes_left)}</p>
          <div className={settingsStyles.formActions}>
            <Button variant="secondary" onClick={() => setAsking('regenerate')} busy={regenerate.isPending}>
              {t.regenerate}
            </Button>
            <Button variant="secondary" onClick={() => setAsking('disable')} busy={disable.isPending}>
              {t.disable}
            </Button>
          </div>
        </div>
      ) : (
        <div>
          <p className={settingsStyles.hint}>{t.appOff}</p>
          <Button onClick={() => void begin()} busy={start.isPending}>
            {t.enable}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={asking === 'disable' ? t.disableTitle : t.regenerateTitle}
        description={asking === 'disable' ? t.disableText : t.regenerateText}
        confirmLabel={asking === 'disable' ? t.disable : t.regenerate}
        danger={asking === 'disable'}
        busy={disable.isPending || regenerate.isPending}
        onConfirm={() => asking && runChosen(asking)}
        onCancel={() => setAsking(null)}
      />
    </section>
  );
}
