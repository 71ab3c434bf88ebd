import { sql, type Expression, type RawBuilder } from 'kysely';
import { searchKey } from '@/domain/search';

/** LIKE's wildcards taken literally, with backslash as the escape character. */
const likeLiteral = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * `column LIKE '%term%'` on a stored search key (domain/search.ts): the term is
 * folded by the same code as the stored text, so 'MÁSTER', 'máster' and
 * 'master' match alike on SQLite and PostgreSQL with a plain LIKE.
 */
export function containsSearchKey(column: Expression<string>, term: string): RawBuilder<boolean> {
  return sql<boolean>`${column} like ${`%${likeLiteral(searchKey(term))}%`} escape '\\'`;
}
