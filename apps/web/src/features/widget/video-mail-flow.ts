import { PHONE_PREFIX_VIDEO_MAIL } from '@seguridad/contracts/constants';
import { VIDEO_MAIL_MAX_BYTES } from '@seguridad/contracts/http/widget';
import { errorMessages } from '@seguridad/contracts/messages';
import { ApiRequestError, errorText } from '../../shared/api/api-client';
import { hasPhoneDigits, isFilled } from './phone-input';
import { createVideoRecorder, type RecorderState } from './video-recorder';

/**
 * The whole video mail, free of React: the recorder (camera, MediaRecorder, thumbnail) and the
 * upload that follows it, as one store the panel subscribes to.
 *
 *   recorder: idle ▶ opening ▶ previewing ▶ recording ▶ finishing ▶ recorded   (see video-recorder.ts)
 *   upload:   null ─send()─▶ { progress, waitingForNetwork } ─▶ kept until finish() once sent
 *                ▲                         │
 *                └──── a failure ◀─────────┘   (send() rejects; the recording is kept for another try)
 *
 * A send starts only from `recorded` with a thumbnail and no upload running, and "Grabar otra vez"
 * does nothing while an upload exists, so the video being sent is never the one replaced. What the
 * person is told (the notice, the failure) is the panel's, through useSendWithNotice.
 */

export type VideoMailFields = { email: string; name: string; phone_number: string; message: string };

/** `detail` is the server's reason; null when no answer came (the network, a timeout). */
export type SendFailure = { detail: string | null };

export type UploadProgress = { progress: number; waitingForNetwork: boolean };

export type VideoMailState = { recorder: RecorderState; upload: UploadProgress | null };

/** The recording is over the server's limit: refused before a byte is sent. */
export class VideoTooLargeError extends Error {
  constructor() {
    super('the video is larger than the server accepts');
    this.name = 'VideoTooLargeError';
  }
}

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

/** What a failed send tells the person; the recording and the form stay for another try. */
export function describeSendFailure(error: unknown): SendFailure {
  if (error instanceof VideoTooLargeError) return { detail: errorMessages.payloadTooLarge };
  const answered = error instanceof ApiRequestError && error.status !== 0;
  return { detail: answered ? errorText(error) : null };
}

export function createVideoMailFlow({
  upload,
  recorder = createVideoRecorder(),
  maxVideoBytes = VIDEO_MAIL_MAX_BYTES,
}: VideoMailFlowDeps) {
  let uploadProgress: UploadProgress | null = null;
  let snapshot: VideoMailState = { recorder: recorder.getState(), upload: uploadProgress };
  const listeners = new Set<() => void>();

  function publish() {
    const recorderState = recorder.getState();
    if (snapshot.recorder === recorderState && snapshot.upload === uploadProgress) return;
    snapshot = { recorder: recorderState, upload: uploadProgress };
    listeners.forEach((listener) => listener());
  }
  recorder.subscribe(publish);

  function setUpload(next: UploadProgress | null) {
    uploadProgress = next;
    publish();
  }

  /**
   * Sends the recording with the form's fields. Resolves true once sent, false when there was
   * nothing to send (no recording or thumbnail yet, or an upload already running); rejects on a
   * failure (describeSendFailure says what it was).
   */
  async function send(fields: VideoMailFields, isDerived: boolean): Promise<boolean> {
    const recorderState = recorder.getState();
    if (uploadProgress || recorderState.step !== 'recorded') return false;
    const { video, thumbnail } = recorderState.recording;
    if (!thumbnail) return false;
    if (video.size > maxVideoBytes) throw new VideoTooLargeError();
    setUpload({ progress: 0, waitingForNetwork: false });
    // Reports from an upload that has ended change nothing.
    let running = true;
    const update = (change: Partial<UploadProgress>) => {
      if (running && uploadProgress) setUpload({ ...uploadProgress, ...change });
    };
    try {
      await upload(
        { ...fields, isDerived, video, thumbnail },
        {
          onProgress: (progress) => update({ progress }),
          onWaiting: (waitingForNetwork) => update({ waitingForNetwork }),
        },
      );
      return true;
    } catch (error) {
      setUpload(null);
      throw error;
    } finally {
      running = false;
    }
  }

  /** After the success notice, or to start over: no recording, no upload, camera off. */
  function finish(): void {
    recorder.reset();
    setUpload(null);
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
    retake: (): Promise<void> => (uploadProgress ? Promise.resolve() : recorder.retake()),
    send,
    finish,
  };
}

export type VideoMailFlow = ReturnType<typeof createVideoMailFlow>;
