import type { FormEvent, RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import {
  PHONE_PREFIX_VIDEO_MAIL,
  VIDEO_MAIL_MESSAGE_MAX,
  VIDEO_MAIL_PHONE_DIGITS,
} from '@seguridad/contracts/constants';
import { widgetTexts } from '@seguridad/contracts/messages';
import { Alert } from '../../shared/ui/alert';
import { Button } from '../../shared/ui/button';
import { EmailField } from '../../shared/ui/email-field';
import { TextField } from '../../shared/ui/text-field';
import { normalizedPhoneField } from './phone-input';
import { TextAreaField } from './text-area-field';
import type { SendFailure, UploadProgress, VideoMailFields } from './video-mail-flow';
import formStyles from './widget-form.module.css';
import styles from './video-mail-panel.module.css';

type VideoMailDetailsProps = {
  ids: string;
  form: UseFormReturn<VideoMailFields>;
  /** The message as typed, for its counter. */
  message: string | undefined;
  hasThumbnail: boolean;
  upload: UploadProgress | null;
  failure: SendFailure | null;
  canSend: boolean;
  onSubmit: (event?: FormEvent) => Promise<void>;
  reviewRef: RefObject<HTMLHeadingElement | null>;
};

/** Step 2 of the video mail: who is writing and what about, then the upload and its progress. */
export function VideoMailDetails({
  ids,
  form,
  message,
  hasThumbnail,
  upload,
  failure,
  canSend,
  onSubmit,
  reviewRef,
}: VideoMailDetailsProps) {
  const {
    register,
    formState: { errors },
  } = form;
  const uploading = upload !== null;
  const percent = Math.round((upload?.progress ?? 0) * 100);

  return (
    <section className={styles.details} aria-labelledby={`${ids}-form`}>
      <h3 id={`${ids}-form`} ref={reviewRef} tabIndex={-1} className={styles.stepTitle}>
        {widgetTexts.detailsStepTitle}
      </h3>
      <form className={formStyles.form} onSubmit={onSubmit} noValidate>
        {!hasThumbnail && <Alert tone="warning">{widgetTexts.noThumbnail}</Alert>}
        <EmailField label="Correo electrónico" error={errors.email?.message} {...register('email')} />
        <TextField label="Nombre" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField
          label="Teléfono"
          hint="Escribe tu número después de +56, por ejemplo +56912345678."
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          error={errors.phone_number?.message}
          {...normalizedPhoneField(
            register('phone_number'),
            PHONE_PREFIX_VIDEO_MAIL,
            VIDEO_MAIL_PHONE_DIGITS,
          )}
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
                {widgetTexts.messageCount((message ?? '').length, VIDEO_MAIL_MESSAGE_MAX)}
              </span>
            </>
          }
          {...register('message')}
        />

        {failure && (
          <Alert tone="error" title={widgetTexts.uploadFailed}>
            {failure.detail && <p>{failure.detail}</p>}
            <Button variant="secondary" onClick={() => void onSubmit()} disabled={!canSend || uploading}>
              {widgetTexts.sendAgain}
            </Button>
          </Alert>
        )}

        {upload && (
          <div className={styles.progress}>
            <p id={`${ids}-progress`} className={styles.progressLabel}>
              {widgetTexts.uploadProgress(percent)}
            </p>
            <progress max={100} value={percent} aria-labelledby={`${ids}-progress`} />
            {upload.waitingForNetwork && <p role="status">{widgetTexts.uploadWaitingForNetwork}</p>}
          </div>
        )}

        <div className={formStyles.actions}>
          <Button type="submit" fullWidth disabled={!canSend} busy={uploading}>
            {widgetTexts.sendVideo}
          </Button>
        </div>
      </form>
    </section>
  );
}
