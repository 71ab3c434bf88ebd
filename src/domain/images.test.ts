import { checkImageBytes, checkImageFile, detectImageType, imageSrcSet, imageVariantUrl } from './images';
import { FEATURED_IMAGE_MAX_BYTES } from './limits';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(16).fill(0)]);

describe('detectImageType', () => {
  it('recognises the four allowed formats by their first bytes', () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
    expect(detectImageType(new TextEncoder().encode('GIF89a......'))).toBe('image/gif');
    expect(detectImageType(new TextEncoder().encode('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
  });

  it('refuses other content whatever its name', () => {
    expect(detectImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(new TextEncoder().encode('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

describe('checkImageBytes', () => {
  it('refuses more than 5 MB', () => {
    const big = new Uint8Array(FEATURED_IMAGE_MAX_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    expect(checkImageBytes(big)).toEqual({ error: 'La imagen no debe superar los 5MB' });
  });

  it('accepts exactly 5 MB of a real type', () => {
    const limit = new Uint8Array(FEATURED_IMAGE_MAX_BYTES);
    limit.set([0xff, 0xd8, 0xff]);
    expect(checkImageBytes(limit)).toEqual({ type: 'image/jpeg' });
  });

  it('refuses unknown content', () => {
    expect(checkImageBytes(new TextEncoder().encode('hola'))).toEqual({ error: 'Tipo de archivo no permitido. Use JPG, PNG, GIF o WEBP.' });
  });
});

describe('checkImageFile', () => {
  it('checks the declared type and the size before upload', () => {
    expect(checkImageFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkImageFile({ type: 'application/pdf', size: 1000 })).toBe('Tipo de archivo no permitido. Use JPG, PNG, GIF o WEBP.');
    expect(checkImageFile({ type: 'image/webp', size: FEATURED_IMAGE_MAX_BYTES + 1 })).toBe('La imagen no debe superar los 5MB');
  });
});

describe('image variants', () => {
  it('names the WebP variants of stored images', () => {
    expect(imageVariantUrl('/media/uploads/foto.jpg', 480)).toBe('/media/uploads/foto-480.webp');
    expect(imageVariantUrl('http://host/media/a/b.PNG', 960)).toBe('http://host/media/a/b-960.webp');
    expect(imageSrcSet('/media/x.webp')).toBe('/media/x-480.webp 480w, /media/x-960.webp 960w, /media/x-1600.webp 1600w');
  });

  it('gives no variants for images from elsewhere', () => {
    expect(imageVariantUrl('https://example.org/foto.jpg', 480)).toBeNull();
    expect(imageSrcSet('https://example.org/foto.jpg')).toBeUndefined();
    expect(imageSrcSet(null)).toBeUndefined();
  });
});
