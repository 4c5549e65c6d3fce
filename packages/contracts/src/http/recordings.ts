import { z } from 'zod';
import { apiRoute } from './api-route';

/**
 * Call recordings (spec §4 recording, §7 `startRecording` / `stopRecording`, §9 webm vp8; decision
 * 017). The operator's console records a composite of both sides with MediaRecorder and uploads
 * each chunk as it comes, numbered from 0; the server appends them in order and, when recording
 * stops or the call ends, finalises a seekable WebM (duration and cues).
 */

/** What the console asks MediaRecorder for (spec §9: webm vp8; with both voices in Opus). */
export const RECORDING_RECORDER_MIME = 'video/webm;codecs=vp8,opus';
/** The console asks MediaRecorder for a chunk this often: a crash loses at most this much. */
export const RECORDING_TIMESLICE_MS = 3_000;
/** One chunk's body (3 s of a 1.5 Mbps composite is ~0.6 MB; generous for key frames). */
export const RECORDING_CHUNK_MAX_BYTES = 8 * 1024 * 1024;
/** One recording, all chunks together (about 45 minutes at the composite's bit rate). */
export const RECORDING_MAX_BYTES = 512 * 1024 * 1024;
/**
 * How long a company keeps recordings unless its admin says otherwise (the privacy policy's 6
 * months, decision 034), and the bounds of that setting.
 */
export const RECORDING_RETENTION_DEFAULT_DAYS = 180;
export const RECORDING_RETENTION_MIN_DAYS = 1;
export const RECORDING_RETENTION_MAX_DAYS = 3_650;
/** The chunk body's content type (raw bytes of the WebM stream). */
export const RECORDING_CHUNK_CONTENT_TYPE = 'application/octet-stream';

export const recordingRetentionSchema = z
  .number()
  .int()
  .min(RECORDING_RETENTION_MIN_DAYS)
  .max(RECORDING_RETENTION_MAX_DAYS);

export const recordingChunkParamsSchema = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  seq: z.coerce.number().int().min(0).max(100_000),
});

export const recordingChunkResponseSchema = z.object({
  code: z.literal(200),
  /** The sequence number the server expects next. */
  next_seq: z.number().int(),
});

export const callRecordingSchema = z.object({
  id: z.number().int(),
  call_id: z.number().int(),
  status: z.enum(['recording', 'ready']),
  duration_ms: z.number().nullable(),
  bytes: z.number().int(),
  /** Chunks the server has taken so far (the next one it expects). */
  chunks: z.number().int(),
  created_at: z.string(),
  /** Signed, short-lived; null until the recording is finalised. */
  video_url: z.string().nullable(),
});
export type CallRecording = z.infer<typeof callRecordingSchema>;

export const callRecordingsResponseSchema = z.object({
  code: z.literal(200),
  recordings: z.array(callRecordingSchema),
});
export type CallRecordingsResponse = z.infer<typeof callRecordingsResponseSchema>;

/** Call recordings: chunks up, the list, the media. */
export const recordingsApi = {
  chunk: apiRoute('POST', '/api/v1/operator/recordings/:id/chunks/:seq', 'operator', {
    response: recordingChunkResponseSchema,
  }),
  list: apiRoute('GET', '/api/v1/operator/recordings', 'operator', {
    response: callRecordingsResponseSchema,
  }),
  media: apiRoute('GET', '/api/media/recordings/:id', 'public'),
} as const;
