import { assertSafeKey, belongsToUpload, contentTypeOf, isUploadKey, uploadStemOfUrl } from './media-keys';

const id = '0b7e8a1c-3f2d-4c5e-9a6b-7c8d9e0f1a2b';

describe('media keys', () => {
  it('knows an upload by its name: a random id, then an image extension or a variant width', () => {
    for (const key of [`images/${id}.jpg`, `images/${id}.png`, `images/${id}.gif`, `images/${id}.webp`, `images/${id}-480.webp`])
      expect(isUploadKey(key)).toBe(true);
    for (const key of [
      `images/${id}.svg`,
      `images/${id}-480.jpg`,
      `images/${id}.JPG`,
      `otros/${id}.jpg`,
      'images/foto.jpg',
      `images/${id}.jpg/x`,
      `images/../${id}.jpg`,
      'hero-poster.jpg',
    ]) {
      expect(isUploadKey(key)).toBe(false);
    }
  });

  it('finds the keys of an upload from its URL or a variant URL, never from another address', () => {
    expect(uploadStemOfUrl(`/media/images/${id}.jpg`)).toBe(`images/${id}`);
    expect(uploadStemOfUrl(`/media/images/${id}-960.webp`)).toBe(`images/${id}`);
    for (const url of [`https://otro.sitio/media/images/${id}.jpg`, `/media/images/${id}.jpg?x=1`, '/media/hero.mp4', ''])
      expect(uploadStemOfUrl(url)).toBeNull();
    expect(belongsToUpload(`images/${id}`, `images/${id}-1600.webp`)).toBe(true);
    expect(belongsToUpload(`images/${id}`, `images/${id}.png`)).toBe(true);
    expect(belongsToUpload(`images/${id}`, `images/${id}-copia.jpg`)).toBe(false);
  });

  it('serves each key with its image type', () => {
    expect(contentTypeOf('images/a.jpg')).toBe('image/jpeg');
    expect(contentTypeOf('images/a-480.webp')).toBe('image/webp');
    expect(contentTypeOf('notas/a.txt')).toBe('application/octet-stream');
  });

  it('accepts only relative keys that stay inside the storage', () => {
    for (const key of ['images/a.jpg', 'fotos/mi foto (1).jpg', 'año/ñandú.png']) expect(() => assertSafeKey(key)).not.toThrow();
    for (const key of ['', '..', 'a/../b', '/a', 'a\\b', '.env', 'a/.git/config', 'a//b', 'a/', 'a\u0000b'])
      expect(() => assertSafeKey(key)).toThrow();
  });
});
