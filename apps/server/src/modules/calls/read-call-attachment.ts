import type { FastifyRequest } from 'fastify';
import { CALL_ATTACHMENT_MAX_BYTES } from '@seguridad/contracts/http/calls';
import { callTexts, errorMessages } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { FileTooLargeError, isFileTooLarge, type FileStorage } from '../../integrations/storage/file-storage';
import { attachmentDisplayName, declaredMime } from './attachment-content';

export const ATTACHMENT_FIELD = 'attachment';

export type StoredAttachment = { key: string; bytes: number; name: string; mime: string };

/**
 * Streams the one file of a chat attachment upload into storage. Any type is accepted (the type is
 * decided again when the file is served); on any failure whatever was written is removed first.
 */
export async function readCallAttachment(
  request: FastifyRequest,
  storage: FileStorage,
): Promise<StoredAttachment> {
  let stored: StoredAttachment | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') continue;
      if (part.fieldname !== ATTACHMENT_FIELD || stored) {
        part.file.resume();
        throw new AppError(400, 'unexpected_file', errorMessages.badRequest);
      }
      // Generated key, fixed extension: nothing the sender chose reaches the file system.
      const { key, bytes } = await storage.write(part.file, {
        extension: 'bin',
        maxBytes: CALL_ATTACHMENT_MAX_BYTES,
      });
      // Browsers escape a quote in the multipart file name as %22 (HTML's form encoding).
      const name = attachmentDisplayName(part.filename?.replaceAll('%22', '"'));
      stored = { key, bytes, name, mime: declaredMime(part.mimetype) };
      if (part.file.truncated) throw new FileTooLargeError(CALL_ATTACHMENT_MAX_BYTES);
    }
    if (!stored) throw new AppError(400, 'attachment_required', errorMessages.badRequest);
    return stored;
  } catch (error) {
    if (stored) await storage.remove(stored.key);
    if (isFileTooLarge(error)) {
      throw new AppError(413, 'payload_too_large', callTexts.attachmentTooLarge);
    }
    throw error;
  }
}
