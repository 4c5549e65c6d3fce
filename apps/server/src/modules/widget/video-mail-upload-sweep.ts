import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../integrations/storage/file-storage';
import { schedulePeriodicJob } from '../../plugins/periodic-job';
import { deleteVideoMailUpload, videoMailUploadsBefore } from './video-mail-upload-queries';

/** An upload not finished this long after it began is abandoned: its bytes and form go. */
export const ABANDONED_UPLOAD_MS = 24 * 60 * 60 * 1000;
/** A process filing a video mail holds it at most this long (see the claim in the queries). */
const FINISHING_MS = 10 * 60_000;

/**
 * Removes resumable video mail uploads begun more than a day ago: the pieces and thumbnail of
 * those never finished, and the rows (without personal data) kept to answer repeated requests of
 * those that were. Every step is harmless to repeat, so processes may run it at the same time.
 */
export async function sweepAbandonedVideoMailUploads(
  { db, storage }: { db: Database; storage: FileStorage },
  now = new Date(),
): Promise<number> {
  let removed = 0;
  for (const row of await videoMailUploadsBefore(db, new Date(now.getTime() - ABANDONED_UPLOAD_MS))) {
    const beingFiled =
      row.status === 'finishing' && row.claimedAt && row.claimedAt.getTime() > now.getTime() - FINISHING_MS;
    if (beingFiled) continue;
    await storage.remove(row.videoKey);
    if (row.thumbnailKey) await storage.remove(row.thumbnailKey);
    await deleteVideoMailUpload(db, row.id);
    removed++;
  }
  return removed;
}

/** The sweep above, hourly from a minute after start. */
export const videoMailUploadSweepPlugin = fp(
  async (app: FastifyInstance) => {
    schedulePeriodicJob(app, {
      name: 'video mail uploads: abandoned sweep',
      metricName: 'video_mail_upload_sweep',
      firstDelayMs: 60_000,
      intervalMs: 60 * 60 * 1000,
      async run() {
        const removed = await sweepAbandonedVideoMailUploads({ db: app.database.db, storage: app.storage });
        if (removed > 0) app.log.info({ removed }, 'video mail uploads: abandoned uploads removed');
      },
    });
  },
  { name: 'video-mail-upload-sweep', dependencies: ['storage'] },
);
