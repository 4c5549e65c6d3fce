import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { AVATAR_MAX_BYTES } from '@seguridad/contracts/constants';
import { errorMessages, settingsTexts } from '@seguridad/contracts/messages';
import { AppError } from '../../lib/app-error';
import { FileTooLargeError, isFileTooLarge, type FileStorage } from '../../integrations/storage/file-storage';
import { peekStream, readCapped } from '../../integrations/storage/peek-stream';
import { sniffImage, type SniffedType } from '../../integrations/storage/magic-bytes';
import { avatarOf, replaceAvatar } from './avatar-queries';
import { AVATAR_STORED_TYPE, reencodeAvatar } from './avatar-image';
import type { Deps } from '../../lib/dependencies';

export type StoredAvatar = { key: string; bytes: number; type: SniffedType };
export type ProfileUpload = { fields: Record<string, string>; avatar: StoredAvatar | undefined };

/** Enough bytes to tell JPEG, PNG and WebP apart. */
const SNIFF_BYTES = 16;

/**
 * Reads `user/update`'s multipart form: its text fields, and the optional `avatar` streamed into
 * storage once its first bytes prove it a JPEG, PNG or WebP (an SVG or a page renamed .jpg is
 * refused whatever its name or declared type says) and it decodes: what is stored is its pixels,
 * encoded anew (`reencodeAvatar`), never the uploaded bytes. Whatever was stored is removed on failure.
 */
export async function readProfileUpload(
  request: FastifyRequest,
  storage: FileStorage,
): Promise<ProfileUpload> {
  const fields: Record<string, string> = {};
  let avatar: StoredAvatar | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !(part.fieldname in fields))
          fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'avatar' || avatar) {
        part.file.resume();
        throw new AppError(400, 'unexpected_file', errorMessages.badRequest);
      }
      const { head, stream } = await peekStream(part.file, SNIFF_BYTES);
      // A file input left empty still sends a part, with no name and no bytes: no new avatar.
      if (head.length === 0 && part.filename === '') continue;
      const type = sniffImage(head);
      if (!type) {
        stream.resume();
        throw new AppError(415, 'unsupported_media_type', settingsTexts.avatarWrongType);
      }
      const original = await readCapped(stream, AVATAR_MAX_BYTES);
      if (part.file.truncated) throw new FileTooLargeError(AVATAR_MAX_BYTES);
      const pixels = await reencodeAvatar(original);
      if (!pixels) throw new AppError(415, 'unsupported_media_type', settingsTexts.avatarWrongType);
      const { key, bytes } = await storage.write(Readable.from([pixels]), {
        extension: AVATAR_STORED_TYPE.extension,
        maxBytes: AVATAR_MAX_BYTES,
      });
      avatar = { key, bytes, type: AVATAR_STORED_TYPE };
      if (part.file.truncated) throw new FileTooLargeError(AVATAR_MAX_BYTES);
    }
    return { fields, avatar };
  } catch (error) {
    if (avatar) await storage.remove(avatar.key);
    if (isFileTooLarge(error)) {
      throw new AppError(413, 'payload_too_large', settingsTexts.avatarTooLarge);
    }
    throw error;
  }
}

/** Makes a stored upload the account's avatar under a new random token; the old file goes. */
export async function saveAvatar(
  app: Deps<'database' | 'storage'>,
  userId: number,
  avatar: StoredAvatar,
): Promise<void> {
  const replaced = await replaceAvatar(app.database.db, {
    userId,
    token: randomBytes(16).toString('base64url'),
    storageKey: avatar.key,
    mime: avatar.type.mime,
    bytes: avatar.bytes,
  });
  if (replaced) await app.storage.remove(replaced).catch(() => undefined);
}

/** Removes the account's avatar file (before the account itself goes; the row goes by cascade). */
export async function removeAvatarFile(app: Deps<'database' | 'storage'>, userId: number): Promise<void> {
  const avatar = await avatarOf(app.database.db, userId);
  if (avatar) await app.storage.remove(avatar.storageKey).catch(() => undefined);
}
