import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import {
  RECORDING_RETENTION_DEFAULT_DAYS,
  recordingsApi,
  type CallRecording,
} from '@seguridad/contracts/http/recordings';
import type { Database } from '../../db/client';
import { callRecordings, recordingSettings, videoCalls } from '../../db/schema';
import { signPath } from '../../lib/signed-urls';

export type RecordingRow = typeof callRecordings.$inferSelect;

/** How many recordings the console lists (the latest of the company). */
const LISTED_RECORDINGS = 50;
/** The console's player gets a URL that lasts this long. */
export const RECORDING_URL_TTL_MS = 2 * 60 * 60 * 1000;

export const recordingMediaPath = (id: number) => recordingsApi.media.path({ id });

export async function recordingById(db: Database, id: number): Promise<RecordingRow | undefined> {
  const [row] = await db.select().from(callRecordings).where(eq(callRecordings.id, id));
  return row;
}

/** The call's recording still taking chunks, if any (at most one). */
export async function openRecordingOf(db: Database, callId: number): Promise<RecordingRow | undefined> {
  const [row] = await db
    .select()
    .from(callRecordings)
    .where(and(eq(callRecordings.callId, callId), eq(callRecordings.status, 'recording')))
    .orderBy(desc(callRecordings.id))
    .limit(1);
  return row;
}

export async function openRecordingIdsOf(db: Database, callId: number): Promise<number[]> {
  const rows = await db
    .select({ id: callRecordings.id })
    .from(callRecordings)
    .where(and(eq(callRecordings.callId, callId), eq(callRecordings.status, 'recording')));
  return rows.map((row) => row.id);
}

export async function insertRecording(
  db: Database,
  values: { callId: number; companyId: number; operatorId: number; storageKey: string },
): Promise<RecordingRow> {
  const [row] = await db.insert(callRecordings).values(values).returning();
  return row!;
}

/**
 * Takes chunk `seq` of an open recording: only if it is the one expected next and the recording
 * stays under `maxBytes`. One conditional statement, so two uploads of the same chunk cannot
 * both be taken. Returns the new expected sequence number, or undefined when refused.
 */
export async function claimChunk(
  db: Database,
  id: number,
  seq: number,
  bytes: number,
  maxBytes: number,
): Promise<number | undefined> {
  const [row] = await db
    .update(callRecordings)
    .set({ nextSeq: sql`${callRecordings.nextSeq} + 1`, bytes: sql`${callRecordings.bytes} + ${bytes}` })
    .where(
      and(
        eq(callRecordings.id, id),
        eq(callRecordings.status, 'recording'),
        eq(callRecordings.nextSeq, seq),
        sql`${callRecordings.bytes} + ${bytes} <= ${maxBytes}`,
      ),
    )
    .returning({ nextSeq: callRecordings.nextSeq });
  return row?.nextSeq;
}

/** Gives a claimed chunk back when writing it failed, so the client's retry is taken. */
export async function releaseChunk(db: Database, id: number, seq: number, bytes: number): Promise<void> {
  await db
    .update(callRecordings)
    .set({ nextSeq: seq, bytes: sql`${callRecordings.bytes} - ${bytes}` })
    .where(and(eq(callRecordings.id, id), eq(callRecordings.nextSeq, seq + 1)));
}

/** Closes an open recording; false when it was not open any more (finalised elsewhere). */
export async function markRecordingReady(
  db: Database,
  id: number,
  result: { storageKey: string; durationMs: number | null; bytes: number },
): Promise<boolean> {
  const rows = await db
    .update(callRecordings)
    .set({
      status: 'ready',
      storageKey: result.storageKey,
      durationMs: result.durationMs,
      bytes: result.bytes,
      finishedAt: new Date(),
    })
    .where(and(eq(callRecordings.id, id), eq(callRecordings.status, 'recording')))
    .returning({ id: callRecordings.id });
  return rows.length > 0;
}

export async function deleteRecordingRows(db: Database, ids: number[]): Promise<void> {
  if (ids.length > 0) await db.delete(callRecordings).where(inArray(callRecordings.id, ids));
}

function toCallRecording(row: RecordingRow, secret: string, viewerId: number): CallRecording {
  return {
    id: row.id,
    call_id: row.callId,
    status: row.status,
    duration_ms: row.durationMs,
    bytes: row.bytes,
    chunks: row.nextSeq,
    created_at: row.createdAt.toISOString(),
    video_url:
      row.status === 'ready'
        ? signPath(secret, recordingMediaPath(row.id), RECORDING_URL_TTL_MS, undefined, viewerId)
        : null,
  };
}

/**
 * The company's latest recordings, newest first, with signed URLs for the finished ones that name
 * `viewerId`, so fetching one is that person's opening (decision 042).
 */
export async function companyRecordings(
  db: Database,
  companyId: number,
  secret: string,
  viewerId: number,
  /** Only this operator's recordings (an operator sees their own calls; decision 033). */
  operatorId?: number,
) {
  const rows = await db
    .select()
    .from(callRecordings)
    .where(
      operatorId === undefined
        ? eq(callRecordings.companyId, companyId)
        : and(eq(callRecordings.companyId, companyId), eq(callRecordings.operatorId, operatorId)),
    )
    .orderBy(desc(callRecordings.id))
    .limit(LISTED_RECORDINGS);
  return rows.map((row) => toCallRecording(row, secret, viewerId));
}

export async function retentionDaysOf(db: Database, companyId: number): Promise<number> {
  const [row] = await db
    .select({ days: recordingSettings.retentionDays })
    .from(recordingSettings)
    .where(eq(recordingSettings.companyId, companyId));
  return row?.days ?? RECORDING_RETENTION_DEFAULT_DAYS;
}

export async function setRetentionDays(db: Database, companyId: number, days: number): Promise<void> {
  await db
    .insert(recordingSettings)
    .values({ companyId, retentionDays: days })
    .onConflictDoUpdate({ target: recordingSettings.companyId, set: { retentionDays: days } });
}

/**
 * Finished recordings older than their company's retention at `now` (the default for companies
 * that never set one). Open ones are left alone: their call is still going on.
 */
export async function expiredRecordings(db: Database, now: Date) {
  const days = sql`coalesce(${recordingSettings.retentionDays}, ${RECORDING_RETENTION_DEFAULT_DAYS})`;
  return db
    .select({ id: callRecordings.id, storageKey: callRecordings.storageKey })
    .from(callRecordings)
    .leftJoin(recordingSettings, eq(recordingSettings.companyId, callRecordings.companyId))
    .where(
      and(
        eq(callRecordings.status, 'ready'),
        // A call under a legal hold keeps its recordings (decision 034).
        sql`not exists (select 1 from ${videoCalls} where ${videoCalls.id} = ${callRecordings.callId} and ${videoCalls.holdReason} is not null)`,
        lt(callRecordings.createdAt, sql`${now.toISOString()}::timestamptz - make_interval(days => ${days})`),
      ),
    );
}
