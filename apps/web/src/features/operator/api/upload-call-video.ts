import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CallVideo, callVideosApi } from '@seguridad/contracts/http/call-videos';
import { uploadWithProgress } from '../../../shared/api/api-client';
import { operatorQueryKeys } from './operator-query-keys';

export type CallVideoUpload = {
  title: string;
  video: File;
  captions: File | null;
  onProgress: (fraction: number) => void;
};

/** Uploads a video (and its captions) to the company's library, with progress. */
export function uploadCallVideo({ title, video, captions, onProgress }: CallVideoUpload) {
  const form = new FormData();
  form.append('title', title);
  form.append('video', video, video.name);
  if (captions) form.append('captions', captions, captions.name);
  return uploadWithProgress<{ code: 200; video: CallVideo }>(callVideosApi.upload.path(), form, {
    auth: true,
    onProgress,
  });
}

export function useUploadCallVideo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadCallVideo,
    onSettled: () => queryClient.invalidateQueries({ queryKey: operatorQueryKeys.videos }),
  });
}
