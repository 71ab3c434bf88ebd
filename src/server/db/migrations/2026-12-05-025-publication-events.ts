import type { Kysely } from 'kysely';

// Frozen: a publication's event (docs/decisions/197). Times are wall-clock text of the
// site's zone ('YYYY-MM-DDTHH:MM:SS', or 'YYYY-MM-DD' when it lasts whole days), so a
// change of the clocks never moves one; event_start null means no event. event_last_day
// (the end's day, or the start's) is written with them: what splits upcoming from past
// is a comparison with today that an index answers.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const add = (column: string, type: 'varchar(19)' | 'varchar(10)' | 'text') =>
    db.schema.alterTable('publications').addColumn(column, type).execute();
  await add('event_start', 'varchar(19)');
  await add('event_end', 'varchar(19)');
  await db.schema
    .alterTable('publications')
    .addColumn('event_all_day', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await add('event_location', 'text');
  await add('event_online_url', 'text');
  await add('event_registration_url', 'text');
  await add('event_last_day', 'varchar(10)');
  await db.schema
    .createIndex('publications_section_event')
    .on('publications')
    .columns(['section_id', 'event_last_day', 'event_start', 'id'])
    .execute();
  await db.schema.createIndex('publications_event').on('publications').columns(['event_last_day', 'event_start', 'id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('publications_event').execute();
  await db.schema.dropIndex('publications_section_event').execute();
  for (const column of [
    'event_last_day',
    'event_registration_url',
    'event_online_url',
    'event_location',
    'event_all_day',
    'event_end',
    'event_start',
  ]) {
    await db.schema.alterTable('publications').dropColumn(column).execute();
  }
}
