import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { CALL_VIDEO_CAPTIONS_MAX_BYTES, CALL_VIDEO_MAX_BYTES } from '@seguridad/contracts/http/call-videos';
import { callTexts, errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { FileTooLargeError, type FileStorage } from '../../integrations/storage/file-storage';
import { sniffVideo, type SniffedType } from '../../integrations/storage/magic-bytes';
import { peekStream, readCapped } from '../../integrations/storage/peek-stream';

export type CallVideoUpload = {
  fields: Record<string, string>;
  video: { key: string; bytes: number; mime: 'video/mp4' | 'video/webm' };
  captionsKey: string | null;
};

/** WebVTT as browsers read it: UTF-8 text whose first line starts with `WEBVTT` (a BOM allowed). */
export function isWebVtt(content: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(content);
  } catch {
    return false;
  }
  if (text.includes('\u0000')) return false;
  return /^\uFEFF?WEBVTT(?:[ \t][^\r\n]*)?(?:\r?\n|$)/.test(text);
}

/**
 * Reads a library upload: the title, the video (`video`, mp4 or webm by its first bytes) streamed
 * into storage, and optional captions (`captions`, WebVTT checked as text). On any failure what was
 * stored is removed before the error goes up.
 */
export async function readCallVideoUpload(
  request: FastifyRequest,
  storage: FileStorage,
): Promise<CallVideoUpload> {
  const fields: Record<string, string> = {};
  let video: CallVideoUpload['video'] | undefined;
  let captionsKey: string | null = null;
  const cleanup = () =>
    Promise.all([video && storage.remove(video.key), captionsKey && storage.remove(captionsKey)]);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname === 'video' && !video) {
        const { head, stream } = await peekStream(part.file, 12);
        const type: SniffedType | undefined = sniffVideo(head);
        if (!type || (type.mime !== 'video/mp4' && type.mime !== 'video/webm')) {
          part.file.resume();
          throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
        }
        const written = await storage.write(stream, {
          extension: type.extension,
          maxBytes: CALL_VIDEO_MAX_BYTES,
        });
        video = { ...written, mime: type.mime };
        if (part.file.truncated) throw new FileTooLargeError(CALL_VIDEO_MAX_BYTES);
        continue;
      }
      if (part.fieldname === 'captions' && !captionsKey) {
        const content = await readCapped(part.file, CALL_VIDEO_CAPTIONS_MAX_BYTES);
        if (!isWebVtt(content)) throw new AppError(415, 'captions_invalid', callTexts.videoCaptionsInvalid);
        captionsKey = (
          await storage.write(Readable.from([content]), {
            extension: 'vtt',
            maxBytes: CALL_VIDEO_CAPTIONS_MAX_BYTES,
          })
        ).key;
        continue;
      }
      part.file.resume();
      throw new AppError(400, 'unexpected_file', errorMessages.badRequest);
    }
    if (!video) throw new AppError(400, 'video_required', errorMessages.badRequest);
    return { fields, video, captionsKey };
  } catch (error) {
    await cleanup();
    if (
      error instanceof FileTooLargeError ||
      (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
    ) {
      throw new AppError(413, 'payload_too_large', errorMessages.payloadTooLarge);
    }
    throw error;
  }
}
