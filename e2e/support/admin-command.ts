import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `npm run admin -- …` against the journeys' running server (through its admin socket). */
export async function adminCommand(dataDir: string, args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(repoRoot, 'apps/server/scripts/admin.mjs'), ...args],
    {
      cwd: repoRoot,
      // The journeys' server is on PGlite: a DATABASE_URL from CI would send the command elsewhere.
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
      encoding: 'utf8',
      timeout: 60_000,
    },
  );
  return stdout;
}
