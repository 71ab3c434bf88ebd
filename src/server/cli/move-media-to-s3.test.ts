import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_VARIANT_WIDTHS } from '@/domain/limits';
import { startS3Emulator, type S3Emulator } from '../../../test/helpers/s3-emulator';
import { createMediaStorage } from '../media/media-storage';
import { moveMediaToS3 } from './move-media-to-s3';

let emulator: S3Emulator;
let dataDir: string;
beforeAll(async () => {
  emulator = await startS3Emulator();
});
afterAll(async () => emulator.close());
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'media-to-s3-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs the command as `npm run media:to-s3` would, with this environment; answers what it printed. */
async function run(env: Record<string, string>) {
  const printed: string[] = [];
  const report = await moveMediaToS3({ DATA_DIR: dataDir, SECRET_KEY: 'secreto', ...env }, (line) => printed.push(line));
  return { report, printed: printed.join('\n') };
}

const localFiles = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? localFiles(path.join(dir, entry.name)).map((f) => `${entry.name}/${f}`) : [entry.name]))
    .sort();

describe('npm run media:to-s3', () => {
  it('copies the local uploads to the bucket once, leaves them in place, and says so', async () => {
    const local = createMediaStorage(path.join(dataDir, 'media'));
    const first = await local.storeImage(
      await sharp({ create: { width: 800, height: 400, channels: 3, background: '#336699' } })
        .png()
        .toBuffer(),
    );
    const second = await local.storeImage(
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#993366' } })
        .jpeg()
        .toBuffer(),
    );
    fs.writeFileSync(path.join(dataDir, 'media', 'images', '.a-medio-escribir.partial'), 'no');
    const before = localFiles(path.join(dataDir, 'media'));
    const files = 2 * (1 + IMAGE_VARIANT_WIDTHS.length);
    const settings = await emulator.newBucket('sitio/');

    const once = await run(emulator.env(settings));
    expect(once.report).toMatchObject({ copied: files, skipped: 0 });
    expect(once.printed).toContain(`Copiados: ${files} (`);
    expect(once.printed).toContain(`en total: ${files}.`);
    expect(once.printed).toContain(`Los archivos locales siguen en ${path.join(dataDir, 'media')}: no se ha borrado ninguno.`);
    const objects = await emulator.objects(settings.bucket);
    expect(objects.map((o) => o.key)).toEqual(before.filter((f) => !f.includes('.a-medio')).map((f) => `sitio/${f}`));
    for (const url of [first, second]) {
      const key = url.replace(/^\/media\//, '');
      expect((await emulator.object(settings.bucket, `sitio/${key}`)).bytes.equals(fs.readFileSync(path.join(dataDir, 'media', key)))).toBe(
        true,
      );
    }
    expect(localFiles(path.join(dataDir, 'media'))).toEqual(before);

    // Again: nothing new to copy.
    const again = await run(emulator.env(settings));
    expect(again.report).toMatchObject({ copied: 0, skipped: files });
    expect(again.printed).toContain(`ya estaban en el bucket con el mismo tamaño: ${files}`);

    // A file changed since (another size) and a new one are copied; the rest skipped.
    const changed = second.replace(/^\/media\//, '');
    fs.writeFileSync(path.join(dataDir, 'media', changed), 'otra versión del archivo');
    fs.writeFileSync(path.join(dataDir, 'media', 'images', 'nueva.txt'), 'nueva');
    const third = await run(emulator.env(settings));
    expect(third.report).toMatchObject({ copied: 2, skipped: files - 1 });
    expect((await emulator.object(settings.bucket, `sitio/${changed}`)).bytes.toString()).toBe('otra versión del archivo');
  });

  it('tells how to switch when the server is not yet on the bucket', async () => {
    const settings = await emulator.newBucket();
    const { MEDIA_STORAGE: _switch, ...variables } = emulator.env(settings);
    expect((await run(variables)).printed).toContain('arranque el servidor con MEDIA_STORAGE=s3');
    expect((await run({ ...variables, MEDIA_STORAGE: 's3' })).printed).not.toContain('arranque el servidor');
  });

  it('refuses to run without a bucket name and region', async () => {
    await expect(run({ S3_REGION: 'eu-west-1' })).rejects.toThrow('missing: S3_BUCKET');
  });
});
