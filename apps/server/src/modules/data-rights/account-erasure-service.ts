import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../integrations/storage/file-storage';
import { recordAudit } from '../audit/audit-service';
import { eraseAccount, type AccountErasure } from './account-erasure-queries';

/**
 * Deletes an account and erases or anonymises what hangs from it (decision 034); the files of
 * what went are removed once the rows are gone. A file that cannot be removed is logged, not
 * fatal: the row that named it no longer exists, so nothing can serve it.
 */
export async function deleteAccountAndData(
  deps: { db: Database; storage: FileStorage; log: FastifyBaseLogger },
  userId: number,
): Promise<AccountErasure | 'last_admin' | undefined> {
  const erased = await eraseAccount(deps.db, userId);
  if (!erased || erased === 'last_admin') return erased;
  for (const key of erased.fileKeys) {
    await deps.storage.remove(key).catch((error: unknown) => {
      deps.log.error({ err: error, key }, 'account deletion: a file could not be removed');
    });
  }
  const { fileKeys, byCompany, ...counts } = erased;
  deps.log.info({ ...counts, files: fileKeys.length }, 'account deleted with its personal data');
  // Each company whose items went learns how many of each kind, and nothing about the person: an
  // operator who looks for a video mail that was there yesterday finds why it is gone.
  for (const [companyId, removed] of byCompany) {
    await recordAudit(deps.db, {
      companyId,
      actorUserId: null,
      action: 'account.erasure',
      subjectKind: 'company',
      subjectId: companyId,
      details: { removed },
    });
  }
  return erased;
}
