import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  DELAYS_MS,
  PHONE_PREFIX_VIDEO_MAIL,
  VIDEO_MAIL_MESSAGE_MAX,
  VIDEO_MAIL_PHONE_DIGITS,
} from '@seguridad/contracts/constants';
import { VIDEO_MAIL_MAX_BYTES, videoMailFieldsSchema } from '@seguridad/contracts/http/widget';
import { callTexts, errorMessages, widgetTexts } from '@seguridad/contracts/messages';
import { ApiRequestError, errorText } from '../../shared/api/api-client';
import { Alert } from '../../shared/ui/alert';
import { Button, buttonClassName } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/text-field';
import { EmailField } from '../../shared/ui/email-field';
import { useSendVideoMail } from './api/send-video-mail';
import { hasPhoneDigits, isFilled, normalizePhone } from './phone-input';
import { TextAreaField } from './text-area-field';
import { useTimedNotice } from './use-timed-notice';
import { createVideoRecorder, MAX_RECORDING_MS, type RecorderState } from './video-recorder';
import formStyles from './widget-form.module.css';
import styles from './video-mail-panel.module.css';
import { LivePreview } from '../../shared/media/live-preview';
import { browserCapabilities } from '../../shared/media/browser-capabilities';

/** The text fields only; `is_derived` comes from how the drawer was opened, not from the person. */
const videoMailFormSchema = videoMailFieldsSchema.omit({ is_derived: true });
const emptyVideoMail = { email: '', name: '', phone_number: PHONE_PREFIX_VIDEO_MAIL, message: '' };

type VideoMailPanelProps = {
  /** False while the drawer is closed or another panel is shown: the camera is then off. */
  active: boolean;
  /** Sent as is_derived: the person came here because a video call could not start (spec §4). */
  derived: boolean;
  /** After the success notice: the drawer goes back to its entries and closes (spec §4). */
  onFinished: () => void;
  /** What the person typed in a call that never connected: the message starts with it. */
  initialMessage?: string | null;
  /** The other ways to reach the centre, offered when this browser cannot record (decision 037). */
  onRequestCallback?: () => void;
  onOpenContactForm?: () => void;
};

/** Callback and contact form, for a browser that cannot record a video the console plays. */
function RecordingAlternatives({
  onRequestCallback,
  onOpenContactForm,
}: Pick<VideoMailPanelProps, 'onRequestCallback' | 'onOpenContactForm'>) {
  return (
    <div className={formStyles.actions}>
      {onRequestCallback && (
        <Button variant="secondary" onClick={onRequestCallback}>
          {callTexts.askCallback}
        </Button>
      )}
      {onOpenContactForm && (
        <Button variant="secondary" onClick={onOpenContactForm}>
          {callTexts.writeContactForm}
        </Button>
      )}
    </div>
  );
}

function formatClock(milliseconds: number): string {
  const totalSeconds = Math.floor(milliseconds / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

function useObjectUrl(blob: Blob | null | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) {
      setUrl(undefined);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

function RecordedVideo({ url, posterUrl }: { url: string; posterUrl: string | undefined }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // Chrome's WebM has no duration until seeked (FIELD-NOTES): seek to the end once so the
    // controls show a timeline, then rewind.
    const onDurationKnown = () => {
      if (!Number.isFinite(video.duration)) return;
      video.removeEventListener('durationchange', onDurationKnown);
      video.currentTime = 0;
    };
    const onMetadata = () => {
      if (Number.isFinite(video.duration)) return;
      video.addEventListener('durationchange', onDurationKnown);
      video.currentTime = Number.MAX_SAFE_INTEGER;
    };
    video.addEventListener('loadedmetadata', onMetadata);
    return () => {
      video.removeEventListener('loadedmetadata', onMetadata);
      video.removeEventListener('durationchange', onDurationKnown);
    };
  }, [url]);
  return (
    <video
      ref={videoRef}
      className={styles.video}
      src={url}
      poster={posterUrl}
      controls
      playsInline
      preload="auto"
      aria-label="Tu video grabado"
    />
  );
}

function RecordingTimer({ startedAt }: { startedAt: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  return (
    <p className={styles.timer} role="timer" aria-label="Tiempo de grabación">
      <span className={styles.recordingDot} aria-hidden="true" />
      <span>
        {formatClock(Math.max(0, now - startedAt))} / {formatClock(MAX_RECORDING_MS)}
      </span>
    </p>
  );
}

/**
 * The video mail (spec §2, §3, §4): record a video of up to three minutes, review it, then send it
 * with name, e-mail, phone and message. A failed upload keeps the recording and the form.
 */
export function VideoMailPanel({
  active,
  derived,
  onFinished,
  initialMessage,
  onRequestCallback,
  onOpenContactForm,
}: VideoMailPanelProps) {
  const [recorder] = useState(() => createVideoRecorder());
  const [canRecord] = useState(() => browserCapabilities().record);
  const recorderState: RecorderState = useSyncExternalStore(
    recorder.subscribe,
    recorder.getState,
    recorder.getState,
  );
  const sendVideoMail = useSendVideoMail();
  const [progress, setProgress] = useState<number | null>(null);
  const [waitingForNetwork, setWaitingForNetwork] = useState(false);
  const [failure, setFailure] = useState<{ detail: string | null } | null>(null);
  const [sent, setSent] = useState(false);
  const ids = useId();
  const noticeRef = useRef<HTMLDivElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const reviewRef = useRef<HTMLHeadingElement>(null);
  const cameraAlertRef = useRef<HTMLDivElement>(null);

  const {
    register,
    handleSubmit,
    control,
    reset,
    getValues,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(videoMailFormSchema),
    mode: 'onTouched',
    defaultValues: emptyVideoMail,
  });
  const [email, name, phone, message] = useWatch({
    control,
    name: ['email', 'name', 'phone_number', 'message'],
  });

  // What was typed in a call that never connected starts the message (kept, never overwritten).
  useEffect(() => {
    if (!initialMessage || getValues('message')) return;
    setValue('message', initialMessage.slice(0, VIDEO_MAIL_MESSAGE_MAX));
  }, [initialMessage, getValues, setValue]);

  const recording = recorderState.step === 'recorded' ? recorderState.recording : null;
  const videoUrl = useObjectUrl(recording?.video);
  const posterUrl = useObjectUrl(recording?.thumbnail);
  const uploading = progress !== null;
  // Spec §5: a thumbnail, e-mail, name and message, and a phone that is more than the prefix.
  const canSend =
    Boolean(recording?.thumbnail) &&
    isFilled(email) &&
    isFilled(name) &&
    isFilled(message) &&
    hasPhoneDigits(phone, PHONE_PREFIX_VIDEO_MAIL);

  // The camera is on only while this panel is on screen (closing the drawer, going back).
  useEffect(() => {
    if (!active) void recorder.release();
  }, [active, recorder]);
  useEffect(() => () => void recorder.release(), [recorder]);

  // Keyboard focus follows the step, so it never falls to the page when a button disappears.
  const previousStep = useRef(recorderState.step);
  useEffect(() => {
    if (previousStep.current === recorderState.step) return;
    previousStep.current = recorderState.step;
    if (!active) return;
    const targets: Partial<Record<RecorderState['step'], RefObject<HTMLElement | null>>> = {
      previewing: startRef,
      recording: stopRef,
      recorded: reviewRef,
      failed: cameraAlertRef,
    };
    targets[recorderState.step]?.current?.focus();
  }, [recorderState.step, active]);

  useTimedNotice({
    sent,
    active,
    durationMs: DELAYS_MS.videoMailNotice,
    noticeRef,
    onDone: () => {
      reset(emptyVideoMail);
      recorder.reset();
      sendVideoMail.reset();
      setProgress(null);
      setFailure(null);
      setSent(false);
      onFinished();
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!recording?.thumbnail || uploading) return;
    setFailure(null);
    if (recording.video.size > VIDEO_MAIL_MAX_BYTES) {
      setFailure({ detail: errorMessages.payloadTooLarge });
      return;
    }
    setProgress(0);
    try {
      await sendVideoMail.mutateAsync({
        upload: {
          ...values,
          isDerived: derived,
          video: recording.video,
          thumbnail: recording.thumbnail,
        },
        onProgress: setProgress,
        onWaiting: setWaitingForNetwork,
      });
      setSent(true);
    } catch (error) {
      // Nothing is dropped: the recording and the form stay as they were for another try.
      const answered = error instanceof ApiRequestError && error.status !== 0;
      setFailure({ detail: answered ? errorText(error) : null });
      setProgress(null);
      setWaitingForNetwork(false);
    }
  });

  if (sent) {
    return (
      <Alert tone="success" focusable ref={noticeRef} className={formStyles.notice}>
        {widgetTexts.videoMailSent}
      </Alert>
    );
  }

  const step = recorderState.step;
  const live = step === 'previewing' || step === 'recording' ? recorderState.stream : null;
  const percent = Math.round((progress ?? 0) * 100);
  const phoneField = register('phone_number');

  return (
    <div className={styles.layout}>
      <section className={styles.media} aria-labelledby={`${ids}-video`}>
        <h3 id={`${ids}-video`} className={styles.stepTitle}>
          1. Tu video
        </h3>

        {!canRecord && (
          <>
            <Alert tone="warning" className={formStyles.notice}>
              {widgetTexts.cannotRecord}
            </Alert>
            <RecordingAlternatives
              onRequestCallback={onRequestCallback}
              onOpenContactForm={onOpenContactForm}
            />
          </>
        )}

        {canRecord && (step === 'idle' || step === 'opening' || step === 'failed') && (
          <>
            <p className={formStyles.intro}>
              Graba un video de hasta 3 minutos contándonos qué necesitas. Después podrás revisarlo y enviarlo
              con tus datos.
            </p>
            {step === 'failed' && (
              <Alert
                tone="error"
                focusable
                ref={cameraAlertRef}
                className={formStyles.notice}
                title={
                  recorderState.reason === 'camera' ? (
                    <span lang="en">{widgetTexts.cameraFailure}</span>
                  ) : undefined
                }
              >
                {recorderState.reason === 'camera' ? widgetTexts.cameraFailureHelp : widgetTexts.cannotRecord}
              </Alert>
            )}
            {step === 'failed' && recorderState.reason === 'recorder' && (
              <RecordingAlternatives
                onRequestCallback={onRequestCallback}
                onOpenContactForm={onOpenContactForm}
              />
            )}
            <Button onClick={() => void recorder.openCamera()} busy={step === 'opening'}>
              Grabar nuevo video
            </Button>
          </>
        )}

        {(live || step === 'finishing') && (
          <>
            <div className={styles.stage}>
              {live ? (
                <LivePreview stream={live} className={`${styles.video} ${styles.mirrored}`} />
              ) : (
                <div className={styles.video} />
              )}
            </div>
            {step === 'recording' ? (
              <RecordingTimer startedAt={recorderState.startedAt} />
            ) : (
              <p className={styles.timer}>
                {step === 'finishing' ? 'Preparando tu video…' : 'Duración máxima: 3 minutos'}
              </p>
            )}
            <div className={formStyles.actions}>
              {/* Native buttons: focus moves to them by ref as the recording starts and stops. */}
              <button
                ref={startRef}
                type="button"
                className={buttonClassName('primary')}
                onClick={() => recorder.start()}
                disabled={step !== 'previewing'}
              >
                Comenzar grabación
              </button>
              <button
                ref={stopRef}
                type="button"
                className={buttonClassName('danger')}
                onClick={() => void recorder.stop()}
                disabled={step !== 'recording'}
              >
                Detener grabación
              </button>
              {step === 'previewing' && (
                <Button variant="ghost" onClick={() => void recorder.release()}>
                  Cancelar
                </Button>
              )}
            </div>
          </>
        )}

        {recording && (
          <>
            <div className={styles.stage}>
              {videoUrl && <RecordedVideo url={videoUrl} posterUrl={posterUrl} />}
            </div>
            <div className={formStyles.actions}>
              <Button variant="secondary" onClick={() => void recorder.retake()} disabled={uploading}>
                Grabar otra vez
              </Button>
            </div>
          </>
        )}
      </section>

      {!recording && (
        <aside className={styles.tips} aria-labelledby={`${ids}-tips`}>
          <h3 id={`${ids}-tips`} className={styles.tipsTitle}>
            Antes de grabar
          </h3>
          <ul className={styles.tipsList}>
            <li>Cuando el navegador lo pregunte, permite usar la cámara y el micrófono.</li>
            <li>Busca un lugar con luz y con poco ruido.</li>
            <li>Cuenta qué pasó, dónde y cuándo. Puedes revisar el video antes de enviarlo.</li>
            <li>Si estás en una emergencia, llama al 133 (Carabineros).</li>
          </ul>
        </aside>
      )}

      {recording && (
        <section className={styles.details} aria-labelledby={`${ids}-form`}>
          <h3 id={`${ids}-form`} ref={reviewRef} tabIndex={-1} className={styles.stepTitle}>
            2. Revisa tu video y completa tus datos
          </h3>
          <form className={formStyles.form} onSubmit={onSubmit} noValidate>
            {!recording.thumbnail && (
              <Alert tone="warning">
                No pudimos obtener una imagen de tu video. Por favor, grábalo otra vez.
              </Alert>
            )}
            <EmailField label="Correo electrónico" error={errors.email?.message} {...register('email')} />
            <TextField
              label="Nombre"
              autoComplete="name"
              error={errors.name?.message}
              {...register('name')}
            />
            <TextField
              label="Teléfono"
              hint="Escribe tu número después de +56, por ejemplo +56912345678."
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              error={errors.phone_number?.message}
              {...phoneField}
              onChange={(event) => {
                const normalized = normalizePhone(
                  event.target.value,
                  PHONE_PREFIX_VIDEO_MAIL,
                  VIDEO_MAIL_PHONE_DIGITS,
                );
                if (normalized !== event.target.value) event.target.value = normalized;
                return phoneField.onChange(event);
              }}
            />
            <TextAreaField
              label="Mensaje"
              rows={4}
              maxLength={VIDEO_MAIL_MESSAGE_MAX}
              error={errors.message?.message}
              counter={
                <>
                  <span aria-hidden="true">
                    {(message ?? '').length}/{VIDEO_MAIL_MESSAGE_MAX}
                  </span>
                  <span className="visually-hidden">
                    {(message ?? '').length} de {VIDEO_MAIL_MESSAGE_MAX} caracteres
                  </span>
                </>
              }
              {...register('message')}
            />

            {failure && (
              <Alert tone="error" title={widgetTexts.uploadFailed}>
                {failure.detail && <p>{failure.detail}</p>}
                <Button variant="secondary" onClick={() => void onSubmit()} disabled={!canSend || uploading}>
                  Enviar nuevamente
                </Button>
              </Alert>
            )}

            {uploading && (
              <div className={styles.progress}>
                <p id={`${ids}-progress`} className={styles.progressLabel}>
                  Enviando video… {percent} %
                </p>
                <progress max={100} value={percent} aria-labelledby={`${ids}-progress`} />
                {waitingForNetwork && <p role="status">{widgetTexts.uploadWaitingForNetwork}</p>}
              </div>
            )}

            <div className={formStyles.actions}>
              <Button type="submit" fullWidth disabled={!canSend} busy={uploading}>
                Enviar video
              </Button>
            </div>
          </form>
        </section>
      )}
    </div>
  );
}
