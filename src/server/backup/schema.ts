import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, sql, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from '../db/migrate';
import { isOutboxTable } from '../db/outbox-repository';
import { isPresenceTable } from '../db/presence-repository';
import { isSearchIndexTable } from '../db/search-repository';

/**
 * What the backup knows of the database, found out rather than listed: the
 * tables are whatever the migrations made (docs/decisions/131), so a table a
 * later migration adds is copied and restored without touching this module.
 */

// Migrations and the copy see every table: they take Kysely<any> (architecture.md).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDb = Kysely<any>;
export type DatabaseKind = 'sqlite' | 'postgresql';

export const kindOf = (db: AnyDb): DatabaseKind => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgresql' : 'sqlite');

/** The migrations this program knows, in the order they run. */
export const codeMigrations = (): string[] => Object.keys(migrations).sort();

/** Kysely's own bookkeeping (kysely_migration, kysely_migration_lock): never copied; the migrator rebuilds it. */
const MIGRATION_TABLE = 'kysely_migration';

export interface TableShape {
  name: string;
  /** In the table's own order. */
  columns: string[];
  /** The column a counter fills (an id), if any. */
  counter?: string;
  /** Integer columns: PostgreSQL hands bigints over as text, the copy keeps them numbers. */
  integers: Set<string>;
}

const INTEGER_TYPE = /^(int2|int4|int8|smallint|integer|int|bigint|serial|bigserial)$/i;

/** PostgreSQL's schema the site's tables live in (search_path's first); undefined on SQLite. */
export async function currentSchema(db: AnyDb): Promise<string | undefined> {
  if (kindOf(db) !== 'postgresql') return undefined;
  return (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows[0]?.name;
}

/** The site's tables (not views, not Kysely's, not the search index nor who has a form open), by name; on PostgreSQL, those of the current schema. */
export async function siteTables(db: AnyDb): Promise<TableShape[]> {
  const schema = await currentSchema(db);
  const tables = await db.introspection.getTables();
  // The search index is derived from the publications: never copied, rebuilt by a restore (rebuildSearchIndex).
  // Who has a form open is forgotten within a minute: never copied, and no restore waits for it to be empty.
  return tables
    .filter(
      (table) =>
        !table.isView &&
        !table.isForeign &&
        table.schema === schema &&
        !isSearchIndexTable(table.name) &&
        !isPresenceTable(table.name) &&
        !isOutboxTable(table.name),
    )
    .map((table) => ({
      name: table.name,
      columns: table.columns.map((column) => column.name),
      // On SQLite Kysely also calls a lone integer primary key "auto-incrementing"; only
      // AUTOINCREMENT tables keep a counter there (sqlite_sequence), which is what is read.
      counter: table.columns.find((column) => column.isAutoIncrementing)?.name,
      integers: new Set(table.columns.filter((column) => INTEGER_TYPE.test(column.dataType)).map((column) => column.name)),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The names of the migrations applied to a database, in order; none when it was never migrated. */
export async function appliedMigrations(db: AnyDb): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === MIGRATION_TABLE)) return [];
  const rows = await db.selectFrom(MIGRATION_TABLE).select('name').execute();
  return rows.map((row) => String(row.name)).sort();
}

/**
 * Runs this program's migrations up to `target` (all of them when undefined)
 * and answers the names it ran. Given a transaction (PostgreSQL), they run in it.
 */
export async function migrateTo(db: AnyDb, target?: string): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results = [] } = target === undefined ? await migrator.migrateToLatest() : await migrator.migrateTo(target);
  const failed = results.find((result) => result.status === 'Error');
  if (error || failed)
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  return results.filter((result) => result.status === 'Success' && result.direction === 'Up').map((result) => result.migrationName);
}

/** A schema as the migrations leave it at one version. */
export interface SchemaShape {
  tables: Map<string, TableShape>;
  /** Every table, each after the tables its foreign keys point to: the order rows go in. */
  order: string[];
  /** Rows the migrations themselves write (a counter's first row): a table holding only these is empty. */
  seeded: Map<string, number>;
}

/** Tables sorted so that each comes after the ones it references; ties (and any cycle) by name. */
function parentsFirst(names: string[], references: { child: string; parent: string }[]): string[] {
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of references) if (child !== parent && parents.has(parent)) parents.get(child)?.add(parent);
  const order: string[] = [];
  const left = new Set(names);
  while (left.size > 0) {
    const ready = [...left].filter((name) => [...parents.get(name)!].every((parent) => !left.has(parent)));
    for (const name of ready.length > 0 ? ready : [...left]) {
      order.push(name);
      left.delete(name);
    }
  }
  return order;
}

/**
 * The schema at a version (the latest when undefined), made by running the
 * migrations on a throwaway in-memory SQLite: the same migrations give both
 * databases the same tables, columns and foreign keys (decision 011). This is
 * how a restore checks an archive against its schema before touching anything.
 */
export async function schemaAt(version?: string): Promise<SchemaShape> {
  const db: AnyDb = new Kysely({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
  try {
    await migrateTo(db, version);
    const tables = await siteTables(db);
    const references = await sql<{ child: string; parent: string }>`
      select m.name as child, f."table" as parent from sqlite_master m, pragma_foreign_key_list(m.name) f where m.type = 'table'`.execute(
      db,
    );
    const seeded = new Map<string, number>();
    for (const table of tables) {
      const { count } = await db
        .selectFrom(table.name)
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      if (Number(count) > 0) seeded.set(table.name, Number(count));
    }
    return {
      tables: new Map(tables.map((table) => [table.name, table])),
      order: parentsFirst(
        tables.map((table) => table.name),
        references.rows,
      ),
      seeded,
    };
  } finally {
    await db.destroy();
  }
}

/** Rows in each of the site's tables beyond those the migrations write: nothing means an empty database. */
export async function contentRows(db: AnyDb, seeded: Map<string, number>): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  for (const table of await siteTables(db)) {
    const row = await db
      .selectFrom(table.name)
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    const extra = Number(row.count) - (seeded.get(table.name) ?? 0);
    if (extra > 0) found.set(table.name, extra);
  }
  return found;
}
