import { and, count, desc, eq } from 'drizzle-orm';
import { callVideosApi, type CallVideo } from '@seguridad/contracts/http/call-videos';
import type { Database } from '../../db/client';
import { callVideoPlays, callVideos } from '../../db/schema';
import { signPath } from '../../lib/signed-urls';

export const callVideoMediaPath = (id: number, file: 'video' | 'captions') =>
  callVideosApi.media.path({ id, file });

/** Pushed videos are short: their URLs live as long as a call might, not a day. */
export const CALL_VIDEO_URL_TTL_MS = 2 * 60 * 60 * 1000;

type CallVideoRow = typeof callVideos.$inferSelect;

function toCallVideo(row: CallVideoRow, mediaUrlSecret: string): CallVideo {
  return {
    id: row.id,
    title: row.title,
    mime: row.mime,
    bytes: row.bytes,
    has_captions: row.captionsKey !== null,
    created_at: row.createdAt.toISOString(),
    video_url: signPath(mediaUrlSecret, callVideoMediaPath(row.id, 'video'), CALL_VIDEO_URL_TTL_MS),
  };
}

export async function companyCallVideos(db: Database, companyId: number, mediaUrlSecret: string) {
  const rows = await db
    .select()
    .from(callVideos)
    .where(eq(callVideos.companyId, companyId))
    .orderBy(desc(callVideos.id));
  return rows.map((row) => toCallVideo(row, mediaUrlSecret));
}

export async function countCompanyCallVideos(db: Database, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(callVideos)
    .where(eq(callVideos.companyId, companyId));
  return row?.total ?? 0;
}

export async function insertCallVideo(
  db: Database,
  values: Omit<typeof callVideos.$inferInsert, 'id' | 'createdAt'>,
  mediaUrlSecret: string,
): Promise<CallVideo> {
  const [row] = await db.insert(callVideos).values(values).returning();
  return toCallVideo(row!, mediaUrlSecret);
}

/** A video of this company, or undefined (another company's id is as unknown as a missing one). */
export async function companyCallVideo(db: Database, companyId: number, id: number) {
  const [row] = await db
    .select()
    .from(callVideos)
    .where(and(eq(callVideos.id, id), eq(callVideos.companyId, companyId)));
  return row;
}

export async function callVideoById(db: Database, id: number) {
  const [row] = await db.select().from(callVideos).where(eq(callVideos.id, id));
  return row;
}

export async function deleteCallVideo(db: Database, companyId: number, id: number) {
  const [row] = await db
    .delete(callVideos)
    .where(and(eq(callVideos.id, id), eq(callVideos.companyId, companyId)))
    .returning();
  return row;
}

/** What plays in a call now, with the video; undefined when nothing does. */
export async function currentVideoPlay(db: Database, callId: number) {
  const [row] = await db
    .select({ startedAt: callVideoPlays.startedAt, video: callVideos })
    .from(callVideoPlays)
    .innerJoin(callVideos, eq(callVideos.id, callVideoPlays.videoId))
    .where(eq(callVideoPlays.callId, callId));
  return row;
}

/** Starts (or restarts from the beginning) a video in a call. */
export async function startVideoPlay(db: Database, callId: number, videoId: number): Promise<Date> {
  const startedAt = new Date();
  await db
    .insert(callVideoPlays)
    .values({ callId, videoId, startedAt })
    .onConflictDoUpdate({ target: callVideoPlays.callId, set: { videoId, startedAt } });
  return startedAt;
}

export async function stopVideoPlay(db: Database, callId: number): Promise<void> {
  await db.delete(callVideoPlays).where(eq(callVideoPlays.callId, callId));
}
