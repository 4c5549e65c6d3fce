// Fails the build when the website bundle is not the production one (React's development runtime
// ships `jsx-dev-runtime`/`jsxDEV`), e.g. because the shell had NODE_ENV=development.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const assetsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  'apps',
  'web',
  'dist',
  'assets',
);
const markers = ['jsx-dev-runtime', 'jsxDEV(', 'react-dom.development'];
const offenders = readdirSync(assetsDir)
  .filter((name) => name.endsWith('.js'))
  .filter((name) => {
    const text = readFileSync(path.join(assetsDir, name), 'utf8');
    return markers.some((marker) => text.includes(marker));
  });
if (offenders.length > 0) {
  console.error(
    `The website bundle is a development build (${offenders.join(', ')}): build it with NODE_ENV unset or production.`,
  );
  process.exit(1);
}
console.log('Website bundle: production build.');
