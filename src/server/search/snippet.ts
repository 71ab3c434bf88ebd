import { searchKey } from '@/domain/search';
import { textTokens } from './tokens';

/** About how many characters of text a result shows around its first match. */
const SNIPPET_LENGTH = 200;
/** How much of the snippet comes before the first match. */
const LEAD = 60;

// Words of the original text: marks included, so that a decomposed 'é' stays inside its word.
const ORIGINAL_WORD = /[\p{L}\p{M}\p{N}]+/gu;

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

interface Match {
  start: number;
  end: number;
}

/**
 * Where in `text` the words are whose token is one of `tokens` (the same pipeline as the index).
 * The Snowball stemmer removes endings, or rewrites one into a shorter or equal one ('-encia'
 * becomes '-ente'): a word can match only when its folded form starts with a token less its
 * last two letters. The others are never stemmed, and each distinct word is stemmed once.
 */
function matchesIn(text: string, tokens: ReadonlySet<string>, within: number): Match[] {
  const found: Match[] = [];
  const prefixes = [...tokens].map((token) => token.slice(0, Math.max(1, token.length - 2)));
  const known = new Map<string, boolean>();
  for (const word of text.matchAll(ORIGINAL_WORD)) {
    let matches = known.get(word[0]);
    if (matches === undefined) {
      const folded = searchKey(word[0]);
      matches = prefixes.some((prefix) => folded.startsWith(prefix)) && tokens.has(textTokens(word[0])[0] ?? '');
      known.set(word[0], matches);
    }
    if (matches) found.push({ start: word.index, end: word.index + word[0].length });
    // Past the passage the first match opens, nothing more is shown.
    if (found.length > 0 && word.index > found[0].start + within) break;
  }
  return found;
}

/** Moves a cut to the nearest space before it (or keeps it), so that no word is cut in half. */
function atSpace(text: string, index: number, backwards: boolean): number {
  if (index <= 0) return 0;
  if (index >= text.length) return text.length;
  const space = backwards ? text.lastIndexOf(' ', index) : text.indexOf(' ', index);
  return space === -1 ? (backwards ? 0 : text.length) : backwards ? space + 1 : space;
}

/**
 * A short passage of a publication's plain text around the first word that
 * matches the query, HTML-escaped, with every matching word in <mark>: the only
 * markup it holds. Computed here, over the original text (accents and case as
 * written), by the same pipeline that built the index, so that what is marked
 * is what matched. Without a match in the text (the title or the section
 * matched), the text's start.
 */
export function snippetOf(text: string, tokens: readonly string[]): string {
  if (!text) return '';
  const wanted = new Set(tokens);
  const all = matchesIn(text, wanted, SNIPPET_LENGTH);
  const first = all[0]?.start ?? 0;
  const start = first <= LEAD ? 0 : atSpace(text, first - LEAD, true);
  const end = atSpace(text, start + SNIPPET_LENGTH, false);
  let html = start > 0 ? '…' : '';
  let at = start;
  for (const match of all) {
    if (match.start < start) continue;
    if (match.end > end) break;
    html += `${escapeHtml(text.slice(at, match.start))}<mark>${escapeHtml(text.slice(match.start, match.end))}</mark>`;
    at = match.end;
  }
  html += escapeHtml(text.slice(at, end));
  return end < text.length ? `${html}…` : html;
}
