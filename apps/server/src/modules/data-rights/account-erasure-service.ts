import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { FileStorage } from '../../integrations/storage/file-storage';
import { eraseAccount, type AccountErasure } from './account-erasure-queries';

/**
 * Deletes an account and erases or anonymises what hangs from it (decision 034); the files of
 * what went are removed once the rows are gone. A file that cannot be removed is logged, not
 * fatal: the row that named it no longer exists, so nothing can serve it.
 */
export async function deleteAccountAndData(
  deps: { db: Database; storage: FileStorage; log: FastifyBaseLogger },
  userId: number,
): Promise<AccountErasure | undefined> {
  const erased = await eraseAccount(deps.db, userId);
  if (!erased) return undefined;
  for (const key of erased.fileKeys) {
    await deps.storage.remove(key).catch((error: unknown) => {
      deps.log.error({ err: error, key }, 'account deletion: a file could not be removed');
    });
  }
  const { fileKeys, ...counts } = erased;
  deps.log.info({ ...counts, files: fileKeys.length }, 'account deleted with its personal data');
  return erased;
}
