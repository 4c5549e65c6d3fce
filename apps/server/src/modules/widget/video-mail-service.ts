import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import { videoMailFieldsSchema } from '@seguridad/contracts/http/widget';
import { errorMessages } from '@seguridad/contracts/messages';
import { operatorEvents } from '@seguridad/contracts/realtime/operator';
import { webPaths } from '@seguridad/contracts/web-paths';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../integrations/storage/file-storage';
import type { SniffedType } from '../../integrations/storage/magic-bytes';
import type { MailSender } from '../../integrations/mail/mail-sender';
import { storeSeekableWebm } from '../../integrations/storage/stored-webm';
import { AppError } from '../../lib/app-error';
import type { CompanyContext } from '../company/company-queries';
import { operatorRoom } from '../operator/operator-access';
import { saveVideoMail } from './widget-queries';
import { newVideoMailMail } from './widget-mails';

export type StoredUpload = { key: string; bytes: number; type: SniffedType };

type VideoMailDeps = {
  db: Database;
  storage: FileStorage;
  io: SocketServer;
  mail: MailSender;
  config: Pick<AppConfig, 'brandName' | 'publicBaseUrl'>;
  log: FastifyBaseLogger;
};

/** The form's fields, checked by the contract's schema; a 400 with its Spanish messages otherwise. */
export function parseVideoMailFields(fields: Record<string, string>) {
  const parsed = videoMailFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    throw new AppError(
      400,
      'validation_failed',
      errorMessages.badRequest,
      parsed.error.issues.map((issue) => issue.message),
    );
  }
  return parsed.data;
}

/** The video as it arrived: one stored object (`key`), or bytes only `open` can read (pieces). */
export type RawVideo = { type: SniffedType; bytes: number; key?: string; open: () => Promise<Readable> };

/**
 * Turns uploads into a video mail in the company's inbox: a WebM becomes seekable (a copy with
 * Duration and Cues, decision 028), any other video is kept as stored (or copied into one object),
 * the row is saved, the operators are told and the company's inbox gets a notice. Returns the
 * video mail and the key of its video. What this made is removed on failure; the raw upload and
 * the thumbnail stay the caller's, to remove or to retry with.
 */
export async function submitVideoMail(
  deps: VideoMailDeps,
  company: CompanyContext,
  upload: { fields: Record<string, string>; video: RawVideo; thumbnail: { key: string; mime: string } },
): Promise<{ id: number; videoKey: string }> {
  const { db, storage } = deps;
  const made: string[] = [];
  try {
    const fields = parseVideoMailFields(upload.fields);
    let video: { key: string; bytes: number; durationMs: number | null };
    if (upload.video.type.mime === 'video/webm') {
      const seekable = await storeSeekableWebm(storage, upload.video.open, { allowCut: false });
      if (!seekable) throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
      made.push(seekable.key);
      video = { ...seekable, durationMs: Math.round(seekable.durationMs) };
    } else if (upload.video.key) {
      video = { key: upload.video.key, bytes: upload.video.bytes, durationMs: null };
    } else {
      const copy = await storage.write(await upload.video.open(), {
        extension: upload.video.type.extension,
        maxBytes: upload.video.bytes,
      });
      made.push(copy.key);
      video = { ...copy, durationMs: null };
    }
    const id = await saveVideoMail(db, {
      companyId: company.id,
      name: fields.name,
      email: fields.email,
      phone: fields.phone_number,
      message: fields.message,
      isDerived: fields.is_derived,
      videoKey: video.key,
      videoMime: upload.video.type.mime,
      videoBytes: video.bytes,
      durationMs: video.durationMs,
      thumbnailKey: upload.thumbnail.key,
      thumbnailMime: upload.thumbnail.mime,
    });
    deps.io.to(operatorRoom(company.id)).emit(operatorEvents.inboxNew, { kind: 'videoMail', id });
    await deps.mail
      .send(
        newVideoMailMail(
          company.inboxEmail,
          deps.config.brandName,
          `${deps.config.publicBaseUrl}${webPaths.operator}`,
          {
            ...fields,
            phone: fields.phone_number,
            isDerived: fields.is_derived,
          },
        ),
      )
      .catch((error: unknown) =>
        deps.log.error({ err: error }, 'video mail notice to the company inbox failed'),
      );
    return { id, videoKey: video.key };
  } catch (error) {
    await Promise.all(made.map((key) => storage.remove(key).catch(() => undefined)));
    throw error;
  }
}
