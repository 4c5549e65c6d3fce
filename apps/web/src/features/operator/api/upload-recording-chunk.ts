import { RECORDING_CHUNK_CONTENT_TYPE, recordingsApi } from '@seguridad/contracts/http/recordings';
import { UPLOAD_TIMEOUT_MS } from '@seguridad/contracts/constants';
import { getSessionToken } from '../../../shared/api/session-token';
import type { ChunkResult } from '../../../shared/call/recording-uploader';

/**
 * Uploads chunk `seq` of a recording as raw bytes. What the uploader should do next: `ok` (taken,
 * or taken before and this is a retry whose first answer was lost), `refused` (the server will
 * never take it: not this operator's call any more, the recording is over or full), or `retry`.
 */
export async function uploadRecordingChunk(
  recordingId: number,
  seq: number,
  chunk: Blob,
): Promise<ChunkResult> {
  const token = getSessionToken();
  if (!token) return 'refused';
  let response: Response;
  try {
    const { method, path } = recordingsApi.chunk.request({ id: recordingId, seq });
    response = await fetch(path, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': RECORDING_CHUNK_CONTENT_TYPE },
      body: chunk,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch {
    return 'retry';
  }
  if (response.ok) return 'ok';
  if (response.status === 409) {
    const body = (await response.json().catch(() => null)) as { error?: string } | null;
    return body?.error === 'chunk_duplicate' ? 'ok' : 'refused';
  }
  return response.status === 429 || response.status >= 500 ? 'retry' : 'refused';
}
