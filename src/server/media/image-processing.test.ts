import sharp from 'sharp';
import { IMAGE_MAX_PIXELS } from '@/domain/limits';
import { messages } from '@/domain/messages';
import { gifClaiming, pngClaiming } from '../../../test/helpers/crafted-images';
import { ImageProcessingFailed, ImageRejected, imageFailure, inspectImage, processImage } from './image-processing';

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: Error) => (error instanceof ImageRejected ? error.message : `other: ${error.message}`),
  );

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
    const bytes = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#c87850' } })
      .png()
      .toBuffer();
    const image = await processImage(await inspectImage(bytes));
    expect(image.extension).toBe('png');
    expect(image.variants.map((v) => v.width)).toEqual([480, 960, 1600]);
    expect((await sharp(image.variants[2].bytes).metadata()).width).toBe(1200);
  });

  it('refuses a header that passed but data that does not decode', async () => {
    expect(await rejection(processImage(await inspectImage(pngClaiming(100, 100))))).toBe(messages.notAnImage);
  });
});

describe('imageFailure: bad input or a fault of ours', () => {
  const solid = (format: 'png' | 'jpeg' | 'gif' | 'webp') =>
    sharp({ create: { width: 60, height: 40, channels: 3, background: '#3c6e9f' } })
      .toFormat(format)
      .toBuffer();

  it.each(['png', 'jpeg', 'gif', 'webp'] as const)(
    'a %s cut short or with bytes overwritten is bad input: 400, not an image',
    async (format) => {
      const whole = await solid(format);
      const cut = whole.subarray(0, Math.floor(whole.length / 2));
      const scrambled = Buffer.from(whole);
      for (let i = 40; i < scrambled.length; i += 7) scrambled[i] ^= 0xff;
      for (const bytes of [cut, scrambled]) {
        const outcome = await rejection(inspectImage(bytes).then(processImage));
        expect(outcome).toBe(messages.notAnImage);
      }
    },
  );

  it("a failure to allocate is the server's fault, kept as the cause", () => {
    const cause = new Error('vips_malloc: out of memory -- size == 2147483648');
    const failure = imageFailure(cause);
    expect(failure).toBeInstanceOf(ImageProcessingFailed);
    expect(failure.cause).toBe(cause);
    expect(imageFailure(new Error('pngload_buffer: out of memory'))).toBeInstanceOf(ImageProcessingFailed);
  });

  it("an error outside decoding (a broken library, a full disk) is the server's fault too", async () => {
    const inspected = await inspectImage(await solid('png'));
    const toBuffer = jest.spyOn(sharp.prototype, 'toBuffer').mockRejectedValueOnce(new Error('ENOSPC: no space left on device'));
    try {
      const failure = await processImage(inspected).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ImageProcessingFailed);
      expect((failure as Error).cause).toEqual(new Error('ENOSPC: no space left on device'));
    } finally {
      toBuffer.mockRestore();
    }
  });
});
