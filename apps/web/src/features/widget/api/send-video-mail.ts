import { useMutation } from '@tanstack/react-query';
import { UPLOAD_TIMEOUT_MS } from '@seguridad/contracts/constants';
import { uploadWithProgress } from '../../../shared/api/api-client';
import type { SuccessResponse } from './send-contact';

type VideoMailUpload = {
  email: string;
  name: string;
  phone_number: string;
  message: string;
  /** True when the person got here because a video call could not be started (spec §4). */
  isDerived: boolean;
  video: Blob;
  /** `video.webm` or `video.mp4`. */
  videoFileName: string;
  thumbnail: Blob;
};

/**
 * The recorded video mail as multipart (spec §7): the text fields first, so the server has them
 * before the files stream in; one hour of timeout, as for every recording.
 */
export function sendVideoMail(
  upload: VideoMailUpload,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<SuccessResponse> {
  const form = new FormData();
  form.append('email', upload.email);
  form.append('name', upload.name);
  form.append('phone_number', upload.phone_number);
  form.append('message', upload.message);
  form.append('is_derived', upload.isDerived ? 'true' : 'false');
  form.append('videoMail', upload.video, upload.videoFileName);
  form.append('thumbnail', upload.thumbnail, 'thumbnail.jpg');
  return uploadWithProgress<SuccessResponse>('/api/calls/videoMail', form, {
    companyKey: true,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    onProgress: options.onProgress,
    signal: options.signal,
  });
}

export function useSendVideoMail() {
  return useMutation({
    mutationFn: ({
      upload,
      onProgress,
    }: {
      upload: VideoMailUpload;
      onProgress?: (fraction: number) => void;
    }) => sendVideoMail(upload, { onProgress }),
  });
}
