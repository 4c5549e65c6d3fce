import type { FastifyRequest } from 'fastify';
import { THUMBNAIL_MAX_BYTES, VIDEO_MAIL_MAX_BYTES } from '@seguridad/contracts/http/widget';
import { errorMessages, widgetTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { FileTooLargeError, isFileTooLarge, type FileStorage } from '../../integrations/storage/file-storage';
import { peekStream } from '../../integrations/storage/peek-stream';
import { sniffImage, sniffVideo } from '../../integrations/storage/magic-bytes';
import type { StoredUpload } from './video-mail-service';
export type VideoMailUpload = {
  fields: Record<string, string>;
  video: StoredUpload;
  thumbnail: StoredUpload;
};
export type VideoMailForm = Omit<VideoMailUpload, 'video'>;

const FILE_FIELDS = {
  videoMail: { sniff: sniffVideo, maxBytes: VIDEO_MAIL_MAX_BYTES },
  thumbnail: { sniff: sniffImage, maxBytes: THUMBNAIL_MAX_BYTES },
} as const;

/**
 * Reads the multipart video mail: text fields, and the two files streamed into storage after their
 * first bytes prove what they are. On any failure (bad type, too large, the client going away)
 * whatever was stored is removed before the error goes up.
 */
export async function readVideoMailUpload(
  request: FastifyRequest,
  storage: FileStorage,
): Promise<VideoMailUpload> {
  const { fields, stored } = await readParts(request, storage, ['videoMail', 'thumbnail']);
  return { fields, video: stored.videoMail!, thumbnail: stored.thumbnail! };
}

/** The form of a resumable video mail: its fields and thumbnail; the video comes afterwards. */
export async function readVideoMailForm(
  request: FastifyRequest,
  storage: FileStorage,
): Promise<VideoMailForm> {
  const { fields, stored } = await readParts(request, storage, ['thumbnail']);
  return { fields, thumbnail: stored.thumbnail! };
}

async function readParts(
  request: FastifyRequest,
  storage: FileStorage,
  expected: (keyof typeof FILE_FIELDS)[],
) {
  const fields: Record<string, string> = {};
  const stored: Partial<Record<keyof typeof FILE_FIELDS, StoredUpload>> = {};
  const cleanup = () => Promise.all(Object.values(stored).map((upload) => storage.remove(upload.key)));
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      const rule = FILE_FIELDS[part.fieldname as keyof typeof FILE_FIELDS];
      if (
        !rule ||
        !expected.includes(part.fieldname as keyof typeof FILE_FIELDS) ||
        stored[part.fieldname as keyof typeof FILE_FIELDS]
      ) {
        part.file.resume();
        throw new AppError(400, 'unexpected_file', errorMessages.badRequest);
      }
      const { head, stream } = await peekStream(part.file, 12);
      const type = rule.sniff(head);
      if (!type) {
        part.file.resume();
        throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
      }
      const { key, bytes } = await storage.write(stream, {
        extension: type.extension,
        maxBytes: rule.maxBytes,
      });
      stored[part.fieldname as keyof typeof FILE_FIELDS] = { key, bytes, type };
      if (part.file.truncated) throw new FileTooLargeError(rule.maxBytes);
    }
    if (expected.some((field) => !stored[field])) {
      throw new AppError(400, 'video_required', widgetTexts.videoRequired);
    }
    return { fields, stored };
  } catch (error) {
    await cleanup();
    if (isFileTooLarge(error)) {
      throw new AppError(413, 'payload_too_large', errorMessages.payloadTooLarge);
    }
    throw error;
  }
}
