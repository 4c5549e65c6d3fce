import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Strict CSP: scripts and styles only from our own origin, no inline script anywhere. Framing is
 * limited to our own pages here; the embeddable widget route widens frame-ancestors per company.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(helmet, {
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
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    // Camera, microphone and screen capture only for our own pages (the call widget).
    app.addHook('onSend', async (_request, reply) => {
      reply.header(
        'Permissions-Policy',
        'camera=(self), microphone=(self), display-capture=(self), geolocation=()',
      );
    });
  },
  { name: 'security-headers' },
);
