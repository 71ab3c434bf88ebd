/**
 * For the browser tests of reordering at scale (admin-reorder-at-scale.spec.ts):
 * before its server starts, fills the database of DATA_DIR with the five demo
 * sections, 10,000 publications and 5,000 biographies, written through the
 * server's own repositories in transactions of 1,000 rows (over HTTP the fill
 * would take minutes). The server then finds content and seeds no demo.
 *
 *   DATA_DIR=/tmp/e2e-scale tsx test/e2e/support/seed-at-scale.ts && tsx src/server/main.ts
 */
import { insertBiography } from '../../../src/server/db/biographies-repository';
import { createDatabase, type Db, type DbOrTrx } from '../../../src/server/db/database';
import { migrateToLatest } from '../../../src/server/db/migrate';
import { insertPublication } from '../../../src/server/db/publications-repository';
import { insertSection } from '../../../src/server/db/sections-repository';
import { demoSections } from '../../../src/server/demo/content';

export const SCALE_PUBLICATIONS = 10_000;
export const SCALE_BIOGRAPHIES = 5_000;
const BATCH = 1000;

async function inBatches(db: Db, total: number, write: (trx: DbOrTrx, index: number) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < total; start += BATCH) {
    await db.transaction().execute(async (trx) => {
      for (let index = start; index < Math.min(start + BATCH, total); index++) await write(trx, index);
    });
  }
}

async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('DATA_DIR is required');
  const db = createDatabase({ dataDir, databaseUrl: process.env.DATABASE_URL || undefined });
  try {
    await migrateToLatest(db);
    const now = new Date().toISOString();
    const sectionIds: number[] = [];
    await db.transaction().execute(async (trx) => {
      for (const [order, section] of demoSections.entries()) {
        sectionIds.push(
          (await insertSection(trx, { title: section.title, slug: section.slug, is_active: 1, order, created_at: now, updated_at: now }))
            .id,
        );
      }
    });
    // Numbered in list order: 'Publicación 1' leads (orders 0, 1, 2 …), so a test reads positions from titles.
    await inBatches(db, SCALE_PUBLICATIONS, (trx, index) =>
      insertPublication(trx, {
        title: `Publicación ${index + 1}`,
        section_id: sectionIds[index % sectionIds.length],
        status: 'published',
        featured_image: null,
        is_featured: 0,
        publish_date: '2026-01-01',
        layout: '[]',
        order: index,
        created_at: now,
        updated_at: now,
      }),
    );
    await inBatches(db, SCALE_BIOGRAPHIES, (trx, index) =>
      insertBiography(trx, {
        name: `Docente ${index + 1}`,
        position: 'Profesorado asociado',
        biography: 'Biografía de prueba.',
        email: '',
        linkedin: '',
        photo: null,
        is_active: 1,
        order: index,
        created_at: now,
        updated_at: now,
      }),
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
