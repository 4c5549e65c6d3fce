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

/**
 * Turns stored uploads into a video mail in the company's inbox: a WebM becomes seekable (a copy
 * with Duration and Cues replaces the raw upload), the row is saved, the operators are told and the
 * company's inbox gets a notice. On failure every file of it is removed.
 */
export async function submitVideoMail(
  deps: VideoMailDeps,
  company: CompanyContext,
  upload: { fields: Record<string, string>; video: StoredUpload; thumbnail: StoredUpload },
): Promise<number> {
  const { db, storage } = deps;
  const written = [upload.video.key, upload.thumbnail.key];
  try {
    const fields = parseVideoMailFields(upload.fields);
    let video = { key: upload.video.key, bytes: upload.video.bytes, durationMs: null as number | null };
    if (upload.video.type.mime === 'video/webm') {
      const seekable = await storeSeekableWebm(storage, () => storage.read(upload.video.key), {
        allowCut: false,
      });
      if (!seekable) throw new AppError(415, 'unsupported_media_type', errorMessages.unsupportedMediaType);
      written.push(seekable.key);
      await storage.remove(upload.video.key);
      video = { ...seekable, durationMs: Math.round(seekable.durationMs) };
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
      thumbnailMime: upload.thumbnail.type.mime,
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
    return id;
  } catch (error) {
    await Promise.all(written.map((key) => storage.remove(key).catch(() => undefined)));
    throw error;
  }
}
