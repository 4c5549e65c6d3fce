import { z } from 'zod';
import { okResponseSchema } from './auth';
import { apiRoute } from './api-route';

/**
 * The company's library of short videos an operator pushes into a call (spec §6, §7
 * `roomAdmin/{room}` `videoPlay.videoID`). Admins upload them in the console; any operator of the
 * company lists them and pushes one to the caller of a call it is in.
 */

/** mp4 or webm, checked by their first bytes, up to this size. */
export const CALL_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/** Optional captions, WebVTT (text, starting with `WEBVTT`), up to this size. */
export const CALL_VIDEO_CAPTIONS_MAX_BYTES = 512 * 1024;
export const CALL_VIDEO_TITLE_MAX = 120;
/** A company keeps at most this many videos. */
export const CALL_VIDEOS_MAX = 50;

export const callVideoFieldsSchema = z.object({
  title: z.string().trim().min(1).max(CALL_VIDEO_TITLE_MAX),
});

export const callVideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  mime: z.enum(['video/mp4', 'video/webm']),
  bytes: z.number().int(),
  has_captions: z.boolean(),
  created_at: z.string(),
  /** Signed, short-lived: for the console's preview. */
  video_url: z.string(),
});
export type CallVideo = z.infer<typeof callVideoSchema>;

export const callVideosResponseSchema = z.object({ code: z.literal(200), videos: z.array(callVideoSchema) });
export type CallVideosResponse = z.infer<typeof callVideosResponseSchema>;

export const callVideoResponseSchema = z.object({ code: z.literal(200), video: callVideoSchema });

/** The company's videos shown during calls, and their media. */
export const callVideosApi = {
  list: apiRoute('GET', '/api/v1/operator/videos', 'operator', { response: callVideosResponseSchema }),
  upload: apiRoute('POST', '/api/v1/operator/videos', 'admin', { response: callVideoResponseSchema }),
  remove: apiRoute('DELETE', '/api/v1/operator/videos/:id', 'admin', { response: okResponseSchema }),
  media: apiRoute('GET', '/api/media/call-videos/:id/:file', 'public'),
} as const;
