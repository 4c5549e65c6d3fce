import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The hashed files (`assets/*`) of earlier builds, kept after a deploy replaced them (decision
 * 055). A page opened before a deploy still asks for its build's chunks (a drawer panel, the
 * Reportes charts); the server answers them from here while they are kept.
 *
 *   <keptDir>/kept.json              { files: { "assets/x-1a2b.js": { replacedAt: null | ISO } } }
 *   <keptDir>/files/assets/x-1a2b.js  a copy, served like the current build's (the second root)
 *
 * At every start the current build's files are copied in (those already there are left alone)
 * and marked current; files no longer in the build are marked replaced at that start, and removed
 * at the first start `keepDays` after it. So a replaced file is kept at least `keepDays`.
 */
type KeptManifest = { files: Record<string, { replacedAt: string | null }> };

const MANIFEST = 'kept.json';

/** The folder served as a second root, behind the current build. */
export function keptFilesRoot(keptDir: string): string {
  return path.join(keptDir, 'files');
}

/** Every file under `dir`, as paths relative to `base` with forward slashes. */
async function filesUnder(dir: string, base: string): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true, recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.isFile() && !entry.name.includes('.tmp-'))
    .map((entry) => path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

async function readManifest(keptDir: string): Promise<KeptManifest> {
  try {
    const parsed = JSON.parse(await readFile(path.join(keptDir, MANIFEST), 'utf8')) as Partial<KeptManifest>;
    return { files: parsed.files ?? {} };
  } catch {
    // Missing or cut short: the files on disk are listed again below.
    return { files: {} };
  }
}

/** Written beside its final name, then renamed: processes starting together never see half a file. */
async function writeAtomically(target: string, write: (temporary: string) => Promise<void>) {
  const temporary = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  try {
    await write(temporary);
    await rename(temporary, target);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

export type KeptAssetsResult = { current: number; added: number; kept: number; removed: number };

export async function keepBuildAssets({
  distDir,
  keptDir,
  keepDays,
  now = new Date(),
}: {
  distDir: string;
  keptDir: string;
  keepDays: number;
  now?: Date;
}): Promise<KeptAssetsResult> {
  const root = keptFilesRoot(keptDir);
  const current = await filesUnder(path.join(distDir, 'assets'), distDir);
  const onDisk = new Set(await filesUnder(path.join(root, 'assets'), root));
  const manifest = await readManifest(keptDir);
  const result: KeptAssetsResult = { current: current.length, added: 0, kept: 0, removed: 0 };

  for (const file of current) {
    if (!onDisk.has(file)) {
      const target = path.join(root, file);
      await mkdir(path.dirname(target), { recursive: true });
      await writeAtomically(target, (temporary) => copyFile(path.join(distDir, file), temporary));
      result.added += 1;
    }
    manifest.files[file] = { replacedAt: null };
  }

  const currentSet = new Set(current);
  const cutoff = now.getTime() - keepDays * 24 * 60 * 60 * 1000;
  for (const file of new Set([...onDisk, ...Object.keys(manifest.files)])) {
    if (currentSet.has(file)) continue;
    const replacedAt = manifest.files[file]?.replacedAt ?? null;
    if (replacedAt === null) {
      manifest.files[file] = { replacedAt: now.toISOString() };
    } else if (Date.parse(replacedAt) <= cutoff) {
      await rm(path.join(root, file), { force: true });
      delete manifest.files[file];
      result.removed += 1;
      continue;
    }
    if (onDisk.has(file)) result.kept += 1;
    else delete manifest.files[file];
  }

  await mkdir(keptDir, { recursive: true });
  await writeAtomically(path.join(keptDir, MANIFEST), (temporary) =>
    writeFile(temporary, JSON.stringify(manifest, null, 1)),
  );
  return result;
}
