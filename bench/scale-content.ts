/**
 * For bench/scale.ts: a database filled as years of an administrator's work
 * would leave it, written through the repositories (src/server/db/), never
 * through raw SQL: the five sections of the demo, then publications and
 * biographies in transactions of BATCH rows (one repository insert per row).
 *
 * Publications take the demo layouts of their section (text, image and video
 * cells, the text sanitised as any save does) and the demo images, stored once
 * through the media storage and copied to every data directory. They are
 * spread 40 % news, 20 % journal, 15 % congresses, 15 % media, 10 % the
 * programme; 80 % published, 15 % drafts (half of them undated), 5 %
 * archived; dated over eight years, and 2 % dated in the future (scheduled).
 * Each new one goes to the top of the list (order = min − 1, DECISIONS
 * "Ordering and slugs"), so the newest leads. Everything is drawn from a
 * seeded generator: two runs fill the same rows.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Layout } from '@/domain/entities';
import { sanitizeRichText } from '../src/server/content/rich-text';
import { insertBiography } from '../src/server/db/biographies-repository';
import { createDatabase, type Db, type DbOrTrx } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { insertPublication } from '../src/server/db/publications-repository';
import { insertSection } from '../src/server/db/sections-repository';
import { demoImages, demoPublications, demoSections } from '../src/server/demo/content';
import { renderDemoImage } from '../src/server/demo/images';
import { buildDemoLayout } from '../src/server/demo/layout';
import { createMediaStorage } from '../src/server/media/media-storage';

export interface ContentSize {
  publications: number;
  biographies: number;
}

/** The two sites the scale benches compare (bench/scale.ts, bench/pages.ts): a new programme's and years of work. */
export interface Size extends ContentSize {
  key: 'small' | 'large';
  label: string;
}

export const SIZES: Size[] = [
  { key: 'small', label: '100', publications: 100, biographies: 10 },
  { key: 'large', label: '10,000', publications: 10_000, biographies: 1_000 },
];

/** A measure of each of the two sites. */
export type PerSize<T> = Record<Size['key'], T>;

/** Where a filled database lives: a data directory, and a PostgreSQL database when given. */
export interface ContentTarget {
  dataDir: string;
  databaseUrl?: string;
}

/** Rows per transaction: one transaction per row would make the fill, not the site, the slow part. */
const BATCH = 500;
const DAY_MS = 86_400_000;
/** Publications span this many days back from today. */
const SPAN_DAYS = 8 * 365;
const SEARCH_TOPIC = 'la prevención del ciberacoso';
/** A word of one topic in eleven: what the bench's title search looks for. */
export const SEARCH_TERM = 'ciberacoso';

/** mulberry32: small, seeded, good enough to spread rows. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)];
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Renders the demo images and stores them (with their WebP variants) under
 * the first data directory's media; answers each key's URL. The others get a
 * copy of the files (copyMedia): the URLs are the same.
 */
export async function storeDemoImages(dataDir: string): Promise<Map<string, string>> {
  const media = createMediaStorage(path.join(dataDir, 'media'));
  // All at once: the media storage's own queue bounds how many are processed together.
  const stored = await Promise.all(
    demoImages.map(async (image) => [image.key, await media.storeImage((await renderDemoImage(image.key)).buffer)] as const),
  );
  return new Map(stored);
}

export function copyMedia(fromDataDir: string, toDataDir: string): void {
  fs.cpSync(path.join(fromDataDir, 'media'), path.join(toDataDir, 'media'), { recursive: true });
}

const SECTION_SHARES: [slug: string, share: number][] = [
  ['noticias', 0.4],
  ['revista', 0.2],
  ['congresos', 0.15],
  ['media', 0.15],
  ['presentacion-del-magister', 0.1],
];

const TITLE_OPENINGS: Record<string, string[]> = {
  noticias: [
    'Crónica de la jornada sobre',
    'Abierta la convocatoria del seminario sobre',
    'El máster participa en un encuentro sobre',
    'Nueva guía práctica sobre',
    'Premio a un trabajo fin de máster sobre',
  ],
  revista: ['Artículo:', 'Reseña:', 'Dossier del número dedicado a', 'Entrevista sobre'],
  congresos: ['Comunicación:', 'Mesa redonda sobre', 'Ponencia inaugural:', 'Taller del congreso:'],
  media: ['Podcast:', 'Vídeo:', 'Seminario grabado:'],
  'presentacion-del-magister': ['Módulo:', 'Guía docente:', 'Prácticas:'],
};

const TOPICS = [
  'la mediación entre iguales',
  'el bienestar docente',
  'la tutoría entre iguales',
  SEARCH_TOPIC,
  'la educación emocional en Infantil',
  'las prácticas restaurativas',
  'la convivencia en Secundaria',
  'la relación entre familias y escuela',
  'la acogida del alumnado recién llegado',
  'el liderazgo de la convivencia',
  'la evaluación de programas socioemocionales',
];

const PLACES = ['Valencia', 'Alicante', 'Castellón', 'Madrid', 'Sevilla', 'Bilbao', 'Zaragoza', 'Granada', 'en línea'];

/** The demo layouts of each section, built once with the stored images and sanitised as a save would. */
function layoutsBySection(images: Map<string, string>): Map<string, string[]> {
  const urlFor = (key: string) => images.get(key) ?? '';
  const bySection = new Map<string, string[]>();
  for (const publication of demoPublications) {
    const layout: Layout = buildDemoLayout(publication.layout, urlFor).map((row) => ({
      ...row,
      cells: row.cells.map((cell) => (cell.type === 'text' ? { ...cell, content: sanitizeRichText(cell.content) } : cell)),
    }));
    bySection.set(publication.sectionSlug, [...(bySection.get(publication.sectionSlug) ?? []), JSON.stringify(layout)]);
  }
  return bySection;
}

function featuredImagesBySection(images: Map<string, string>): Map<string, string[]> {
  const bySection = new Map<string, string[]>();
  for (const publication of demoPublications) {
    bySection.set(publication.sectionSlug, [
      ...(bySection.get(publication.sectionSlug) ?? []),
      images.get(publication.featuredImage) ?? '',
    ]);
  }
  return bySection;
}

const FIRST_NAMES = [
  'Carmen',
  'Javier',
  'Lucía',
  'Andrés',
  'Nerea',
  'Valentina',
  'Montserrat',
  'Pablo',
  'Inés',
  'Marta',
  'Jorge',
  'Elena',
  'Íñigo',
  'Rocío',
  'Sergio',
  'Aitana',
];
const SURNAMES = [
  'Ruiz',
  'Montes',
  'Ferrer',
  'Quintana',
  'Iriarte',
  'Albarracín',
  'Soler',
  'Navarro',
  'Gil',
  'Castaño',
  'Beltrán',
  'Ortega',
  'Peña',
  'Vidal',
  'Lozano',
  'Marín',
];
const POSITIONS = [
  'Profesora titular de Psicología de la Educación',
  'Profesor asociado. Orientador educativo',
  'Coordinadora de prácticas',
  'Catedrático de Didáctica y Organización Escolar',
  'Profesora colaboradora. Mediadora escolar',
  'Investigador del grupo GIESE',
];
const BIOGRAPHY_SENTENCES = [
  'Doctora en Psicología por la Universidad de Valencia, lleva quince años trabajando con equipos de orientación de centros públicos.',
  'Su investigación se centra en la regulación emocional durante la adolescencia y en el clima de aula.',
  'Ha coordinado programas de mediación entre iguales en más de cuarenta institutos de la Comunitat Valenciana.',
  'Es autor de instrumentos de evaluación de competencias emocionales utilizados en varias comunidades autónomas.',
  'Antes de llegar a la universidad fue maestra de Primaria y jefa de estudios durante una década.',
  'Participa en proyectos europeos sobre prevención del acoso y del ciberacoso escolar.',
  'En el máster imparte el módulo de prácticas restaurativas y tutoriza trabajos fin de máster.',
  'Colabora con la administración educativa en la revisión de los planes de convivencia de los centros.',
];

const slugOf = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** Runs `write` for rows [0, total) in transactions of BATCH rows. */
async function inBatches(db: Db, total: number, write: (trx: DbOrTrx, index: number) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < total; start += BATCH) {
    await db.transaction().execute(async (trx) => {
      for (let index = start; index < Math.min(start + BATCH, total); index++) await write(trx, index);
    });
  }
}

/**
 * Migrates the target's database and fills it with `size` through the
 * repositories. It must be empty: the server's demo seeding then finds
 * content and leaves it alone.
 */
export async function fillContent(target: ContentTarget, size: ContentSize, images: Map<string, string>): Promise<void> {
  const db = createDatabase(target);
  try {
    await migrateToLatest(db);
    const rand = seeded(20261123);
    const now = Date.now();
    const nowText = new Date(now).toISOString();

    const sectionIds = new Map<string, number>();
    await db.transaction().execute(async (trx) => {
      for (const [order, section] of demoSections.entries()) {
        const row = await insertSection(trx, {
          title: section.title,
          slug: section.slug,
          is_active: 1,
          order,
          created_at: nowText,
          updated_at: nowText,
        });
        sectionIds.set(section.slug, row.id);
      }
    });

    const layouts = layoutsBySection(images);
    const featured = featuredImagesBySection(images);
    const sectionOf = () => {
      let r = rand();
      for (const [slug, share] of SECTION_SHARES) if ((r -= share) < 0) return slug;
      return SECTION_SHARES[0][0];
    };

    // Oldest first, each new one taking order min − 1: the list reads newest first.
    await inBatches(db, size.publications, async (trx, index) => {
      const slug = sectionOf();
      const r = rand();
      const status = r < 0.8 ? 'published' : r < 0.95 ? 'draft' : 'archived';
      const scheduled = rand() < 0.02;
      const dayMs = scheduled
        ? now + (1 + Math.floor(rand() * 90)) * DAY_MS
        : now - Math.round(((size.publications - 1 - index) / size.publications) * SPAN_DAYS + rand() * 3) * DAY_MS;
      const publishDate = status === 'draft' && rand() < 0.5 ? null : isoDay(dayMs);
      const title = `${pick(rand, TITLE_OPENINGS[slug])} ${pick(rand, TOPICS)} (${pick(rand, PLACES)}, ${new Date(dayMs).getUTCFullYear()})`;
      const createdAt = new Date(Math.min(dayMs, now) - 3 * DAY_MS).toISOString();
      await insertPublication(trx, {
        title,
        section_id: sectionIds.get(slug) as number,
        status,
        featured_image: pick(rand, featured.get(slug) ?? ['']) || null,
        is_featured: rand() < 0.03 ? 1 : 0,
        publish_date: publishDate,
        layout: pick(rand, layouts.get(slug) ?? ['[]']),
        order: -index,
        created_at: createdAt,
        updated_at: rand() < 0.3 ? new Date(Math.min(dayMs + 2 * DAY_MS, now)).toISOString() : createdAt,
      });
    });

    const portraits = demoImages.filter((image) => image.kind === 'portrait').map((image) => images.get(image.key) ?? '');
    await inBatches(db, size.biographies, async (trx, index) => {
      const name = `${pick(rand, ['Dra. ', 'Dr. ', ''])}${pick(rand, FIRST_NAMES)} ${pick(rand, SURNAMES)} ${pick(rand, SURNAMES)}`;
      const slug = `${slugOf(name)}-${index + 1}`;
      const sentences = Array.from({ length: 3 + Math.floor(rand() * 4) }, () => pick(rand, BIOGRAPHY_SENTENCES));
      await insertBiography(trx, {
        name,
        position: pick(rand, POSITIONS),
        biography: sentences.join(' '),
        email: `${slug}@master-educacion-emocional.es`,
        linkedin: `https://master-educacion-emocional.es/equipo/${slug}`,
        photo: rand() < 0.7 ? pick(rand, portraits) : null,
        is_active: rand() < 0.9 ? 1 : 0,
        order: index,
        created_at: nowText,
        updated_at: nowText,
      });
    });
  } finally {
    await db.destroy();
  }
}
