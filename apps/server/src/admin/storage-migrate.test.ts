import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createLocalFileStorage } from '../integrations/storage/local-file-storage';
import { createConfiguredStorage, localUploadsDir } from '../integrations/storage/storage-plugin';
import { startS3StandIn, type S3StandIn } from '../testing/s3-stand-in';
import { storageMigrateCommand } from './storage-migrate';

describe('storage:migrate', () => {
  let dataDir: string;
  let s3: S3StandIn;
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'seguridad-migrate-'));
    s3 = await startS3StandIn();
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('asks for the bucket when none is configured', async () => {
    const lines: string[] = [];
    expect(await storageMigrateCommand(loadConfig({ DATA_DIR: dataDir }), (line) => lines.push(line))).toBe(
      2,
    );
    expect(lines.join('\n')).toMatch(/S3_BUCKET/);
  });

  it('moves the local files into the configured bucket and says what it moved', async () => {
    const local = createLocalFileStorage(localUploadsDir(dataDir), { maxWriteMs: 30_000 });
    const { key } = await local.write(Readable.from([Buffer.from('video')]), {
      extension: 'webm',
      maxBytes: 10,
    });
    const config = loadConfig({ DATA_DIR: dataDir, ...s3.env });
    const lines: string[] = [];
    expect(await storageMigrateCommand(config, (line) => lines.push(line))).toBe(0);
    expect(lines).toContain('Copiados y verificados: 1 archivos (0.0 MB).');
    expect(await createConfiguredStorage(config).size(key)).toBe(5);
    lines.length = 0;
    expect(await storageMigrateCommand(config, (line) => lines.push(line))).toBe(0);
    expect(lines).toContain('Ya estaban en el bucket: 1.');
  });
});
