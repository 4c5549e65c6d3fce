import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** Nobody but the server's own account reads or writes what it creates (0700 folders, 0600 files). */
const PRIVATE_UMASK = 0o077;

/**
 * Makes the data directory private to the server's account: the embedded database's files hold
 * password hashes and live reset, recovery and invitation links, and uploads hold citizens' videos.
 * From now on everything the process creates is private (umask), and whatever an earlier install
 * left readable by others is tightened. Returns how many entries were tightened, for the log.
 */
export function protectDataDir(dataDir: string): number {
  process.umask(PRIVATE_UMASK);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  let tightened = 0;
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) {
      chmodSync(entry, stats.isDirectory() ? 0o700 : stats.mode & 0o700);
      tightened += 1;
    }
    if (stats.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(dataDir);
  return tightened;
}
