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
import { storePlayableVideo } from '../../integrations/storage/playable-video';
import { AppError } from '../../lib/app-error';
import type { CompanyContext } from '../company/company-queries';
import { operatorRoom } from '../../lib/socket-rooms';
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
 * Turns uploads into a video mail in the company's inbox: the video becomes one that plays and
 * seeks (a WebM gets Duration and Cues, an MP4 its index in front; decisions 028 and 029),
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
    // Whichever browser recorded it, the operator gets a file that plays and seeks (decision 028).
    const playable = await storePlayableVideo(storage, { ...upload.video, mime: upload.video.type.mime });
    if (!playable) throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
    if (playable.made) made.push(playable.key);
    const video = {
      key: playable.key,
      bytes: playable.bytes,
      durationMs: playable.durationMs === null ? null : Math.round(playable.durationMs),
    };
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
