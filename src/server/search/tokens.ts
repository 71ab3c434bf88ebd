import { stemmer } from '../../../vendor/snowball-spanish/es.js';
import { Type } from 'typebox';
import { Value } from 'typebox/value';
import type { Layout } from '@/domain/entities';
import { searchKey } from '@/domain/search';
import { stripTags } from '@/domain/text';

/**
 * The one pipeline of the public search, for documents and queries alike and
 * on both databases: fold first (searchKey: lower case, accents removed), then
 * split into words, drop the commonest Spanish words, and stem each with the
 * Snowball Spanish stemmer. Folding comes first because the stemmer treats an
 * accented ending differently: 'educación' and 'educacion' stem apart, their
 * folded forms alike.
 *
 * The tokens are stored (publication_search) and the databases only compare
 * them: a change here changes the stored tokens, so a migration must then
 * rebuild the index (rebuildSearchIndex), as migration 014 first built it.
 */

const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Words too common to tell publications apart (folded). Left in, every word of
 * 'regulación de las emociones' would have to be found, 'de' and 'las' too.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a al algo algun alguna algunas alguno algunos ante antes como con contra cual cuando de del desde donde durante e el ella ellas ' +
    'ellos en entre era eran es esa esas ese eso esos esta estas este esto estos fue fueron ha han hasta hay la las le les lo los mas ' +
    'me mi mis mucho muy ni no nos o os otra otras otro otros para pero poco por porque que quien se sea ser si sin sobre son su sus ' +
    'tambien te tiene tu tus u un una uno unos unas y ya yo'
  ).split(' '),
);

/** A folded word as it is stored and searched. */
const stem = (word: string): string => stemmer(word);

/** The tokens of a text, in order, repeats kept: fold, split, drop stop words, stem. */
export function textTokens(text: string): string[] {
  const words = searchKey(text).match(WORD) ?? [];
  return words.filter((word) => !STOP_WORDS.has(word)).map(stem);
}

/** The distinct tokens of a query, in the order they were typed. */
export function queryTokens(query: string): string[] {
  return [...new Set(textTokens(query))];
}

/** Only what the search reads of a layout: a layout kept before a rule changed is read as far as it goes. */
const RowWithCells = Type.Object({ cells: Type.Array(Type.Unknown()) });
const TextCell = Type.Object({ type: Type.Literal('text'), content: Type.String() });

/** The plain text of a layout's text cells, in reading order: what the search reads besides the title. */
export function layoutText(layout: Layout | string | null | undefined): string {
  let parsed: unknown;
  try {
    parsed = typeof layout === 'string' ? JSON.parse(layout) : (layout ?? []);
  } catch {
    return '';
  }
  if (!Array.isArray(parsed)) return '';
  const rows: readonly unknown[] = parsed;
  const texts: string[] = [];
  for (const row of rows) {
    if (!Value.Check(RowWithCells, row)) continue;
    for (const cell of row.cells) if (Value.Check(TextCell, cell)) texts.push(stripTags(cell.content));
  }
  return texts.filter(Boolean).join(' ');
}

/**
 * What publication_search stores of a publication: its title's tokens and its text's, each token
 * once (no query needs positions or repeats: the narrower rows are fewer pages to read), joined by spaces.
 */
export interface SearchEntry {
  title_tokens: string;
  body_tokens: string;
}

export function searchEntryOf(title: string, layout: Layout | string | null | undefined): SearchEntry {
  const once = (text: string) => [...new Set(textTokens(text))].join(' ');
  return { title_tokens: once(title), body_tokens: once(layoutText(layout)) };
}
