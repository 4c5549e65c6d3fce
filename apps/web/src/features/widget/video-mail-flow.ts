import { PHONE_PREFIX_VIDEO_MAIL } from '@seguridad/contracts/constants';
import { VIDEO_MAIL_MAX_BYTES } from '@seguridad/contracts/http/widget';
import { errorMessages } from '@seguridad/contracts/messages';
import { ApiRequestError, errorText } from '../../shared/api/api-client';
import { hasPhoneDigits, isFilled } from './phone-input';
import { createVideoRecorder, type RecorderState } from './video-recorder';

/**
 * The whole video mail, free of React: the recorder (camera, MediaRecorder, thumbnail) and the send
 * that follows it, as one store the panel subscribes to.
 *
 *   recorder: idle ▶ opening ▶ previewing ▶ recording ▶ finishing ▶ recorded   (see video-recorder.ts)
 *   send:     editing ─send()─▶ uploading ─▶ sent ─finish()─▶ editing, recorder back to idle
 *                ▲                  │
 *                └── failure ◀──────┘   (the recording and the form are kept for another try)
 *
 * A send starts only from `recorded` with a thumbnail, and "Grabar otra vez" does nothing while
 * uploading, so the video being sent is never the one replaced.
 */

export type VideoMailFields = { email: string; name: string; phone_number: string; message: string };

/** `detail` is the server's reason; null when no answer came (the network, a timeout). */
export type SendFailure = { detail: string | null };

export type SendState =
  | { step: 'editing'; failure: SendFailure | null }
  | { step: 'uploading'; progress: number; waitingForNetwork: boolean }
  | { step: 'sent' };

export type VideoMailState = { recorder: RecorderState; send: SendState };

export type VideoMailUpload = VideoMailFields & { isDerived: boolean; video: Blob; thumbnail: Blob };

export type VideoMailUploader = (
  upload: VideoMailUpload,
  progress: { onProgress: (fraction: number) => void; onWaiting: (waiting: boolean) => void },
) => Promise<unknown>;

type VideoMailFlowDeps = {
  upload: VideoMailUploader;
  recorder?: ReturnType<typeof createVideoRecorder>;
  maxVideoBytes?: number;
};

/** Spec §5: a thumbnail, e-mail, name and message, and a phone that is more than the prefix. */
export function canSendVideoMail(recorder: RecorderState, fields: Partial<VideoMailFields>): boolean {
  return (
    recorder.step === 'recorded' &&
    recorder.recording.thumbnail !== null &&
    isFilled(fields.email) &&
    isFilled(fields.name) &&
    isFilled(fields.message) &&
    hasPhoneDigits(fields.phone_number, PHONE_PREFIX_VIDEO_MAIL)
  );
}

/** `m:ss`, as the recording timer shows elapsed and maximum time. */
export function formatClock(milliseconds: number): string {
  const totalSeconds = Math.floor(Math.max(0, milliseconds) / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

function failureOf(error: unknown): SendFailure {
  const answered = error instanceof ApiRequestError && error.status !== 0;
  return { detail: answered ? errorText(error) : null };
}

export function createVideoMailFlow({
  upload,
  recorder = createVideoRecorder(),
  maxVideoBytes = VIDEO_MAIL_MAX_BYTES,
}: VideoMailFlowDeps) {
  let send: SendState = { step: 'editing', failure: null };
  let snapshot: VideoMailState = { recorder: recorder.getState(), send };
  const listeners = new Set<() => void>();

  function publish() {
    const recorderState = recorder.getState();
    if (snapshot.recorder === recorderState && snapshot.send === send) return;
    snapshot = { recorder: recorderState, send };
    listeners.forEach((listener) => listener());
  }
  recorder.subscribe(publish);

  function setSend(next: SendState) {
    send = next;
    publish();
  }

  function updateUpload(change: Partial<{ progress: number; waitingForNetwork: boolean }>) {
    if (send.step !== 'uploading') return;
    setSend({ ...send, ...change });
  }

  /** Sends the recording with the form's fields; resolves once it is sent or has failed. */
  async function sendVideoMail(fields: VideoMailFields, isDerived: boolean): Promise<void> {
    const recorderState = recorder.getState();
    if (send.step !== 'editing' || recorderState.step !== 'recorded') return;
    const { video, thumbnail } = recorderState.recording;
    if (!thumbnail) return;
    if (video.size > maxVideoBytes) {
      setSend({ step: 'editing', failure: { detail: errorMessages.payloadTooLarge } });
      return;
    }
    setSend({ step: 'uploading', progress: 0, waitingForNetwork: false });
    try {
      await upload(
        { ...fields, isDerived, video, thumbnail },
        {
          onProgress: (progress) => updateUpload({ progress }),
          onWaiting: (waitingForNetwork) => updateUpload({ waitingForNetwork }),
        },
      );
      setSend({ step: 'sent' });
    } catch (error) {
      setSend({ step: 'editing', failure: failureOf(error) });
    }
  }

  /** After the success notice, or to start over: no recording, no failure, camera off. */
  function finish(): void {
    recorder.reset();
    setSend({ step: 'editing', failure: null });
  }

  return {
    getState: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    openCamera: () => recorder.openCamera(),
    start: () => recorder.start(),
    stop: () => recorder.stop(),
    release: () => recorder.release(),
    retake: (): Promise<void> => (send.step === 'editing' ? recorder.retake() : Promise.resolve()),
    send: sendVideoMail,
    finish,
  };
}

export type VideoMailFlow = ReturnType<typeof createVideoMailFlow>;
