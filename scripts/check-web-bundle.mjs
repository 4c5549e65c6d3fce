// Fails the build when the website bundle is not the production one (React's development runtime
// ships `jsx-dev-runtime`/`jsxDEV`), e.g. because the shell had NODE_ENV=development, or when a page
// loads more script than its budget before anyone interacts with it (decision 019).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'dist');
const assetsDir = path.join(distDir, 'assets');

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

/**
 * Budgets in brotli bytes (quality 11, as `npm run bench` measures): the landing page's script
 * before any interaction, and what the widget's frame loads until it is ready (script and styles).
 */
const budgets = { landingJs: 60 * 1024, widgetUntilReady: 80 * 1024 };

const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8'));
const chunkByFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
const brotli = (file) =>
  brotliCompressSync(readFileSync(path.join(distDir, file)), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;

/** The scripts and styles a page's HTML makes the browser load, with every static import. */
function initialAssets(htmlFile) {
  const html = readFileSync(path.join(distDir, htmlFile), 'utf8');
  const scripts = new Set();
  const styles = new Set();
  for (const match of html.matchAll(/<script[^>]+src="\/([^"]+)"/g)) scripts.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+)"/g))
    scripts.add(match[1]);
  for (const match of html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+)"/g)) styles.add(match[1]);
  const pending = [...scripts];
  while (pending.length > 0) {
    const chunk = chunkByFile.get(pending.pop());
    chunk?.css?.forEach((file) => styles.add(file));
    for (const key of chunk?.imports ?? []) {
      const file = manifest[key]?.file;
      if (file && !scripts.has(file)) {
        scripts.add(file);
        pending.push(file);
      }
    }
  }
  return { scripts: [...scripts], styles: [...styles] };
}

const sum = (files) => files.reduce((total, file) => total + brotli(file), 0);
const landing = initialAssets('index.html');
const widget = initialAssets(path.join('widget', 'index.html'));
const figures = [
  {
    name: 'landing page script before any interaction',
    bytes: sum(landing.scripts),
    budget: budgets.landingJs,
  },
  {
    name: 'widget frame until ready (script and styles)',
    bytes: sum(widget.scripts) + sum(widget.styles),
    budget: budgets.widgetUntilReady,
  },
];
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
let over = false;
for (const { name, bytes, budget } of figures) {
  console.log(`Website bundle: ${name}: ${kb(bytes)} brotli (budget ${kb(budget)}).`);
  if (bytes > budget) over = true;
}
if (over) {
  console.error('The website bundle is over budget: see decision 019 for what loads when.');
  process.exit(1);
}
