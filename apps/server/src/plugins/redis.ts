import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';

export type RedisConnections = {
  /** Shared by every command user: rate limits, attempt counters, the Socket.IO publisher. */
  client: Redis;
  /** A new connection on the same server for a subscriber (which cannot run other commands). */
  duplicate(): Redis;
};

/**
 * The one place that opens Redis connections, and closes them all with the app. Without
 * `REDIS_URL`, `app.redis` is undefined and every user falls back to this process's memory.
 */
export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    const url = app.config.redisUrl;
    if (!url) {
      app.decorate('redis', undefined);
      return;
    }
    const client = new Redis(url, { connectTimeout: 2_000, maxRetriesPerRequest: 1 });
    const duplicates: Redis[] = [];
    app.decorate('redis', {
      client,
      duplicate() {
        const connection = client.duplicate();
        duplicates.push(connection);
        return connection;
      },
    });
    app.addHook('onClose', async () => {
      await Promise.all(
        [...duplicates, client].map((connection) => connection.quit().catch(() => connection.disconnect())),
      );
    });
  },
  { name: 'redis', dependencies: ['app-config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    redis: RedisConnections | undefined;
  }
}
