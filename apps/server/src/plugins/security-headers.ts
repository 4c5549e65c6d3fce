import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { API_DOCS_PATH, API_PREFIX } from '@seguridad/contracts/http/api-route';

/**
 * Strict CSP: scripts and styles only from our own origin, no inline script anywhere. Framing is
 * limited to our own pages here; the embeddable widget route widens frame-ancestors per company.
 */
const helmetOptions: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      mediaSrc: ["'self'", 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      frameSrc: ["'self'"],
      workerSrc: ["'self'", 'blob:'],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
};

/**
 * Helmet decides the header values; we ask it once at start and apply the result to every reply.
 * Running helmet's middleware per request halved the API's throughput (docs/decisions/003-security-headers-once.md).
 */
export function computeSecurityHeaders(options: HelmetOptions = helmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  const request = { headers: {} } as IncomingMessage;
  let failure: unknown;
  helmet(options)(request, response, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  // Camera, microphone and screen capture only for our own pages (the call widget).
  headers['permissions-policy'] = 'camera=(self), microphone=(self), display-capture=(self), geolocation=()';
  return headers;
}

const HSTS = 'strict-transport-security';

/**
 * What an API answer (JSON, or a file the API streams) needs: it is never a page that runs script
 * or asks for the camera, so the page policy's source lists, Permissions-Policy, COOP and the
 * legacy browser switches mean nothing on it. What does: no sniffing, no cross-origin reads, no
 * framing by others, and a CSP that lets nothing run if a browser ever renders one as a document
 * (an image or video the API streams, opened in a tab, still shows: img-src and media-src 'self').
 * A tenth of the page set's bytes; sent on every API reply (bench/measurements/hot-path/020-api-hot-path.md).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'content-security-policy': "default-src 'none'; img-src 'self'; media-src 'self'; frame-ancestors 'self'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
});

/** API routes get the API set; everything else (pages, assets, the API's own docs page) the page set. */
export function usesApiHeaders(url: string): boolean {
  return url.startsWith(API_PREFIX) && !url.startsWith(API_DOCS_PATH);
}

export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    const headers = computeSecurityHeaders();
    // HSTS means something only over HTTPS (browsers ignore it on plain HTTP, and a plain-HTTP
    // answer claiming it misleads scanners): sent when the request came in over TLS, as seen
    // directly or through a trusted proxy's X-Forwarded-Proto.
    const { [HSTS]: hsts, ...pageHeaders } = headers;
    app.decorate('securityHeaders', headers);
    app.addHook('onRequest', (request, reply, done) => {
      // A raw URL that reaches an API route another way (`/%61pi/…`) gets the page set: more, not less.
      reply.headers(usesApiHeaders(request.url) ? API_SECURITY_HEADERS : pageHeaders);
      if (hsts && request.protocol === 'https') reply.header(HSTS, hsts);
      done();
    });
  },
  { name: 'security-headers' },
);

/** The page's CSP with `frame-ancestors` widened to the given origins (the embeddable widget). */
export function cspAllowingFrameAncestors(csp: string, origins: string[]): string {
  const sources = ["'self'", ...origins].join(' ');
  return csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${sources}`);
}

/** The page's CSP with `style-src` also allowing the given inline blocks, by their hashes. */
export function cspAllowingStyleHashes(csp: string, hashes: string[]): string {
  return csp.replace(/style-src [^;]*/, (directive) => `${directive} ${hashes.join(' ')}`);
}

declare module 'fastify' {
  interface FastifyInstance {
    securityHeaders: Readonly<Record<string, string>>;
  }
}
