import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { WIDGET_QUERY } from '@seguridad/contracts/embed-bridge';
import { SITE_COMPANY_KEY_META } from '@seguridad/contracts/site-config';
import { servedWebPaths, webPaths } from '@seguridad/contracts/web-paths';
import { cspAllowingFrameAncestors, cspAllowingStyleHashes } from '../../plugins/security-headers';
import { defaultCompanyKey } from '../company/company-queries';
import { keepBuildAssets, keptFilesRoot } from './kept-assets';

const HTML_CACHE = 'no-cache';
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
const OTHER_FILE_CACHE = 'public, max-age=3600';
/** The site's company key is read again after this long: a rotated key reaches pages within it. */
const SITE_KEY_TTL_MS = 5_000;

/** The prerendered page of a route when the build made one, else the app shell that renders it. */
function htmlFileFor(distDir: string, routePath: string): string {
  const prerendered = routePath === '/' ? 'index.html' : `${routePath.slice(1)}/index.html`;
  return existsSync(path.join(distDir, prerendered)) ? prerendered : 'spa.html';
}

type HtmlPage = {
  identity: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  csp: string | undefined;
};

/** Hashes of the stylesheets the build inlined into each prerendered page (see postbuild.ts). */
function readInlineStyleHashes(distDir: string): Record<string, string[]> {
  const file = path.join(distDir, 'inline-style-hashes.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>) : {};
}

/** Pages are a few kilobytes each: kept in memory with the compressed copies the build wrote. */
function loadPage(
  distDir: string,
  file: string,
  baseCsp: string,
  styleHashes: Record<string, string[]>,
): HtmlPage {
  const full = path.join(distDir, file);
  const optional = (suffix: string) => (existsSync(full + suffix) ? readFileSync(full + suffix) : undefined);
  const hashes = styleHashes[file] ?? [];
  const csp = hashes.length > 0 ? cspAllowingStyleHashes(baseCsp, hashes) : undefined;
  return { identity: readFileSync(full), br: optional('.br'), gzip: optional('.gz'), csp };
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The page with the site's company key in its head (decision 055), compressed again as the build
 * would. Made once per page and key: keys change rarely.
 */
function withCompanyKey(page: HtmlPage, key: string): HtmlPage {
  const meta = `<meta name="${SITE_COMPANY_KEY_META}" content="${escapeAttribute(key)}" />`;
  const html = page.identity.toString('utf8');
  const at = html.indexOf('<head>');
  if (at === -1) return page;
  const identity = Buffer.from(html.slice(0, at + 6) + meta + html.slice(at + 6));
  return {
    ...page,
    identity,
    br: page.br && brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: page.gzip && gzipSync(identity, { level: 9 }),
  };
}

/** A page that carries the current site key, remade when the key changes. */
function keyedPage(page: HtmlPage, siteKey: () => Promise<string | undefined>) {
  let made: { key: string; page: HtmlPage } | undefined;
  return async (): Promise<HtmlPage> => {
    const key = await siteKey();
    if (!key) return page;
    if (made?.key !== key) made = { key, page: withCompanyKey(page, key) };
    return made.page;
  };
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: HtmlPage, statusCode = 200) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .code(statusCode)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', HTML_CACHE)
    .header('Vary', 'Accept-Encoding');
  if (page.csp) reply.header('content-security-policy', page.csp);
  if (page.br && /\bbr\b/.test(accepted)) return reply.header('Content-Encoding', 'br').send(page.br);
  if (page.gzip && /\bgzip\b/.test(accepted)) return reply.header('Content-Encoding', 'gzip').send(page.gzip);
  return reply.send(page.identity);
}

/**
 * Serves the built website: hashed assets for a year, pages revalidated on every visit, brotli or
 * gzip files made at build time. Known routes get their page; anything else a real 404 page.
 */
export const webRoutes = fp(
  async (app: FastifyInstance) => {
    const distDir = app.config.webDistDir;
    if (!existsSync(path.join(distDir, 'spa.html'))) {
      app.log.warn({ distDir }, 'the website is not built: run `npm run build` to serve it');
      return;
    }

    // The current build's hashed files are copied aside, and those of builds replaced long enough
    // ago removed; the kept ones are a second root behind the build (decision 055).
    const kept = app.config.webAssetsKept;
    const keptRoot = keptFilesRoot(kept.dir);
    try {
      const result = await keepBuildAssets({ distDir, keptDir: kept.dir, keepDays: kept.days });
      app.log.info({ ...result, keptDir: kept.dir }, 'web assets of earlier builds kept');
    } catch (error) {
      // Serving the current build matters more than keeping the previous one.
      app.log.error({ err: error, keptDir: kept.dir }, 'web assets of earlier builds could not be kept');
    }
    const roots = existsSync(keptRoot) ? [distDir, keptRoot] : [distDir];

    await app.register(fastifyStatic, {
      root: roots,
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const fromRoot = roots.find((root) => !path.relative(root, filePath).startsWith('..')) ?? distDir;
        const relative = path.relative(fromRoot, filePath).replace(/\.(br|gz)$/, '');
        // Other sites include the embed loader with a script tag: it must be loadable cross-origin.
        if (relative === 'widget.js') reply.header('Cross-Origin-Resource-Policy', 'cross-origin');
        if (relative.endsWith('.html')) reply.header('Cache-Control', HTML_CACHE);
        else if (relative.startsWith(`assets${path.sep}`)) reply.header('Cache-Control', HASHED_ASSET_CACHE);
        else reply.header('Cache-Control', OTHER_FILE_CACHE);
      },
    });

    const baseCsp = app.securityHeaders['content-security-policy'] ?? '';
    const styleHashes = readInlineStyleHashes(distDir);
    const pageFor = (file: string) => loadPage(distDir, file, baseCsp, styleHashes);
    // The website's own drawer asks on behalf of the default company, whose key is read here at
    // run time rather than baked into the build (decision 055).
    let siteKey: { value: string | undefined; expiresAt: number } | undefined;
    const currentSiteKey = async () => {
      if (!siteKey || siteKey.expiresAt <= Date.now()) {
        siteKey = {
          value: await defaultCompanyKey(app.database.db),
          expiresAt: Date.now() + SITE_KEY_TTL_MS,
        };
      }
      return siteKey.value;
    };
    for (const routePath of new Set(servedWebPaths)) {
      if (routePath === webPaths.widget) continue;
      const page = keyedPage(pageFor(htmlFileFor(distDir, routePath)), currentSiteKey);
      app.get(routePath, { schema: { hide: true } }, async (request, reply) =>
        sendPage(request, reply, await page()),
      );
    }

    // The widget iframe may be framed by the pages its company allows, and by no one else.
    const widgetPage = pageFor(htmlFileFor(distDir, webPaths.widget));
    app.get(
      webPaths.widget,
      {
        schema: {
          hide: true,
          querystring: z.object({ [WIDGET_QUERY.companyKey]: z.string().max(200).optional() }).passthrough(),
        },
      },
      async (request, reply) => {
        const key = (request.query as Record<string, string | undefined>)[WIDGET_QUERY.companyKey];
        const company = key ? await app.companyByKeyFrom(key, request) : null;
        const csp = app.securityHeaders['content-security-policy'] ?? '';
        reply.header(
          'content-security-policy',
          cspAllowingFrameAncestors(csp, company?.allowedOrigins ?? []),
        );
        reply.removeHeader('x-frame-options');
        return sendPage(request, reply, widgetPage);
      },
    );

    const notFoundPage = keyedPage(pageFor('404.html'), currentSiteKey);
    app.decorate('sendWebNotFound', async (request: FastifyRequest, reply: FastifyReply) =>
      sendPage(request, reply, await notFoundPage(), 404),
    );
  },
  { name: 'web', dependencies: ['app-config', 'security-headers'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    sendWebNotFound?: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  }
}
