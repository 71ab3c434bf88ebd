import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PostgresAdapter, sql } from 'kysely';
import { migrateTo } from '@/server/backup/schema';
import { createDatabase } from '@/server/db/database';
import { searchPublicPublications } from '@/server/db/search-repository';
import { queryTokens, textTokens } from '@/server/search/tokens';
import { freshDatabase } from '../helpers/api-server';

/** Migrations 018 and 019 on a site whose search index was written by migration 014's rows (every token, every time). */

it('keeps each token once, leaves PostgreSQL no stored vectors, and the site is found as before', async () => {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'api-test-search-index-migration-'));
  const database = await freshDatabase();
  const db = createDatabase({ dataDir, databaseUrl: database.databaseUrl });
  try {
    await migrateTo(db, '2026-11-24-017-presence');
    const at = new Date().toISOString();
    const section = await db
      .insertInto('sections')
      .values({ title: 'Revista', slug: 'revista', is_active: 1, order: 0, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const text = 'Emociones y más emociones: la regulación de las emociones en el aula';
    const layout = JSON.stringify([{ id: 'r1', cells: [{ id: 'c1', type: 'text', colSpan: 4, content: `<p>${text}</p>` }] }]);
    const publication = await db
      .insertInto('publications')
      .values({
        title: 'Regulación emocional',
        section_id: section.id,
        status: 'published',
        featured_image: null,
        is_featured: 0,
        publish_date: '2024-03-05',
        layout,
        order: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The row as migration 014's pipeline wrote it: every token as often as the text has it.
    await sql`insert into publication_search (publication_id, title_tokens, body_tokens)
      values (${publication.id}, ${textTokens('Regulación emocional').join(' ')}, ${textTokens(text).join(' ')})`.execute(db);

    await migrateTo(db, '2026-11-25-018-narrower-search-index');

    const row = await sql<{
      body_tokens: string;
    }>`select body_tokens from publication_search where publication_id = ${publication.id}`.execute(db);
    const tokens = row.rows[0].body_tokens.split(' ');
    expect(tokens).toEqual([...new Set(textTokens(text))]);
    expect(tokens.filter((token) => token === textTokens('emociones')[0])).toHaveLength(1);
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      const columns = await sql<{ column_name: string }>`select column_name from information_schema.columns
        where table_name = 'publication_search' order by column_name`.execute(db);
      expect(columns.rows.map((column) => column.column_name)).toEqual(['body_tokens', 'publication_id', 'title_tokens']);
    }

    // Migration 019: on PostgreSQL the entry takes what the public rule reads of its publication.
    await migrateTo(db, '2026-12-01-019-search-public-fields');
    if (db.getExecutor().adapter instanceof PostgresAdapter) {
      const entry = await sql<{
        status: string;
        publish_date: string;
        section_id: number;
      }>`select status, publish_date::text as publish_date, section_id
        from publication_search where publication_id = ${publication.id}`.execute(db);
      expect(entry.rows).toEqual([{ status: 'published', publish_date: '2024-03-05', section_id: section.id }]);
    }
    for (const [query, titleMatch] of [
      ['emoción', false],
      ['regulacion emocional', true],
      ['aula emociones', false],
    ] as const) {
      const found = await searchPublicPublications(db, {
        tokens: queryTokens(query),
        today: '2026-11-25',
        window: { limit: 12, offset: 0 },
      });
      expect({ query, count: found.count, hits: found.rows.map((hit) => [hit.id, hit.title_match]) }).toEqual({
        query,
        count: 1,
        hits: [[publication.id, titleMatch]],
      });
    }
  } finally {
    await db.destroy();
    await database.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
});
