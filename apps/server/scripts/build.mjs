// Bundles the server into dist/: `server-main.js` (the server) and `main.js`, the entry, which loads
// it only after a start-up step (src/main.ts). Workspace packages (the contracts, shipped as
// TypeScript) are bundled in; every npm dependency stays external and is loaded from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@seguridad/'));

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
};

await build({
  ...common,
  entryPoints: [new URL('../src/server-main.ts', import.meta.url).pathname],
  outfile: new URL('../dist/server-main.js', import.meta.url).pathname,
  external: external.flatMap((name) => [name, `${name}/*`]),
});
await build({
  ...common,
  entryPoints: [new URL('../src/main.ts', import.meta.url).pathname],
  outfile: new URL('../dist/main.js', import.meta.url).pathname,
  external: ['./server-main.js'],
});
