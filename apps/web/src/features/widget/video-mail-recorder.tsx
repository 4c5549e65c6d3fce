import { callTexts, widgetTexts } from '@seguridad/contracts/messages';
import { Alert } from '../../shared/ui/alert';
import { Button, buttonClassName } from '../../shared/ui/button';
import { LivePreview } from '../../shared/media/live-preview';
import { RecordedVideo, RecordingTimer, useObjectUrl } from './recorded-video';
import type { StepFocusTargets } from './use-video-mail';
import type { VideoMailFlow } from './video-mail-flow';
import type { RecorderState } from './video-recorder';
import formStyles from './widget-form.module.css';
import styles from './video-mail-panel.module.css';

/** The other ways to reach the centre, offered when this browser cannot record (decision 037). */
export type RecordingAlternativesProps = {
  onRequestCallback?: () => void;
  onOpenContactForm?: () => void;
};

/** Callback and contact form, for a browser that cannot record a video the console plays. */
function RecordingAlternatives({ onRequestCallback, onOpenContactForm }: RecordingAlternativesProps) {
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

type VideoMailRecorderProps = RecordingAlternativesProps & {
  titleId: string;
  canRecord: boolean;
  recorder: RecorderState;
  flow: VideoMailFlow;
  uploading: boolean;
} & Omit<StepFocusTargets, 'reviewRef'>;

/** Step 1 of the video mail: the camera, the recording and the recorded video to review. */
export function VideoMailRecorder({
  titleId,
  canRecord,
  recorder,
  flow,
  uploading,
  startRef,
  stopRef,
  cameraAlertRef,
  ...alternatives
}: VideoMailRecorderProps) {
  const step = recorder.step;
  const live = step === 'previewing' || step === 'recording' ? recorder.stream : null;
  const recording = step === 'recorded' ? recorder.recording : null;
  const videoUrl = useObjectUrl(recording?.video);
  const posterUrl = useObjectUrl(recording?.thumbnail);

  return (
    <section className={styles.media} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.stepTitle}>
        {widgetTexts.recordStepTitle}
      </h3>

      {!canRecord && (
        <>
          <Alert tone="warning" className={formStyles.notice}>
            {widgetTexts.cannotRecord}
          </Alert>
          <RecordingAlternatives {...alternatives} />
        </>
      )}

      {canRecord && (step === 'idle' || step === 'opening' || step === 'failed') && (
        <>
          <p className={formStyles.intro}>{widgetTexts.recordIntro}</p>
          {step === 'failed' && (
            <Alert
              tone="error"
              focusable
              ref={cameraAlertRef}
              className={formStyles.notice}
              title={
                recorder.reason === 'camera' ? <span lang="en">{widgetTexts.cameraFailure}</span> : undefined
              }
            >
              {recorder.reason === 'camera' ? widgetTexts.cameraFailureHelp : widgetTexts.cannotRecord}
            </Alert>
          )}
          {step === 'failed' && recorder.reason === 'recorder' && <RecordingAlternatives {...alternatives} />}
          <Button onClick={() => void flow.openCamera()} busy={step === 'opening'}>
            {widgetTexts.recordNew}
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
            <RecordingTimer startedAt={recorder.startedAt} />
          ) : (
            <p className={styles.timer}>
              {step === 'finishing' ? widgetTexts.preparingVideo : widgetTexts.maxDuration}
            </p>
          )}
          <div className={formStyles.actions}>
            {/* Native buttons: focus moves to them by ref as the recording starts and stops. */}
            <button
              ref={startRef}
              type="button"
              className={buttonClassName('primary')}
              onClick={() => flow.start()}
              disabled={step !== 'previewing'}
            >
              {widgetTexts.startRecording}
            </button>
            <button
              ref={stopRef}
              type="button"
              className={buttonClassName('danger')}
              onClick={() => void flow.stop()}
              disabled={step !== 'recording'}
            >
              {widgetTexts.stopRecording}
            </button>
            {step === 'previewing' && (
              <Button variant="ghost" onClick={() => void flow.release()}>
                {widgetTexts.cancel}
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
            <Button variant="secondary" onClick={() => void flow.retake()} disabled={uploading}>
              {widgetTexts.recordAgain}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
