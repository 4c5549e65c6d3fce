/**
 * After `vite build` (client) and `vite build --ssr` (prerender bundle): writes one prerendered
 * HTML file per public route, the app shell for client-only routes, the 404 page, the static PDFs,
 * and brotli/gzip copies of every text file, then removes the prerender bundle.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { build as bundle } from 'esbuild';
import { writeStaticPdfs } from './static-pdfs';

type RouteEntry = {
  path: string;
  module?: string;
  title: string;
  description: string;
  prerender: boolean;
  hydrateOnIntent?: boolean;
  prefill?: string;
};
type ServerEntry = {
  renderPage(url: string): Promise<string>;
  routeTable: RouteEntry[];
  notFoundRoute: RouteEntry;
};
type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Elsewhere than `dist` and `dist-ssr` when both are given (the deploy journey rebuilds into the
// folder its server serves: `vite build --outDir <dir>`, `vite build --ssr … --outDir <ssr dir>`). The
// prerender bundle imports React and the rest from node_modules, so it stays inside apps/web.
const distDir = path.resolve(process.env.WEB_BUILD_OUT_DIR ?? path.join(webRoot, 'dist'));
const ssrDir = path.resolve(process.env.WEB_BUILD_SSR_DIR ?? path.join(webRoot, 'dist-ssr'));

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function readManifest(): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
}

/**
 * What the site's entry (`main.tsx`) brings by itself: its static imports, which Vite already
 * preloads, and its stylesheets (the global styles), dependencies' first as the browser applies them.
 */
function entryAssets(manifest: Record<string, ManifestChunk>) {
  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.includes(chunk.file)) return;
    scripts.push(chunk.file);
    chunk.imports?.forEach(visit);
    chunk.css?.forEach((file) => styles.includes(file) || styles.push(file));
  };
  visit('index.html');
  return { scripts, styles };
}

/** The React app that `main.tsx` loads: the router, the layouts and the providers. */
const appModule = 'src/app/boot.tsx';

/**
 * What a page needs from the build: the styles of the app's layout and of the page (inlined
 * later), and the scripts to preload. A page that hydrates at once preloads the app and its own
 * chunk, so the browser fetches them with the entry, not after; one that hydrates on intent
 * preloads nothing (decision 019).
 */
function preloadsFor(manifest: Record<string, ManifestChunk>, entry: RouteEntry) {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || chunk.isEntry || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  if (!manifest[appModule]) throw new Error(`${appModule} missing from the build manifest`);
  visit(appModule);
  if (entry.module) visit(`src/features/${entry.module}`);
  const fromEntry = entryAssets(manifest);
  return {
    scripts: entry.hydrateOnIntent ? [] : [...scripts].filter((file) => !fromEntry.scripts.includes(file)),
    styles: [...new Set([...fromEntry.styles, ...styles])],
  };
}

function headFor(entry: RouteEntry, preloads: { scripts: string[]; styles: string[] }, siteUrl: string) {
  const lines = [
    `<title>${escapeAttribute(entry.title)}</title>`,
    `<meta name="description" content="${escapeAttribute(entry.description)}" />`,
    `<meta property="og:title" content="${escapeAttribute(entry.title)}" />`,
    `<meta property="og:description" content="${escapeAttribute(entry.description)}" />`,
    '<meta property="og:type" content="website" />',
    '<meta property="og:locale" content="es_CL" />',
    ...preloads.styles.map((file) => `<link rel="stylesheet" href="/${file}" />`),
    ...preloads.scripts.map((file) => `<link rel="modulepreload" href="/${file}" />`),
  ];
  if (siteUrl && entry.path !== '*') lines.push(`<link rel="canonical" href="${siteUrl}${entry.path}" />`);
  return lines.join('\n    ');
}

/** The root element, marked with how the page hydrates and what fills it in first (read by main.tsx). */
function rootFor(entry: RouteEntry): string {
  const hydrate = entry.hydrateOnIntent ? ' data-hydrate="intent"' : '';
  const prefill = entry.prefill ? ` data-prefill="${escapeAttribute(entry.prefill)}"` : '';
  return `<div id="root"${hydrate}${prefill}>`;
}

function outputFileFor(routePath: string): string {
  if (routePath === '*') return path.join(distDir, '404.html');
  if (routePath === '/') return path.join(distDir, 'index.html');
  return path.join(distDir, routePath.slice(1), 'index.html');
}

/**
 * Puts a prerendered page's stylesheets into the page itself, so the first paint waits for no
 * other request. The CSP allows exactly these blocks by hash (no 'unsafe-inline'): the server reads
 * the hashes from `inline-style-hashes.json`.
 */
function inlineStylesheets(html: string): { html: string; hashes: string[] } {
  const hashes: string[] = [];
  const inlined = html.replace(
    /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[^"]+\.css)"\s*\/?>/g,
    (_tag, file: string) => {
      const css = readFileSync(path.join(distDir, file), 'utf8');
      hashes.push(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
      return `<style>${css}</style>`;
    },
  );
  return { html: inlined, hashes };
}

function compressTextFiles(dir: string) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      compressTextFiles(file);
      continue;
    }
    if (!/\.(html|js|css|svg|json|txt|xml|mjs)$/.test(name) || statSync(file).size < 1024) continue;
    const content = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  }
}

async function main() {
  const serverEntryFile = ['entry-server.js', 'entry-server.mjs']
    .map((name) => path.join(ssrDir, name))
    .find((file) => existsSync(file));
  if (!serverEntryFile) throw new Error('prerender bundle missing: run vite build --ssr first');
  const server = (await import(pathToFileURL(serverEntryFile).href)) as ServerEntry;
  const manifest = readManifest();
  // The entry's own stylesheet (the global styles) comes first, then the app's and the page's,
  // in the order the browser applies them after a client-side navigation too.
  let template = readFileSync(path.join(distDir, 'index.html'), 'utf8');
  for (const file of entryAssets(manifest).styles) {
    template = template.replace(
      new RegExp(`\\s*<link rel="stylesheet"(?: crossorigin)? href="/${file}">`),
      '',
    );
  }
  const siteUrl = (process.env.VITE_SITE_URL ?? '').replace(/\/+$/, '');

  const pages = [...server.routeTable.filter((entry) => entry.prerender), server.notFoundRoute];
  const styleHashes: Record<string, string[]> = {};
  for (const entry of pages) {
    const url = entry.path === '*' ? '/pagina-que-no-existe' : entry.path;
    const html = await server.renderPage(url);
    const page = template
      .replace('<!--app-head-->', headFor(entry, preloadsFor(manifest, entry), siteUrl))
      .replace('<div id="root">', rootFor(entry))
      .replace('<!--app-html-->', html);
    const file = outputFileFor(entry.path);
    const inlined = inlineStylesheets(page);
    styleHashes[path.relative(distDir, file)] = inlined.hashes;
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, inlined.html);
  }
  writeFileSync(path.join(distDir, 'inline-style-hashes.json'), JSON.stringify(styleHashes, null, 2));

  // Client-only routes (settings, the two-step login…) render in the browser from an empty shell.
  const home = server.routeTable[0]!;
  // The app and its styles load with the entry, not after it (no route's chunk: the shell serves many).
  const app = preloadsFor(manifest, { ...home, module: undefined, hydrateOnIntent: false });
  const shell = template
    .replace('<!--app-head-->', headFor({ ...home, title: home.title }, app, ''))
    .replace('<!--app-html-->', '');
  writeFileSync(path.join(distDir, 'spa.html'), shell);

  // The widget's frame is an entry of its own (decision 019), served at its route like a page.
  const widget = server.routeTable.find((entry) => entry.path === '/widget');
  if (!widget) throw new Error('the route table has no /widget');
  const widgetHtml = path.join(distDir, 'widget.html');
  const widgetPage = readFileSync(widgetHtml, 'utf8').replace(
    '<!--app-head-->',
    headFor(widget, { scripts: [], styles: [] }, ''),
  );
  mkdirSync(path.dirname(outputFileFor(widget.path)), { recursive: true });
  writeFileSync(outputFileFor(widget.path), widgetPage);
  rmSync(widgetHtml);

  // The embed loader: one small file other sites include with a script tag.
  await bundle({
    entryPoints: [path.join(webRoot, 'widget-loader', 'widget-loader.ts')],
    outfile: path.join(distDir, 'widget.js'),
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    legalComments: 'none',
    logLevel: 'warning',
  });
  await writeStaticPdfs(distDir);
  compressTextFiles(distDir);
  rmSync(ssrDir, { recursive: true, force: true });
  console.log(`prerendered ${pages.length} pages, wrote the app shell, PDFs and compressed copies`);
}

await main();
