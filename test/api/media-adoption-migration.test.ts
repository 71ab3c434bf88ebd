import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrateTo } from '@/server/backup/schema';
import { createDatabase } from '@/server/db/database';
import { migrateToLatest } from '@/server/db/migrate';
import { fillMediaFacts } from '@/server/upkeep/media-facts';
import { createMediaStorage } from '@/server/media/media-storage';
import { freshDatabase, makeImage } from '../helpers/api-server';

/**
 * Migration 023 on a site from before the media library: every image its content uses becomes
 * an item, from the database alone; the upkeep then reads each one's facts from storage.
 * Runs on SQLite, and on PostgreSQL when DATABASE_URL is set.
 */
it('puts every image in use into the library once, titled after what uses it, and the upkeep reads their facts', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-media-adoption-'));
  const database = await freshDatabase();
  const db = createDatabase({ dataDir, databaseUrl: database.databaseUrl });
  const at = new Date().toISOString();
  // The files, stored as uploads were before the library (one is gone from storage since).
  const media = createMediaStorage(path.join(dataDir, 'media'));
  try {
    await migrateTo(db, '2026-12-05-022-media');
    const image = async () => media.storeImage(await makeImage('jpeg', 64, 48));
    const [featured, cell, inText, photo] = await Promise.all([image(), image(), image(), image()]);
    const missing = '/media/images/00000000-0000-4000-8000-000000000000.jpg';
    const section = await db
      .insertInto('sections')
      .values({ title: 'Noticias', slug: 'noticias-antiguas', is_active: 1, order: 0, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const layout = [
      {
        id: 'r1',
        cells: [
          { id: 'c1', type: 'image', content: cell, alt: 'El aula', columnSpan: 2 },
          {
            id: 'c2',
            type: 'text',
            content: `<p>Con <img src="${inText}" alt=""> y <img src="https://otro.es/a.jpg" alt=""></p>`,
            columnSpan: 2,
          },
        ],
      },
    ];
    for (const [title, image, order] of [
      ['Jornada antigua', featured, 0],
      ['Otra con la misma', featured, 1],
      ['Con una imagen perdida', missing, 2],
    ] as const) {
      await db
        .insertInto('publications')
        .values({
          title,
          section_id: section.id,
          status: 'published',
          featured_image: image,
          is_featured: 0,
          publish_date: '2024-03-05',
          layout: order === 0 ? JSON.stringify(layout) : '[]',
          order,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }
    await db
      .insertInto('biographies')
      .values({
        name: 'Docente Antigua',
        position: 'P',
        biography: 'B',
        email: '',
        linkedin: '',
        photo,
        is_active: 1,
        order: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();

    await migrateToLatest(db);

    const items = await db.selectFrom('media').selectAll().orderBy('id').execute();
    expect(items.map(({ url, title, alt, kind, size, created_by }) => ({ url, title, alt, kind, size, created_by }))).toEqual([
      { url: featured, title: 'Jornada antigua', alt: '', kind: 'image', size: 0, created_by: '' },
      { url: cell, title: 'Jornada antigua', alt: 'El aula', kind: 'image', size: 0, created_by: '' },
      { url: inText, title: 'Jornada antigua', alt: '', kind: 'image', size: 0, created_by: '' },
      { url: missing, title: 'Con una imagen perdida', alt: '', kind: 'image', size: 0, created_by: '' },
      { url: photo, title: 'Docente Antigua', alt: '', kind: 'image', size: 0, created_by: '' },
    ]);

    expect(await fillMediaFacts({ db, media })).toBe(4);
    const facts = await db.selectFrom('media').select(['url', 'size', 'width', 'height']).orderBy('id').execute();
    for (const row of facts.filter((one) => one.url !== missing)) expect(row.size > 0 && row.width === 64 && row.height === 48).toBe(true);
    expect(facts.find((one) => one.url === missing)).toMatchObject({ size: 0, width: 0, height: 0 });
    // Nothing is read again.
    expect(await fillMediaFacts({ db, media })).toBe(0);
  } finally {
    await media.close();
    await db.destroy();
    await database.drop();
  }
});
