import path from 'node:path';
import { loadConfig } from '../config';
import { copyMedia, type CopyReport } from '../media/copy-media';
import { createLocalFolderStore } from '../media/local-folder-store';
import { s3SettingsFromEnv } from '../media/media-config';
import { createS3BucketStore } from '../media/s3-bucket-store';

type Env = Record<string, string | undefined>;

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.ceil(bytes / 1024).toLocaleString('es-ES')} KB`
    : `${(bytes / 1024 / 1024).toLocaleString('es-ES', { maximumFractionDigits: 1 })} MB`;

/**
 * npm run media:to-s3
 * Copies the uploads under DATA_DIR/media to the bucket of the S3_* variables
 * (docs/decisions/018), skipping keys the bucket already holds with the same
 * size, so it can be run again after a failure or just before switching. The
 * local files stay where they are: the site keeps serving them until it starts
 * with MEDIA_STORAGE=s3, and they are the copy to fall back on.
 */
export async function moveMediaToS3(env: Env = process.env, print: (line: string) => void = console.info): Promise<CopyReport> {
  const { dataDir } = loadConfig(env);
  const local = createLocalFolderStore(path.join(dataDir, 'media'));
  const bucket = createS3BucketStore(s3SettingsFromEnv(env));
  try {
    print(`Copiando los archivos de ${local.location} a ${bucket.location} ...`);
    const report = await copyMedia(local, bucket);
    print(
      `Copiados: ${report.copied} (${sizeOf(report.bytes)}); ya estaban en el bucket con el mismo tamaño: ${report.skipped}; ` +
        `en total: ${report.copied + report.skipped}.`,
    );
    print(
      `Los archivos locales siguen en ${local.location}: no se ha borrado ninguno. Bórrelos cuando el sitio sirva las imágenes desde el bucket.`,
    );
    if (env.MEDIA_STORAGE?.trim() !== 's3')
      print('Para servirlas desde el bucket, arranque el servidor con MEDIA_STORAGE=s3 y estas mismas variables S3_*.');
    return report;
  } finally {
    await bucket.close();
  }
}

if (require.main === module) {
  moveMediaToS3().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
