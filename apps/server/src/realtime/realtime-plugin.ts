import type { IncomingMessage } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Server } from 'socket.io';
import type { AppServer } from './call-socket';
import { clientAddressKey } from '../lib/client-address';

/** Frames larger than this are refused before any handler parses them. */
export const MAX_FRAME_BYTES = 64 * 1024;

/** The scheme the browser used: TLS on this socket, or as a trusted proxy says. */
function requestScheme(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-proto'];
  if (trustProxy && typeof forwarded === 'string' && forwarded) return forwarded.split(',')[0]!.trim();
  return (request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
}

/** The client's address, as Fastify sees it with the same proxy setting. */
export function clientAddress(request: IncomingMessage, trustProxy: boolean): string {
  const forwarded = request.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string' && forwarded) return forwarded.split(',')[0]!.trim();
  return request.socket.remoteAddress ?? '';
}

/**
 * Browsers always send Origin on a websocket upgrade: only our own pages (the site, and the widget
 * iframe, which is served from our origin even when embedded elsewhere) may open one. The whole
 * origin counts, scheme included: `http://` pages of our host are not ours when we serve HTTPS.
 */
export function isAllowedOrigin(
  request: IncomingMessage,
  publicBaseUrl: string,
  trustProxy = false,
): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (origin === new URL(publicBaseUrl).origin) return true;
  try {
    const own = new URL(`${requestScheme(request, trustProxy)}://${request.headers.host ?? ''}`).origin;
    return new URL(origin).origin === own;
  } catch {
    return false;
  }
}

/**
 * The prefix of the Redis adapter's channels. Redis keeps keys per database number but pub/sub
 * channels are shared by the whole server: deployments on different database numbers of one Redis
 * (`redis://host:6379/5`) would otherwise hear each other's rooms and answer each other's
 * fetchSockets. Database 0 keeps Socket.IO's default name.
 */
export function adapterChannelKey(redisUrl: string): string {
  const database = Number(new URL(redisUrl).pathname.slice(1) || '0');
  return Number.isInteger(database) && database > 0 ? `socket.io-db${database}` : 'socket.io';
}

/** The realtime server on the same port as the API; Redis fans events out between processes. */
export const realtimePlugin = fp(
  async (app: FastifyInstance) => {
    const io: AppServer = new Server(app.server, {
      path: '/socket.io',
      serveClient: false,
      maxHttpBufferSize: MAX_FRAME_BYTES,
      allowRequest: (request, callback) => {
        const { publicBaseUrl, trustProxy, socketsPerIpMax } = app.config;
        if (!isAllowedOrigin(request, publicBaseUrl, trustProxy))
          return callback('origin not allowed', false);
        const address = clientAddressKey(clientAddress(request, trustProxy));
        if ((socketsByAddress.get(address) ?? 0) >= socketsPerIpMax) {
          return callback('too many connections', false);
        }
        callback(null, true);
      },
    });

    // Open connections per client on this process (its address key: an IPv6 /56 as one; a cap per
    // process, not per cluster).
    const socketsByAddress = new Map<string, number>();
    io.engine.on(
      'connection',
      (socket: { request: IncomingMessage; once(event: 'close', listener: () => void): void }) => {
        const address = clientAddressKey(clientAddress(socket.request, app.config.trustProxy));
        socketsByAddress.set(address, (socketsByAddress.get(address) ?? 0) + 1);
        socket.once('close', () => {
          const left = (socketsByAddress.get(address) ?? 1) - 1;
          if (left > 0) socketsByAddress.set(address, left);
          else socketsByAddress.delete(address);
        });
      },
    );

    if (app.redis && app.config.redisUrl) {
      const key = adapterChannelKey(app.config.redisUrl);
      const subscriber = app.redis.duplicate();
      io.adapter(createAdapter(app.redis.client, subscriber, { key }));
      // The adapter subscribes without waiting. Commands on one connection are answered in order,
      // so once this PING is answered Redis holds the subscriptions: from the moment this process
      // is ready it hears every other one (a cache drop, a call event), none is lost to a race.
      await subscriber.ping();
    }

    // Another process asks how many sockets of a room this one holds (see roomSize).
    io.on('roomSize', (room, callback) => callback(io.of('/').adapter.rooms.get(room)?.size ?? 0));
    app.decorate('io', io);
    app.decorate('roomSize', async (room: string) => {
      const local = io.of('/').adapter.rooms.get(room)?.size ?? 0;
      if (!app.redis) return local;
      try {
        // Waits for every other process, up to the adapter's request timeout (5 s).
        const remote = await io.serverSideEmitWithAck('roomSize', room);
        return remote.reduce((sum: number, size: number) => sum + (Number.isFinite(size) ? size : 0), local);
      } catch {
        // A process that does not answer in time (dying, or older code): the slow, sure way.
        return (await io.in(room).fetchSockets()).length;
      }
    });
    // The signed-in users with a socket in a room, on this process (see roomUserIds).
    const localRoomUsers = (room: string) => {
      const ids = new Set<number>();
      for (const socketId of io.of('/').adapter.rooms.get(room) ?? []) {
        const userId = io.of('/').sockets.get(socketId)?.data.user?.id;
        if (userId !== undefined) ids.add(userId);
      }
      return ids;
    };
    io.on('roomUsers', (room, callback) => callback([...localRoomUsers(room)]));
    app.decorate('roomUserIds', async (room: string) => {
      const ids = localRoomUsers(room);
      if (!app.redis) return ids;
      try {
        const remote = await io.serverSideEmitWithAck('roomUsers', room);
        for (const list of remote as unknown[]) {
          if (Array.isArray(list)) for (const id of list) if (Number.isInteger(id)) ids.add(id as number);
        }
        return ids;
      } catch {
        const sockets = await io.in(room).fetchSockets();
        return new Set(sockets.flatMap((socket) => (socket.data.user ? [socket.data.user.id] : [])));
      }
    });
    // Closing the engine (not io.close()) leaves the HTTP server for Fastify to close.
    app.addHook('preClose', async () => {
      io.local.disconnectSockets(true);
      io.engine.close();
    });
  },
  { name: 'realtime', dependencies: ['app-config', 'redis'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    io: AppServer;
    /** Sockets in `room` on every process, counted without fetching them. */
    roomSize: (room: string) => Promise<number>;
    /** The signed-in users with a socket in `room`, on every process (only ids cross processes). */
    roomUserIds: (room: string) => Promise<Set<number>>;
  }
}
