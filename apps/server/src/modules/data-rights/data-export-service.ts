import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import { dataExportReadme } from '@seguridad/contracts/messages/data-export';
import type { Database } from '../../db/client';
import type { MailSender } from '../../integrations/mail/mail-sender';
import type { FileStorage } from '../../integrations/storage/file-storage';
import { userInfoOf } from '../identity/user-queries';
import { accountDataOf, type ExportFile } from './account-data-queries';
import {
  claimNextExport,
  deleteExpiredExports,
  markExportFailed,
  markExportReady,
} from './data-export-queries';
import { dataExportReadyMail } from './data-request-mails';

/** The largest ZIP kept (its size is stored as a 4-byte integer); past it the build fails. */
export const DATA_EXPORT_MAX_BYTES = 2_000_000_000;
/** Expired exports one sweep deletes per batch. */
const EXPIRY_BATCH = 100;

export type ExportDeps = {
  db: Database;
  storage: FileStorage;
  mail: MailSender;
  log: FastifyBaseLogger;
  config: { brandName: string; publicBaseUrl: string };
};

const chileTime = (date: Date) =>
  new Intl.DateTimeFormat('es-CL', {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: 'America/Santiago',
  }).format(date);

/**
 * Streams the account's ZIP into storage: `LEAME.txt`, `datos.json`, then each file read through
 * the storage interface (local disk or S3) one at a time, so neither a file nor the ZIP is held in
 * memory. A file whose object is gone (retention removed it meanwhile) is listed as missing
 * instead of failing the whole export.
 */
export async function writeAccountZip(
  deps: Pick<ExportDeps, 'db' | 'storage' | 'config'>,
  userId: number,
  now: Date,
): Promise<{ key: string; bytes: number } | undefined> {
  const account = await accountDataOf(deps.db, userId);
  if (!account) return undefined;
  const present: ExportFile[] = [];
  const missing: string[] = [];
  for (const file of account.files) {
    if ((await deps.storage.size(file.key)) === undefined) missing.push(file.path);
    else present.push(file);
  }
  const zip = new yazl.ZipFile();
  const options = { mtime: now };
  zip.addBuffer(
    Buffer.from(dataExportReadme({ brandName: deps.config.brandName, generatedAt: chileTime(now) }), 'utf8'),
    'LEAME.txt',
    options,
  );
  const document = { generado_el: now.toISOString(), ...account.data, archivos_no_disponibles: missing };
  zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2), 'utf8'), 'datos.json', options);
  for (const file of present) {
    // Video and images are compressed already: storing them saves the CPU for nothing lost.
    zip.addReadStreamLazy(file.path, { ...options, compress: false }, (callback) => {
      deps.storage.read(file.key).then(
        (stream: Readable) => callback(null, stream),
        (error: unknown) => callback(error as Error, undefined as unknown as Readable),
      );
    });
  }
  zip.end();
  return deps.storage.write(zip.outputStream as Readable, {
    extension: 'zip',
    maxBytes: DATA_EXPORT_MAX_BYTES,
  });
}

/**
 * One run of the export job at `now` (decision 040): builds every export waiting, one at a time,
 * mails each citizen, then deletes the expired ones (file after row). Safe on several processes:
 * exports and expired rows are picked `skip locked`.
 */
export async function runDataExports(
  deps: ExportDeps,
  now = new Date(),
  signal?: AbortSignal,
): Promise<number> {
  let built = 0;
  for (;;) {
    if (signal?.aborted) break;
    const next = await claimNextExport(deps.db, now);
    if (!next) break;
    try {
      const file = await writeAccountZip(deps, next.userId, now);
      const ready = file ? await markExportReady(deps.db, next.id, file, now) : undefined;
      if (!ready) {
        // The account (and so its export row) went while the ZIP was being written.
        if (file) await deps.storage.remove(file.key);
        continue;
      }
      built += 1;
      const user = await userInfoOf(deps.db, next.userId);
      if (user && ready.expiresAt)
        await deps.mail.send(
          dataExportReadyMail(
            {
              brandName: deps.config.brandName,
              publicBaseUrl: deps.config.publicBaseUrl,
              name: user.profile.name,
              email: user.email,
            },
            ready.expiresAt,
          ),
        );
    } catch (error) {
      deps.log.error({ err: error, exportId: next.id }, 'data export: build failed');
      await markExportFailed(deps.db, next.id, now);
    }
  }
  for (;;) {
    const keys = await deleteExpiredExports(deps.db, now, EXPIRY_BATCH);
    for (const key of keys) {
      await deps.storage.remove(key).catch((error: unknown) => {
        deps.log.error({ err: error, key }, 'data export: an expired file could not be removed');
      });
    }
    if (keys.length < EXPIRY_BATCH) break;
  }
  return built;
}
