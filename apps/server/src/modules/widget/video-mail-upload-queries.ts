import { and, eq, lt, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videoMailUploads } from '../../db/schema';

export type VideoMailUploadRow = typeof videoMailUploads.$inferSelect;

/** How long a `finishing` claim holds: past it, the process that held it is taken to have died. */
const CLAIM_MS = 10 * 60_000;

export async function insertVideoMailUpload(
  db: Database,
  upload: Pick<
    VideoMailUploadRow,
    | 'id'
    | 'companyId'
    | 'fields'
    | 'thumbnailKey'
    | 'thumbnailMime'
    | 'thumbnailBytes'
    | 'videoKey'
    | 'videoBytes'
  >,
): Promise<void> {
  await db.insert(videoMailUploads).values(upload);
}

export async function videoMailUploadById(db: Database, id: string): Promise<VideoMailUploadRow | undefined> {
  const [row] = await db.select().from(videoMailUploads).where(eq(videoMailUploads.id, id));
  return row;
}

/**
 * Takes the upload for turning into a video mail: one process at a time, so a video mail is made
 * once even when the client asks twice (a lost answer) or two processes are asked at once.
 */
export async function claimVideoMailUpload(db: Database, id: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(videoMailUploads)
    .set({ status: 'finishing', claimedAt: now })
    .where(
      and(
        eq(videoMailUploads.id, id),
        or(
          eq(videoMailUploads.status, 'uploading'),
          and(
            eq(videoMailUploads.status, 'finishing'),
            lt(videoMailUploads.claimedAt, new Date(now.getTime() - CLAIM_MS)),
          ),
        ),
      ),
    )
    .returning({ id: videoMailUploads.id });
  return rows.length > 0;
}

/** Gives the claim back after a failure that a retry may get past (storage unreachable). */
export async function releaseVideoMailUpload(db: Database, id: string): Promise<void> {
  await db
    .update(videoMailUploads)
    .set({ status: 'uploading', claimedAt: null })
    .where(and(eq(videoMailUploads.id, id), eq(videoMailUploads.status, 'finishing')));
}

/** The video mail exists: the row keeps only what answers a repeated request, no personal data. */
export async function markVideoMailUploadDone(db: Database, id: string, videoMailId: number): Promise<void> {
  await db
    .update(videoMailUploads)
    .set({
      status: 'done',
      videoMailId,
      fields: {},
      thumbnailKey: null,
      thumbnailMime: null,
      thumbnailBytes: null,
    })
    .where(eq(videoMailUploads.id, id));
}

export async function deleteVideoMailUpload(db: Database, id: string): Promise<void> {
  await db.delete(videoMailUploads).where(eq(videoMailUploads.id, id));
}

/** Uploads started before `cutoff`, finished or not. */
export function videoMailUploadsBefore(db: Database, cutoff: Date): Promise<VideoMailUploadRow[]> {
  return db.select().from(videoMailUploads).where(lt(videoMailUploads.createdAt, cutoff)).limit(500);
}
