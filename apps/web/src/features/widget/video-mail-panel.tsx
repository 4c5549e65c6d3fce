import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { PHONE_PREFIX_VIDEO_MAIL, VIDEO_MAIL_MESSAGE_MAX } from '@seguridad/contracts/constants';
import { videoMailFieldsSchema } from '@seguridad/contracts/http/widget';
import { widgetTexts } from '@seguridad/contracts/messages';
import { Alert } from '../../shared/ui/alert';
import { browserCapabilities } from '../../shared/media/browser-capabilities';
import { DRAFT_IDS } from '../../shared/forms/reload-drafts';
import { useDraftAcrossReload } from '../../shared/forms/use-draft-across-reload';
import { useVideoMail } from './use-video-mail';
import { canSendVideoMail } from './video-mail-flow';
import { VideoMailDetails } from './video-mail-details';
import { VideoMailRecorder, type RecordingAlternativesProps } from './video-mail-recorder';
import formStyles from './widget-form.module.css';
import styles from './video-mail-panel.module.css';

/** The text fields only; `is_derived` comes from how the drawer was opened, not from the person. */
const videoMailFormSchema = videoMailFieldsSchema.omit({ is_derived: true });
const emptyVideoMail = { email: '', name: '', phone_number: PHONE_PREFIX_VIDEO_MAIL, message: '' };

type VideoMailPanelProps = RecordingAlternativesProps & {
  /** False while the drawer is closed or another panel is shown: the camera is then off. */
  active: boolean;
  /** Sent as is_derived: the person came here because a video call could not start (spec §4). */
  derived: boolean;
  /** After the success notice: the drawer goes back to its entries and closes (spec §4). */
  onFinished: () => void;
  /** What the person typed in a call that never connected: the message starts with it. */
  initialMessage?: string | null;
};

function RecordingTips({ titleId }: { titleId: string }) {
  return (
    <aside className={styles.tips} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.tipsTitle}>
        {widgetTexts.tipsTitle}
      </h3>
      <ul className={styles.tipsList}>
        <li>{widgetTexts.tipAllowCamera}</li>
        <li>{widgetTexts.tipLightAndQuiet}</li>
        <li>{widgetTexts.tipTellWhat}</li>
        <li>{widgetTexts.tipEmergency}</li>
      </ul>
    </aside>
  );
}

/**
 * The video mail (spec §2, §3, §4): record a video of up to three minutes, review it, then send it
 * with name, e-mail, phone and message. A failed upload keeps the recording and the form. The flow
 * itself is plain TypeScript (video-mail-flow.ts); this composes its two steps.
 */
export function VideoMailPanel({
  active,
  derived,
  onFinished,
  initialMessage,
  onRequestCallback,
  onOpenContactForm,
}: VideoMailPanelProps) {
  const [canRecord] = useState(() => browserCapabilities().record);
  const ids = useId();
  const form = useForm({
    resolver: zodResolver(videoMailFormSchema),
    mode: 'onTouched',
    defaultValues: emptyVideoMail,
  });
  const { handleSubmit, control, reset, getValues, setValue } = form;
  // The fields survive the reload a new deployment may force (decision 055); a recording cannot.
  useDraftAcrossReload(DRAFT_IDS.videoMailForm, form);
  const [email, name, phone, message] = useWatch({
    control,
    name: ['email', 'name', 'phone_number', 'message'],
  });
  const { state, flow, sent, failure, submit, noticeRef, startRef, stopRef, reviewRef, cameraAlertRef } =
    useVideoMail({
      active,
      derived,
      onFinished: () => {
        reset(emptyVideoMail);
        onFinished();
      },
    });

  // What was typed in a call that never connected starts the message (kept, never overwritten).
  useEffect(() => {
    if (!initialMessage || getValues('message')) return;
    setValue('message', initialMessage.slice(0, VIDEO_MAIL_MESSAGE_MAX));
  }, [initialMessage, getValues, setValue]);

  const onSubmit = handleSubmit(submit);

  if (sent) {
    return (
      <Alert tone="success" focusable ref={noticeRef} className={formStyles.notice}>
        {widgetTexts.videoMailSent}
      </Alert>
    );
  }

  const recording = state.recorder.step === 'recorded' ? state.recorder.recording : null;
  return (
    <div className={styles.layout}>
      <VideoMailRecorder
        titleId={`${ids}-video`}
        canRecord={canRecord}
        recorder={state.recorder}
        flow={flow}
        uploading={state.upload !== null}
        startRef={startRef}
        stopRef={stopRef}
        cameraAlertRef={cameraAlertRef}
        onRequestCallback={onRequestCallback}
        onOpenContactForm={onOpenContactForm}
      />
      {!recording && <RecordingTips titleId={`${ids}-tips`} />}
      {recording && (
        <VideoMailDetails
          ids={ids}
          form={form}
          message={message}
          hasThumbnail={recording.thumbnail !== null}
          upload={state.upload}
          failure={failure}
          canSend={canSendVideoMail(state.recorder, { email, name, phone_number: phone, message })}
          onSubmit={onSubmit}
          reviewRef={reviewRef}
        />
      )}
    </div>
  );
}
