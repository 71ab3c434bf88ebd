import { checkImageBytes } from '@/domain/images';
import { parseLayout } from '@/domain/layout';
import { BIOGRAPHY_MAX_LENGTH, BIOGRAPHY_PREVIEW_LENGTH, LAYOUT_COLUMNS } from '@/domain/limits';
import { isIsoDate, validateBiography } from '@/domain/validation';
import { toEmbedUrl } from '@/domain/video';
import sharp from 'sharp';
import { DEMO_TODAY, demoBiographies, demoImageRef, demoImages, demoPublications, demoSections } from './content';
import { demoImageKeys, renderDemoImage } from './images';
import { buildDemoLayout, demoImageKeysOf } from './layout';

const urlFor = (key: string) => `/media/demo/${key}.jpg`;

describe('demo sections', () => {
  it('are the five sections of the site, visible, in navigation order', () => {
    expect(demoSections.map((s) => s.slug)).toEqual(['presentacion-del-magister', 'revista', 'congresos', 'media', 'noticias']);
    expect(demoSections[0].title).toBe('Presentación del Máster');
    expect(demoSections.every((s) => s.is_active && s.title.trim() !== '')).toBe(true);
  });
});

describe('demo publications', () => {
  const slugs = new Set(demoSections.map((s) => s.slug));
  const isPublic = (p: (typeof demoPublications)[number]) => p.status === 'published' && p.publish_date <= DEMO_TODAY;

  it('has distinct keys and belong to known sections', () => {
    expect(new Set(demoPublications.map((p) => p.key)).size).toBe(demoPublications.length);
    for (const p of demoPublications) expect(slugs.has(p.sectionSlug)).toBe(true);
  });

  it('spreads over the sections: 3+ news, 2+ public in every other section', () => {
    const publicIn = (slug: string) => demoPublications.filter((p) => p.sectionSlug === slug && isPublic(p)).length;
    expect(publicIn('noticias')).toBeGreaterThanOrEqual(3);
    for (const slug of ['presentacion-del-magister', 'revista', 'congresos', 'media']) expect(publicIn(slug)).toBeGreaterThanOrEqual(2);
    expect(demoPublications.length).toBeGreaterThanOrEqual(12);
  });

  it('has one draft and one scheduled publication that are not public', () => {
    expect(demoPublications.filter((p) => p.status === 'draft')).toHaveLength(1);
    const scheduled = demoPublications.filter((p) => p.status === 'published' && p.publish_date > DEMO_TODAY);
    expect(scheduled).toHaveLength(1);
  });

  it('dates public publications in 2025-2026, before the demo day', () => {
    for (const p of demoPublications) {
      expect(isIsoDate(p.publish_date)).toBe(true);
      if (isPublic(p)) expect(p.publish_date >= '2025-01-01' && p.publish_date < DEMO_TODAY).toBe(true);
    }
  });

  it.each(demoPublications.map((p) => [p.key, p] as const))('%s: layout passes parseLayout', (_key, p) => {
    const layout = buildDemoLayout(p.layout, urlFor);
    const parsed = parseLayout(JSON.parse(JSON.stringify(layout)));
    expect(parsed).toEqual({ layout });
    for (const row of p.layout) expect(row.reduce((sum, c) => sum + c.columnSpan, 0)).toBeLessThanOrEqual(LAYOUT_COLUMNS);
    expect(p.layout.length).toBeGreaterThan(0);
    expect(p.title.trim()).not.toBe('');
  });

  it('opens every layout with a text cell (the card excerpt) and no lorem ipsum', () => {
    for (const p of demoPublications) {
      expect(p.layout[0][0].type).toBe('text');
      expect(JSON.stringify(p.layout)).not.toMatch(/lorem|ipsum/i);
    }
  });

  it('uses only the allowed tags in text cells', () => {
    const allowed = new Set(['p', 'h2', 'h3', 'ul', 'li', 'strong', 'em', 'a', 'blockquote', 'br']);
    for (const p of demoPublications) {
      for (const cell of p.layout.flat().filter((c) => c.type === 'text')) {
        for (const [, tag] of cell.content.matchAll(/<\/?([a-z0-9]+)/gi)) expect(allowed.has(tag.toLowerCase())).toBe(true);
      }
    }
  });

  it('has multi-cell rows and YouTube and Vimeo videos that the site can embed', () => {
    const rows = demoPublications.flatMap((p) => p.layout);
    expect(rows.filter((r) => r.length >= 2).length).toBeGreaterThanOrEqual(5);
    expect(rows.some((r) => r.length >= 3)).toBe(true);
    const videos = rows
      .flat()
      .filter((c) => c.type === 'video')
      .map((c) => c.content);
    expect(videos.some((v) => /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]+$/.test(v))).toBe(true);
    expect(videos.some((v) => /^https:\/\/vimeo\.com\/\d+$/.test(v))).toBe(true);
    for (const v of videos) expect(toEmbedUrl(v)).toMatch(/^https:\/\/(www\.youtube\.com\/embed|player\.vimeo\.com\/video)\//);
  });

  it('replaces image references by stored URLs', () => {
    const withImages = demoPublications.find((p) => demoImageKeysOf(p.layout).length > 0)!;
    const layout = buildDemoLayout(withImages.layout, urlFor);
    const images = layout.flatMap((r) => r.cells).filter((c) => c.type === 'image');
    expect(images.length).toBeGreaterThan(0);
    for (const cell of images) expect(cell.content).toMatch(/^\/media\/demo\/[\w-]+\.jpg$/);
    expect(JSON.stringify(layout)).not.toContain(demoImageRef(''));
  });
});

describe('demo biographies', () => {
  it('are eight, one inactive, one without photo', () => {
    expect(demoBiographies).toHaveLength(8);
    expect(demoBiographies.filter((b) => !b.is_active)).toHaveLength(1);
    expect(demoBiographies.filter((b) => b.photo === null)).toHaveLength(1);
  });

  it.each(demoBiographies.map((b) => [b.name, b] as const))('%s passes validateBiography', (_name, b) => {
    expect(validateBiography(b)).toEqual({});
    expect(b.biography.length).toBeLessThanOrEqual(BIOGRAPHY_MAX_LENGTH);
    expect(b.linkedin).toMatch(/^https:\/\//);
  });

  it('are mostly long enough to need "Leer más"', () => {
    const long = demoBiographies.filter((b) => b.biography.length > BIOGRAPHY_PREVIEW_LENGTH);
    expect(long.length).toBeGreaterThanOrEqual(6);
    expect(new Set(demoBiographies.map((b) => b.email)).size).toBe(8);
  });
});

describe('demo images', () => {
  const referenced = new Set<string>([
    ...demoPublications.flatMap((p) => [p.featuredImage, ...demoImageKeysOf(p.layout)]),
    ...demoBiographies.flatMap((b) => (b.photo ? [b.photo] : [])),
  ]);

  it('has a renderer for every key the content refers to, and no unused key', () => {
    expect(new Set(demoImageKeys).size).toBe(demoImageKeys.length);
    for (const key of referenced) expect(demoImageKeys).toContain(key);
    for (const key of demoImageKeys) expect(referenced.has(key)).toBe(true);
  });

  it('uses portraits for photos and landscapes elsewhere', () => {
    const kind = new Map(demoImages.map((i) => [i.key, i.kind]));
    for (const b of demoBiographies) if (b.photo) expect(kind.get(b.photo)).toBe('portrait');
    for (const p of demoPublications) expect(kind.get(p.featuredImage)).toBe('landscape');
  });

  it('renders every key to an acceptable image of the right size', async () => {
    for (const image of demoImages) {
      const { buffer, filename } = await renderDemoImage(image.key);
      expect(checkImageBytes(buffer)).toEqual({ type: 'image/jpeg' });
      expect(filename).toBe(`${image.key}.jpg`);
      const meta = await sharp(buffer).metadata();
      expect([meta.width, meta.height]).toEqual(image.kind === 'portrait' ? [600, 600] : [1600, 900]);
    }
  }, 60_000);

  it('renders deterministically and distinctly', async () => {
    const [a, b, c] = await Promise.all([renderDemoImage('aula-1'), renderDemoImage('aula-1'), renderDemoImage('aula-2')]);
    expect(a.buffer.equals(b.buffer)).toBe(true);
    expect(a.buffer.equals(c.buffer)).toBe(false);
  });

  it('rejects an unknown key', async () => {
    await expect(renderDemoImage('no-existe')).rejects.toThrow(/Unknown demo image key/);
  });
});
