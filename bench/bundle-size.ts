import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { repoRoot } from './lib/server-process';

type Sizes = { files: string[]; raw: number; gzip: number; brotli: number };

const distDir = path.join(repoRoot, 'apps/web/dist');

function measure(files: string[]): Sizes {
  const sizes = { files, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const content = readFileSync(path.join(distDir, file));
    sizes.raw += content.length;
    sizes.gzip += gzipSync(content, { level: 9 }).length;
    sizes.brotli += brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length;
  }
  return sizes;
}

/** What a prerendered page makes the browser fetch before anything is clicked: scripts and styles. */
export function pageAssets(htmlFile: string): { js: Sizes; css: Sizes } {
  const html = readFileSync(path.join(distDir, htmlFile), 'utf8');
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; css?: string[] }
  >;
  const js = new Set<string>();
  const css = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="\/([^"]+)"/g)) js.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g)) js.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)) css.add(match[1]!);
  // Static imports of any loaded chunk load too (Vite adds them as modulepreload or imports).
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const pending = [...js];
  while (pending.length > 0) {
    const chunk = byFile.get(pending.pop()!);
    for (const key of chunk?.imports ?? []) {
      const imported = manifest[key];
      if (imported && !js.has(imported.file)) {
        js.add(imported.file);
        pending.push(imported.file);
      }
    }
    chunk?.css?.forEach((file) => css.add(file));
  }
  return { js: measure([...js]), css: measure([...css]) };
}
