import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { webPaths } from '@seguridad/contracts/web-paths';

const HTML_CACHE = 'no-cache';
const HASHED_ASSET_CACHE = 'public, max-age=31536000, immutable';
const OTHER_FILE_CACHE = 'public, max-age=3600';

/** The prerendered page of a route when the build made one, else the app shell that renders it. */
function htmlFileFor(distDir: string, routePath: string): string {
  const prerendered = routePath === '/' ? 'index.html' : `${routePath.slice(1)}/index.html`;
  return existsSync(path.join(distDir, prerendered)) ? prerendered : 'spa.html';
}

type HtmlPage = { identity: Buffer; br: Buffer | undefined; gzip: Buffer | undefined };

/** Pages are a few kilobytes each: kept in memory with the compressed copies the build wrote. */
function loadPage(distDir: string, file: string): HtmlPage {
  const full = path.join(distDir, file);
  const optional = (suffix: string) => (existsSync(full + suffix) ? readFileSync(full + suffix) : undefined);
  return { identity: readFileSync(full), br: optional('.br'), gzip: optional('.gz') };
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: HtmlPage, statusCode = 200) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply
    .code(statusCode)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', HTML_CACHE)
    .header('Vary', 'Accept-Encoding');
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
        if (relative.endsWith('.html')) reply.header('Cache-Control', HTML_CACHE);
        else if (relative.startsWith(`assets${path.sep}`)) reply.header('Cache-Control', HASHED_ASSET_CACHE);
        else reply.header('Cache-Control', OTHER_FILE_CACHE);
      },
    });

    for (const routePath of new Set(Object.values(webPaths))) {
      const page = loadPage(distDir, htmlFileFor(distDir, routePath));
      app.get(routePath, { schema: { hide: true } }, (request, reply) => sendPage(request, reply, page));
    }

    const notFoundPage = loadPage(distDir, '404.html');
    app.decorate('sendWebNotFound', (request: FastifyRequest, reply: FastifyReply) =>
      sendPage(request, reply, notFoundPage, 404),
    );
  },
  { name: 'web', dependencies: ['app-config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    sendWebNotFound?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply;
  }
}
