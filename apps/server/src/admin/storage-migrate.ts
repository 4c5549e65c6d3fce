import type { AppConfig } from '../config';
import { createLocalFileStorage } from '../integrations/storage/local-file-storage';
import { migrateStorage } from '../integrations/storage/storage-migration';
import { createConfiguredStorage, localUploadsDir } from '../integrations/storage/storage-plugin';

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * `storage:migrate`: copies the files of `DATA_DIR/uploads` into the bucket of `S3_*` under the
 * same keys (docs/operations.md). Ctrl-C stops after the file in progress; running it again goes
 * on from there. Returns the exit code: 0 when every file is in the bucket, verified.
 */
export async function storageMigrateCommand(
  config: Pick<AppConfig, 'storage' | 'dataDir' | 'requestTimeoutMs'>,
  print: (line: string) => void,
  signal?: AbortSignal,
): Promise<number> {
  if (config.storage.engine !== 's3') {
    print('Falta el bucket de destino: defina S3_BUCKET (y S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, …).');
    return 2;
  }
  const source = createLocalFileStorage(localUploadsDir(config.dataDir), {
    maxWriteMs: config.requestTimeoutMs,
  });
  const target = createConfiguredStorage(config);
  print(`Copiando ${localUploadsDir(config.dataDir)} al bucket ${config.storage.bucket}…`);
  const report = await migrateStorage(source, target, {
    ...(signal ? { signal } : {}),
    onObject: (key, outcome) => {
      if (outcome === 'failed') print(`  error: ${key}`);
    },
  });
  const bytes = report.copied.reduce((sum, object) => sum + object.bytes, 0);
  print(`Copiados y verificados: ${report.copied.length} archivos (${megabytes(bytes)}).`);
  print(`Ya estaban en el bucket: ${report.alreadyThere}.`);
  for (const failure of report.failed) print(`No se pudo copiar ${failure.key}: ${failure.reason}`);
  if (report.stopped) print('Interrumpido: vuelva a ejecutar el comando para seguir donde quedó.');
  else if (report.failed.length === 0)
    print('Todo está en el bucket. Los archivos locales no se borraron: hágalo cuando el bucket ya sirva.');
  return report.stopped || report.failed.length > 0 ? 1 : 0;
}
