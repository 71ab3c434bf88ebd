import type { Kysely } from 'kysely';

// Frozen: 'Ajustes del sitio' (docs/decisions/199), the site's facts its
// Administradores edit: contact, the programme's key facts, the admission
// period, the five social links and the research group. One row (id 1),
// written by the first save; until then the server answers the environment's
// defaults (SOCIAL_*_URL, GIESE_LABEL, GIESE_URL), which is why this migration
// writes none: a migration reads no environment. Texts are '' when empty;
// numbers and dates null. Dates as YYYY-MM-DD text, as publish_date.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const text = (name: string) => (table: ReturnType<typeof db.schema.createTable>) =>
    table.addColumn(name, 'text', (col) => col.notNull().defaultTo(''));
  let table = db.schema.createTable('site_settings').addColumn('id', 'integer', (col) => col.primaryKey());
  for (const name of [
    'contact_email',
    'contact_phone',
    'contact_address',
    'modality',
    'language',
    'how_to_apply_url',
    'social_facebook',
    'social_instagram',
    'social_x',
    'social_youtube',
    'social_linkedin',
    'research_group_name',
    'research_group_url',
  ]) {
    table = text(name)(table);
  }
  await table
    .addColumn('duration_months', 'integer')
    .addColumn('ects_credits', 'integer')
    .addColumn('price', 'integer')
    .addColumn('admission_opens', 'varchar(10)')
    .addColumn('admission_closes', 'varchar(10)')
    // ISO 8601 of the last save, and who made it (the username as it was).
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'varchar(150)')
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_settings').execute();
}
