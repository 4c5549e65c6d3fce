import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from './file-storage';
import { createLocalFileStorage, sweepOrphanParts } from './local-file-storage';

export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    const rootDir = path.join(app.config.dataDir, 'uploads');
    const removed = await sweepOrphanParts(rootDir, app.config.requestTimeoutMs);
    if (removed.length > 0) app.log.warn({ files: removed.length }, 'removed unfinished uploads');
    app.decorate('storage', createLocalFileStorage(rootDir, { maxWriteMs: app.config.requestTimeoutMs }));
  },
  { name: 'storage', dependencies: ['app-config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}
