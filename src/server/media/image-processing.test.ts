import sharp from 'sharp';
import { IMAGE_MAX_PIXELS } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { gifClaiming, pngClaiming } from '../../../test/helpers/crafted-images';
import { ImageRejected, inspectImage, processImage } from './image-processing';

const rejection = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error: Error) => (error instanceof ImageRejected ? error.message : `other: ${error.message}`));

describe('inspectImage', () => {
  it('refuses from the header alone an image whose pixels exceed the budget', async () => {
    expect(await rejection(inspectImage(pngClaiming(20_000, 20_000)))).toBe(messages.imageTooManyPixels);
    expect(await rejection(inspectImage(pngClaiming(7072, 7072)))).toBe(messages.imageTooManyPixels);
    expect(7071 * 7071).toBeLessThanOrEqual(IMAGE_MAX_PIXELS);
    expect(await rejection(inspectImage(pngClaiming(7071, 7071)))).toBe('accepted');
  });

  it('counts every frame of an animation', async () => {
    expect(await rejection(inspectImage(gifClaiming(2000, 2000, 13)))).toBe(messages.imageTooManyPixels);
    expect(await rejection(inspectImage(gifClaiming(2000, 2000, 12)))).toBe('accepted');
  });

  it('refuses what is not an allowed image by its content', async () => {
    expect(await rejection(inspectImage(Buffer.from('<svg onload="alert(1)"></svg>')))).toBe(messages.imageTypeNotAllowed);
    expect(await rejection(inspectImage(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])))).toBe(messages.notAnImage);
  });
});

describe('processImage', () => {
  it('re-encodes the original and makes the WebP variants', async () => {
    const bytes = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#c87850' } }).png().toBuffer();
    const image = await processImage(await inspectImage(bytes));
    expect(image.extension).toBe('png');
    expect(image.variants.map((v) => v.width)).toEqual([480, 960, 1600]);
    expect((await sharp(image.variants[2].bytes).metadata()).width).toBe(1200);
  });

  it('refuses a header that passed but data that does not decode', async () => {
    expect(await rejection(processImage(await inspectImage(pngClaiming(100, 100))))).toBe(messages.notAnImage);
  });
});
