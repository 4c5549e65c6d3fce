import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileStorage } from './file-storage';
import { createLocalFileStorage } from './local-file-storage';

export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('storage', createLocalFileStorage(path.join(app.config.dataDir, 'uploads')));
  },
  { name: 'storage', dependencies: ['app-config'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}
