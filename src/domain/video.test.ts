import { toEmbedUrl } from './video';

describe('toEmbedUrl', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtube.com/watch?v=dQw4w9WgXcQ&t=42s', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=abc', 'https://www.youtube.com/embed/dQw4w9WgXcQ'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    ['https://vimeo.com/channels/staffpicks/76979871', 'https://player.vimeo.com/video/76979871'],
  ])('turns %s into its player', (input, expected) => {
    expect(toEmbedUrl(input)).toBe(expected);
  });

  it('keeps embed addresses and other URLs as they are', () => {
    expect(toEmbedUrl('https://www.youtube.com/embed/abc')).toBe('https://www.youtube.com/embed/abc');
    expect(toEmbedUrl('https://example.org/video.mp4')).toBe('https://example.org/video.mp4');
  });

  it('gives an empty source for what cannot be processed', () => {
    expect(toEmbedUrl('not a url')).toBe('');
    expect(toEmbedUrl('   ')).toBe('');
  });
});
