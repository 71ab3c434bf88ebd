import type { Kysely } from 'kysely';

// Frozen: sections, publications and biographies gain the `version` an edit
// starts from (docs/decisions/020-editing-safely.md). Existing rows start at 1.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['sections', 'publications', 'biographies']) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .execute();
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sections', 'publications', 'biographies']) {
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
}
