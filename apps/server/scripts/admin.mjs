// `npm run admin -- <verb> …` (docs/operations.md): bundles the operations command from the
// sources (so it always matches them, built or not) and runs it with the same arguments.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@seguridad/'));
const outfile = new URL('../dist/admin.js', import.meta.url);

await build({
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  entryPoints: [new URL('../src/admin/admin-main.ts', import.meta.url).pathname],
  outfile: outfile.pathname,
  external: external.flatMap((name) => [name, `${name}/*`]),
});
await import(outfile.href);
