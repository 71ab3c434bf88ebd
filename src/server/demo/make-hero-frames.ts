/**
 * Writes the hero loop as PNG frames, and the poster as JPEG, for
 * scripts/make-hero-media.sh (which encodes them with ffmpeg). Not part of
 * the server: run by hand, and its outputs are committed.
 *
 *   tsx src/server/demo/make-hero-frames.ts <frames-dir> <width> <height> <fps> <poster.jpg>
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { HERO_LOOP_SECONDS, heroFrameSvg } from './hero';

async function main(): Promise<void> {
  const [dir, width, height, fps, poster] = process.argv.slice(2);
  if (!dir || !width || !height || !fps || !poster) {
    console.error('usage: make-hero-frames.ts <frames-dir> <width> <height> <fps> <poster.jpg>');
    process.exit(2);
  }
  const w = Number(width);
  const h = Number(height);
  const frames = Number(fps) * HERO_LOOP_SECONDS;
  mkdirSync(dir, { recursive: true });
  for (let i = 0; i < frames; i++) {
    const svg = heroFrameSvg(i / Number(fps), w, h);
    await sharp(Buffer.from(svg))
      .png({ compressionLevel: 1 })
      .toFile(join(dir, `frame-${String(i).padStart(4, '0')}.png`));
  }
  // The poster is the first frame at full HD, so the swap to video is invisible.
  await sharp(Buffer.from(heroFrameSvg(0, 1920, 1080)))
    .jpeg({ quality: 82, mozjpeg: true, chromaSubsampling: '4:2:0' })
    .toFile(poster);
  console.info(`${frames} frames in ${dir}, poster ${poster}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
