import { sql, type Transaction } from 'kysely';
import type { Database } from './schema';

/**
 * `work` in a savepoint of `trx` (SQLite and PostgreSQL alike): what it wrote
 * is undone when it throws, and the transaction goes on (a bulk action's item
 * refused while the others are written, content/bulk.ts).
 */
export async function inSavepoint<T>(trx: Transaction<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  await sql`savepoint bulk_item`.execute(trx);
  try {
    const result = await work(trx);
    await sql`release savepoint bulk_item`.execute(trx);
    return result;
  } catch (error) {
    await sql`rollback to savepoint bulk_item`.execute(trx);
    await sql`release savepoint bulk_item`.execute(trx);
    throw error;
  }
}
