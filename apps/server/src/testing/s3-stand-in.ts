import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export type S3StandIn = {
  endpoint: string;
  bucket: string;
  /** The variables that point the server at this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
};

/**
 * A local S3-compatible server (s3rver) on a free port of the loopback, keeping its objects in a
 * temporary folder that goes when it closes. Tests talk to it with the real AWS SDK client.
 */
export async function startS3StandIn(bucket = 'seguridad-test'): Promise<S3StandIn> {
  const directory = mkdtempSync(path.join(tmpdir(), 'seguridad-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
