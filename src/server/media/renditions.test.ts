import sharp from 'sharp';
import { isUploadKey, uploadStemOfUrl } from './media-keys';
import { cropAround, readRenditionKey, renditionUrl } from './renditions';

const ORIGINAL = '/media/images/0b6a3c1e-2f4d-4e5a-8b7c-9d0e1f2a3b4c.png';

/** A 4000 × 1000 image, white but for a red square around (3700, 500): near the right edge. */
const picture = () =>
  sharp({ create: { width: 4000, height: 1000, channels: 3, background: '#ffffff' } })
    .composite([{ input: { create: { width: 200, height: 200, channels: 3, background: '#ff0000' } }, left: 3600, top: 400 }])
    .png()
    .toBuffer();

/** The colour at the centre of an image. */
async function centre(bytes: Buffer) {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return [data[at], data[at + 1], data[at + 2]];
}

describe('the crops the server makes', () => {
  it('are named by their shape and point, as keys the storage serves, backs up and purges with the upload', () => {
    const address = renditionUrl(ORIGINAL, 'share', { x: 0.9, y: 0.5 });
    expect(address).toBe('/media/images/0b6a3c1e-2f4d-4e5a-8b7c-9d0e1f2a3b4c-share-90-50.jpg');
    const key = address.slice('/media/'.length);
    expect(isUploadKey(key)).toBe(true);
    expect(readRenditionKey(key)).toEqual({ stem: uploadStemOfUrl(ORIGINAL), shape: 'share', x: 90, y: 50 });
    expect(readRenditionKey(key.replace('-50.jpg', '-101.jpg'))).toBeNull();
    expect(readRenditionKey(key.replace('share', 'banner'))).toBeNull();
  });

  it('are not made for an image the library does not hold, nor for another site', () => {
    expect(renditionUrl(ORIGINAL, 'share', null)).toBe(ORIGINAL);
    expect(renditionUrl('https://otro.es/foto.jpg', 'square', { x: 0.2, y: 0.2 })).toBe('https://otro.es/foto.jpg');
  });

  it('keep the focal point in view, at the shape of the networks', async () => {
    const original = await picture();
    const around = await cropAround(original, 'share', { x: 0.925, y: 0.5 });
    expect(await sharp(around).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    // The red square, near the right edge, is in the crop: the crop is as far right as the image allows.
    const [red, green] = await centre(await sharp(around).extract({ left: 1000, top: 265, width: 100, height: 100 }).toBuffer());
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(60);
    // Around the centre instead, the square is cut out.
    const middle = await cropAround(original, 'share', { x: 0.5, y: 0.5 });
    expect((await sharp(middle).stats()).channels[1].min).toBeGreaterThan(200);
  });

  it('never enlarge a small image', async () => {
    const small = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    expect(await sharp(await cropAround(small, 'square', { x: 0.5, y: 0.5 })).metadata()).toMatchObject({ width: 300, height: 300 });
  });
});
