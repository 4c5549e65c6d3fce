import { RECORDING_MAX_BYTES } from '@seguridad/contracts/http/recordings';
import { recordingTexts } from '@seguridad/contracts/messages';
import { Readable } from 'node:stream';
import { RECORDING_CHUNK_MAX_BYTES } from '@seguridad/contracts/http/recordings';
import type { FileStorage } from '../../integrations/storage/file-storage';
import { storeSeekableWebm } from '../../integrations/storage/stored-webm';
import { AppError } from '../../lib/app-error';
import type { CallRow } from '../calls/call-access';
import {
  claimChunk,
  deleteRecordingRows,
  expiredRecordings,
  insertRecording,
  markRecordingReady,
  openRecordingIdsOf,
  recordingById,
  releaseChunk,
  type RecordingRow,
} from './recording-queries';
import type { Deps } from '../../lib/dependencies';

/**
 * Appends and finalisation of one recording run one at a time in this process, so a chunk is never
 * half written while the recording is rewritten. Across processes, each chunk is a piece of its own
 * in storage, the database hands out each sequence number once, and only one finalisation can mark
 * the recording ready (decision 029).
 */
const recordingLocks = new Map<number, Promise<unknown>>();
function withRecordingLock<Result>(id: number, work: () => Promise<Result>): Promise<Result> {
  const previous = recordingLocks.get(id) ?? Promise.resolve();
  const next = previous.then(work, work);
  const settled = next.catch(() => undefined);
  recordingLocks.set(id, settled);
  void settled.then(() => {
    if (recordingLocks.get(id) === settled) recordingLocks.delete(id);
  });
  return next;
}

/**
 * Opens a recording of an active call for its operator. A recording the call still had open (the
 * console was reloaded and lost its recorder) is finalised first: one open recording per call.
 */
export async function startCallRecording(
  app: Deps<'database' | 'log' | 'storage'>,
  call: CallRow,
  operatorId: number,
): Promise<RecordingRow> {
  await finaliseCallRecordings(app, call.id);
  const storageKey = app.storage.newKey('webm');
  return insertRecording(app.database.db, {
    callId: call.id,
    companyId: call.companyId,
    operatorId,
    storageKey,
  });
}

/**
 * Appends chunk `seq`. Refuses (409) a chunk that is not the next one expected — a duplicate or
 * one ahead of a missing one — and (413) one that would take the recording past its maximum.
 */
export function appendRecordingChunk(
  app: Deps<'database' | 'storage'>,
  recording: RecordingRow,
  seq: number,
  body: Buffer,
): Promise<number> {
  const db = app.database.db;
  return withRecordingLock(recording.id, async () => {
    const next = await claimChunk(db, recording.id, seq, body.length, RECORDING_MAX_BYTES);
    if (next === undefined) {
      const current = await recordingById(db, recording.id);
      if (!current || current.status !== 'recording')
        throw new AppError(409, 'recording_finished', recordingTexts.recordingNotFound);
      if (seq < current.nextSeq) throw new AppError(409, 'chunk_duplicate', recordingTexts.chunkOutOfOrder);
      if (seq > current.nextSeq)
        throw new AppError(409, 'chunk_out_of_order', recordingTexts.chunkOutOfOrder);
      throw new AppError(413, 'recording_too_large', recordingTexts.recordingTooLarge);
    }
    try {
      await app.storage.putPiece(recording.storageKey, seq, Readable.from([body]), {
        maxBytes: RECORDING_CHUNK_MAX_BYTES,
      });
    } catch (error) {
      await releaseChunk(db, recording.id, seq, body.length);
      throw error;
    }
    return next;
  });
}

/** How long finalising waits for a chunk another process has taken but not yet stored. */
const PIECE_WAIT_MS = 5_000;

async function storedPieces(storage: FileStorage, key: string, expected: number) {
  const deadline = Date.now() + PIECE_WAIT_MS;
  for (;;) {
    const pieces = await storage.pieces(key);
    if (pieces.length >= expected || Date.now() > deadline) return pieces;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Closes a recording: its chunks so far become one seekable WebM (Duration, SeekHead and Cues)
 * under a new key, and the chunks go. A recording without any chunk is deleted. Bytes that do not
 * parse (a crash inside the first chunk) are kept as they are, without a duration. Returns the row
 * as it ends up, or undefined.
 */
export function finaliseRecording(
  app: Deps<'database' | 'log' | 'storage'>,
  id: number,
): Promise<RecordingRow | undefined> {
  const db = app.database.db;
  const storage = app.storage;
  return withRecordingLock(id, async () => {
    const recording = await recordingById(db, id);
    if (!recording || recording.status !== 'recording') return recording;
    if (recording.nextSeq === 0) {
      await deleteRecordingRows(db, [id]);
      await storage.remove(recording.storageKey);
      return undefined;
    }
    const pieces = await storedPieces(storage, recording.storageKey, recording.nextSeq);
    // A recording begun before chunks were stored as pieces was appended to one file at its key.
    const open = () =>
      pieces.length > 0 ? storage.readPieces(recording.storageKey) : storage.read(recording.storageKey);
    const seekable = await storeSeekableWebm(storage, open, { allowCut: true });
    if (!seekable) app.log.warn({ recording: id }, 'recording: not a parseable WebM, kept without duration');
    const stored =
      seekable ?? (await storage.write(await open(), { extension: 'webm', maxBytes: RECORDING_MAX_BYTES }));
    const result = {
      storageKey: stored.key,
      durationMs: seekable ? Math.round(seekable.durationMs) : null,
      bytes: stored.bytes,
    };
    if (!(await markRecordingReady(db, id, result))) {
      // Another process finalised it first; its file stands.
      await storage.remove(stored.key);
      return recordingById(db, id);
    }
    await storage.remove(recording.storageKey);
    return { ...recording, status: 'ready' as const, ...result };
  });
}

/** Finalises every recording the call still has open (it ended, or a new one starts). */
export async function finaliseCallRecordings(
  app: Deps<'database' | 'log' | 'storage'>,
  callId: number,
): Promise<void> {
  for (const id of await openRecordingIdsOf(app.database.db, callId)) await finaliseRecording(app, id);
}

/** Deletes the recordings (files and rows) past their company's retention at `now`. */
export async function sweepExpiredRecordings(
  app: Deps<'database' | 'storage'>,
  now = new Date(),
): Promise<number> {
  const expired = await expiredRecordings(app.database.db, now);
  for (const recording of expired) await app.storage.remove(recording.storageKey);
  await deleteRecordingRows(
    app.database.db,
    expired.map((recording) => recording.id),
  );
  return expired.length;
}
