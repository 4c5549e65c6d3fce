import { RETENTION_KINDS, type RetentionKind } from '@seguridad/contracts/http/retention';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../integrations/storage/file-storage';
import { recordAudit } from '../audit/audit-service';
import { deleteExpiredBatch } from './retention-queries';

/** Rows one batch deletes: small enough to hold few locks, large enough to drain a backlog. */
export const RETENTION_BATCH_ROWS = 200;

/** The kinds this job enforces; recordings keep their own job (decision 017), which skips held calls. */
export const SWEPT_KINDS = RETENTION_KINDS.filter(
  (kind): kind is Exclude<RetentionKind, 'call_recordings'> => kind !== 'call_recordings',
);

/** The server's logger, or the operations command's own (decision 041). */
export type RetentionLog = {
  info(details: object, message: string): void;
  error(details: { err: unknown; key: string; kind: RetentionKind }, message: string): void;
};

export type RetentionRun = Partial<Record<RetentionKind, number>>;

/**
 * One retention run at `now` (decision 034): every kind, batch after batch, deletes what is past
 * its company's period, then the files those rows named (through the storage interface, local or
 * S3). A file that cannot be removed is logged; its row is gone, so nothing serves it. Safe on
 * several processes at once: batches pick rows with `skip locked`.
 */
export async function runRetention(
  deps: { db: Database; storage: FileStorage; log: RetentionLog },
  now = new Date(),
  signal?: AbortSignal,
): Promise<RetentionRun> {
  const removed: RetentionRun = {};
  const byCompany = new Map<number, RetentionRun>();
  for (const kind of SWEPT_KINDS) {
    for (;;) {
      if (signal?.aborted) break;
      const batch = await deleteExpiredBatch(deps.db, kind, now, RETENTION_BATCH_ROWS);
      for (const key of batch.fileKeys) {
        await deps.storage.remove(key).catch((error: unknown) => {
          deps.log.error({ err: error, key, kind }, 'retention: a file could not be removed');
        });
      }
      if (batch.rows > 0) removed[kind] = (removed[kind] ?? 0) + batch.rows;
      for (const [companyId, rows] of batch.byCompany) {
        const counts = byCompany.get(companyId) ?? {};
        counts[kind] = (counts[kind] ?? 0) + rows;
        byCompany.set(companyId, counts);
      }
      if (batch.rows < RETENTION_BATCH_ROWS) break;
    }
  }
  if (Object.keys(removed).length > 0) deps.log.info({ removed }, 'retention: expired personal data deleted');
  // Each company's trail says what of its own went; the accounts' kinds are in the log above.
  for (const [companyId, counts] of byCompany) {
    await recordAudit(deps.db, {
      companyId,
      actorUserId: null,
      action: 'retention.run',
      subjectKind: 'company',
      subjectId: companyId,
      details: { removed: counts, at: now.toISOString() },
    });
  }
  return removed;
}
