import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { WIDGET_QUERY } from '@seguridad/contracts/embed-bridge';
import { servedWebPaths, webPaths } from '@seguridad/contracts/web-paths';
import { cspAllowingFrameAncestors, cspAllowingStyleHashes } from '../../plugins/security-headers';

const HTML_CACHE = 'no-cache';
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
const OTHER_FILE_CACHE = 'public, max-age=3600';

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

    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: true,
      preCompressed: true,
      setHeaders(reply, filePath) {
        const relative = path.relative(distDir, filePath).replace(/\.(br|gz)$/, '');
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
    for (const routePath of new Set(servedWebPaths)) {
      if (routePath === webPaths.widget) continue;
      const page = pageFor(htmlFileFor(distDir, routePath));
      app.get(routePath, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, page));
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

    const notFoundPage = pageFor('404.html');
    app.decorate('sendWebNotFound', (request: FastifyRequest, reply: FastifyReply) =>
      sendPage(request, reply, notFoundPage, 404),
    );
  },
  { name: 'web', dependencies: ['app-config', 'security-headers'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    sendWebNotFound?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}
