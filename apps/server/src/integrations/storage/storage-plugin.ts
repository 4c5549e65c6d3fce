import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../../config';
import { countedStorage } from './counted-storage';
import type { FileStorage } from './file-storage';
import { createLocalFileStorage, sweepOrphanParts } from './local-file-storage';
import { createS3FileStorage } from './s3-file-storage';

/** The storage the configuration names: the local folder by default, or the bucket of `S3_*`. */
export function createConfiguredStorage(
  config: Pick<AppConfig, 'storage' | 'dataDir' | 'requestTimeoutMs'>,
): FileStorage {
  const options = { maxWriteMs: config.requestTimeoutMs };
  if (config.storage.engine === 's3') return createS3FileStorage(config.storage, options);
  return createLocalFileStorage(localUploadsDir(config.dataDir), options);
}

export function localUploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export const storagePlugin = fp(
  async (app: FastifyInstance) => {
    if (app.config.storage.engine === 'local') {
      const removed = await sweepOrphanParts(
        localUploadsDir(app.config.dataDir),
        app.config.requestTimeoutMs,
      );
      if (removed.length > 0) app.log.warn({ files: removed.length }, 'removed unfinished uploads');
    }
    const storage = countedStorage(createConfiguredStorage(app.config), app.metrics);
    app.decorate('storage', storage);
    // `preClose` runs before the server stops waiting for requests: uploads still coming in are cut
    // here, their partial files removed, rather than left for a later start's sweep.
    app.addHook('preClose', () => storage.abortWrites());
  },
  { name: 'storage', dependencies: ['app-config', 'metrics'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}
