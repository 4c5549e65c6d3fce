import { useMutation } from '@tanstack/react-query';
import { COMPANY_KEY_HEADER } from '@seguridad/contracts/constants';
import { widgetApi } from '@seguridad/contracts/http/widget';
import { errorMessages } from '@seguridad/contracts/messages';
import { ApiRequestError, apiRequest, uploadWithProgress } from '../../../shared/api/api-client';
import { useCompanyKey } from '../../../shared/api/company-key';
import type { SuccessResponse } from './send-contact';

type VideoMailUpload = {
  email: string;
  name: string;
  phone_number: string;
  message: string;
  /** True when the person got here because a video call could not be started (spec §4). */
  isDerived: boolean;
  video: Blob;
  thumbnail: Blob;
};

export type SendVideoMailOptions = {
  /** The company whose inbox gets it. */
  companyKey: string;
  onProgress?: (fraction: number) => void;
  /** True while the connection is down and the upload waits to go on; false once it does. */
  onWaiting?: (waiting: boolean) => void;
};

/** Each request carries at most this much of the video: at most this much is ever sent twice. */
const CHUNK_BYTES = 2 * 1024 * 1024;
/** Pauses between tries while the network is down: about 15 minutes in all, then the form says so. */
const RETRY_DELAYS_MS = [0, 1_000, 2_000, 3_000, 5_000, ...Array.from({ length: 180 }, () => 5_000)];
const COMPLETE_TRIES = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The resumable video mail (decision 029): the form and thumbnail go first, once; the video then
 * goes with tus in chunks, and when the connection drops it goes on by itself from the last byte
 * the server has once the network is back, the progress going on from there; a last request files
 * it, repeated until answered.
 */
export async function sendVideoMail(upload: VideoMailUpload, options: SendVideoMailOptions): Promise<void> {
  const form = new FormData();
  form.append('email', upload.email);
  form.append('name', upload.name);
  form.append('phone_number', upload.phone_number);
  form.append('message', upload.message);
  form.append('is_derived', upload.isDerived ? 'true' : 'false');
  form.append('video_bytes', String(upload.video.size));
  form.append('thumbnail', upload.thumbnail, 'thumbnail.jpg');
  const started = await uploadWithProgress<{ data: { upload_url: string } }>(
    widgetApi.startVideoMailUpload.path(),
    form,
    {
      companyKey: options.companyKey,
    },
  );
  const uploadUrl = started.data.upload_url;
  await sendVideo(upload.video, uploadUrl, options);
  options.onWaiting?.(false);
  await fileVideoMail(uploadUrl, options);
}

async function sendVideo(video: Blob, uploadUrl: string, options: SendVideoMailOptions): Promise<void> {
  // Loaded when a video is sent, not with the widget.
  const { Upload } = await import('tus-js-client');
  await new Promise<void>((resolve, reject) => {
    const tus = new Upload(video, {
      uploadUrl,
      uploadSize: video.size,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      storeFingerprintForResuming: false,
      headers: { [COMPANY_KEY_HEADER]: options.companyKey },
      onProgress(sent, total) {
        options.onWaiting?.(false);
        options.onProgress?.(total > 0 ? sent / total : 0);
      },
      // Unlike tus's default, keep trying while the browser says it is offline: that is when the
      // network must come back. A 4xx other than a conflict will not get better by trying again.
      onShouldRetry(error) {
        const status = error.originalResponse?.getStatus() ?? 0;
        const retry = status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
        if (retry) options.onWaiting?.(true);
        return retry;
      },
      onSuccess: () => resolve(),
      onError(error) {
        window.removeEventListener('online', resumeNow);
        const status = (
          error as { originalResponse?: { getStatus(): number } | null }
        ).originalResponse?.getStatus();
        reject(new ApiRequestError(status ?? 0, undefined, errorMessages.generic));
      },
    });
    // The network is back: go on now rather than at the end of the current pause.
    function resumeNow() {
      void tus.abort().then(() => tus.start());
    }
    window.addEventListener('online', resumeNow);
    tus.start();
  });
}

/** Files the video mail; asked again until answered, as asking twice is harmless. */
async function fileVideoMail(uploadUrl: string, options: SendVideoMailOptions): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await apiRequest<SuccessResponse>(`${uploadUrl}/complete`, {
        // The upload's address comes from the server (its tus Location), not from a route.
        // eslint-disable-next-line no-restricted-syntax
        method: 'POST',
        companyKey: options.companyKey,
      });
      return;
    } catch (error) {
      const status = error instanceof ApiRequestError ? error.status : 0;
      const worthRetrying = status === 0 || status >= 500 || status === 409;
      if (!worthRetrying || attempt >= COMPLETE_TRIES) throw error;
      if (status === 0) options.onWaiting?.(true);
      await sleep(Math.min(1_000 * attempt, 5_000));
    }
  }
}

export function useSendVideoMail() {
  const companyKey = useCompanyKey();
  return useMutation({
    mutationFn: ({
      upload,
      ...options
    }: { upload: VideoMailUpload } & Omit<SendVideoMailOptions, 'companyKey'>) =>
      sendVideoMail(upload, { ...options, companyKey }),
  });
}
