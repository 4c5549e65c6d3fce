import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { transform } from 'esbuild';

const run = promisify(execFile);

/**
 * A TypeScript module of ours as plain JavaScript in a directory of its own, for a fresh Node
 * process to import as the built entry imports it. `remove` deletes the directory.
 */
export async function moduleForChildNode(sourceFile: URL): Promise<{ url: string; remove: () => void }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'child-node-'));
  const { code } = await transform(readFileSync(sourceFile, 'utf8'), { loader: 'ts', format: 'esm' });
  const file = path.join(directory, `${path.basename(sourceFile.pathname, '.ts')}.mjs`);
  writeFileSync(file, code);
  return { url: pathToFileURL(file).href, remove: () => rmSync(directory, { recursive: true, force: true }) };
}

/** Runs an ES module script in a fresh Node process with the given V8 flags; its standard output. */
export async function runInChildNode(flags: string[], script: string): Promise<string> {
  const { stdout } = await run(process.execPath, [...flags, '--input-type=module', '-e', script], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}
