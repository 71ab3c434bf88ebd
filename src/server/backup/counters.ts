import { sql } from 'kysely';
import { type AnyDb, kindOf, type TableShape } from './schema';

/**
 * The id counters: SQLite's sqlite_sequence (AUTOINCREMENT tables) and
 * PostgreSQL's serial sequences. A copy keeps the highest id each has handed
 * out, deleted rows included, so that after a restore a new row never takes
 * the id of one that existed (a trashed item takes its id back when it is free:
 * docs/decisions/130-trash.md).
 */

/** The highest id handed out per table (tables whose counter never ran are absent). */
export async function readCounters(db: AnyDb, tables: TableShape[]): Promise<Map<string, number>> {
  const counters = new Map<string, number>();
  if (kindOf(db) === 'sqlite') {
    const exists = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name = 'sqlite_sequence'`.execute(
      db,
    );
    if (exists.rows.length === 0) return counters;
    const rows = await sql<{ name: string; seq: number }>`select name, seq from sqlite_sequence`.execute(db);
    for (const row of rows.rows) if (tables.some((table) => table.name === row.name)) counters.set(row.name, Number(row.seq));
    return counters;
  }
  for (const table of tables) {
    if (!table.counter) continue;
    const { rows } = await sql<{ value: string | null }>`
      select pg_sequence_last_value(pg_get_serial_sequence(quote_ident(${table.name}), ${table.counter})::regclass) as value`.execute(db);
    if (rows[0]?.value != null) counters.set(table.name, Number(rows[0].value));
  }
  return counters;
}

/**
 * Sets each table's counter past both its highest id and the one recorded in
 * the copy. Needed on PostgreSQL, where rows inserted with their ids leave the
 * sequence at 1; on SQLite it keeps the ids of rows deleted before the copy.
 */
export async function writeCounters(db: AnyDb, tables: TableShape[], recorded: Map<string, number | null>): Promise<void> {
  const sqlite = kindOf(db) === 'sqlite';
  for (const table of tables) {
    if (!table.counter) continue;
    const { max } = await db
      .selectFrom(table.name)
      .select((eb) => eb.fn.max(table.counter!).as('max'))
      .executeTakeFirstOrThrow();
    const value = Math.max(Number(max ?? 0), recorded.get(table.name) ?? 0);
    if (sqlite) {
      const declared = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = ${table.name}`.execute(db);
      if (!/autoincrement/i.test(declared.rows[0]?.sql ?? '') || value === 0) continue;
      const updated = await sql`update sqlite_sequence set seq = ${value} where name = ${table.name}`.execute(db);
      if (Number(updated.numAffectedRows ?? 0) === 0)
        await sql`insert into sqlite_sequence (name, seq) values (${table.name}, ${value})`.execute(db);
      continue;
    }
    const sequence = sql`pg_get_serial_sequence(quote_ident(${table.name}), ${table.counter})`;
    // setval(…, 1, false): the next id is 1, as in a table that never had a row.
    if (value > 0) await sql`select setval(${sequence}, ${value}, true) where ${sequence} is not null`.execute(db);
    else await sql`select setval(${sequence}, 1, false) where ${sequence} is not null`.execute(db);
  }
}
