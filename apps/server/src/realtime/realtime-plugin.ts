import type { IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { AppServer } from './call-socket';

/** Frames larger than this are refused before any handler parses them. */
export const MAX_FRAME_BYTES = 64 * 1024;

/**
 * Browsers always send Origin on a websocket upgrade: only our own pages (the site, and the widget
 * iframe, which is served from our origin even when embedded elsewhere) may open one.
 */
export function isAllowedOrigin(request: IncomingMessage, publicBaseUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (origin === new URL(publicBaseUrl).origin) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** The realtime server on the same port as the API; Redis fans events out between processes. */
export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    const io: AppServer = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      maxHttpBufferSize: MAX_FRAME_BYTES,
      allowRequest: (request, callback) => callback(null, isAllowedOrigin(request, app.config.publicBaseUrl)),
    });

    const redisClients: Redis[] = [];
    if (app.config.redisUrl) {
      const publisher = new Redis(app.config.redisUrl);
      const subscriber = publisher.duplicate();
      redisClients.push(publisher, subscriber);
      io.adapter(createAdapter(publisher, subscriber));
    }

    app.decorate('io', io);
    // Closing the engine (not io.close()) leaves the HTTP server for Fastify to close.
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
      io.engine.close();
    });
    app.addHook('onClose', async () => {
      await Promise.all(redisClients.map((client) => client.quit().catch(() => undefined)));
    });
  },
  { name: 'realtime', dependencies: ['app-config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    io: AppServer;
  }
}
