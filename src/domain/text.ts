import { BIOGRAPHY_PREVIEW_LENGTH, PUBLICATION_EXCERPT_LENGTH } from './limits';

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const INLINE_TAG = /<\/?(?:a|abbr|b|bdi|bdo|cite|code|data|dfn|em|i|kbd|mark|q|s|samp|small|span|strong|sub|sup|time|u|var)(?:\s[^>]*)?>/gi;

/** Plain text of an HTML fragment: tags removed, common entities decoded, spaces collapsed. */
export function stripTags(html: string): string {
  return (
    html
      .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
      // Inline formatting sits inside words and sentences ('<strong>seis</strong>,'): it goes
      // without a trace; every other tag (paragraphs, line breaks...) separates words.
      .replace(INLINE_TAG, '')
      .replace(/<[^>]*>/g, ' ')
      .replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (entity, code: string) => {
        if (code.startsWith('#x') || code.startsWith('#X')) return String.fromCodePoint(parseInt(code.slice(2), 16));
        if (code.startsWith('#')) return String.fromCodePoint(parseInt(code.slice(1), 10));
        return NAMED_ENTITIES[code.toLowerCase()] ?? entity;
      })
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * The first `max` characters plus '...' (requirements §2: card excerpts always end so). Periods
 * the cut text already ends with are dropped first, so that an excerpt never ends in four dots
 * ('2027....'; docs/decisions/198).
 */
export function excerpt(html: string, max: number = PUBLICATION_EXCERPT_LENGTH): string {
  const text = stripTags(html);
  return text ? `${text.slice(0, max).replace(/\.+$/, '')}...` : '';
}

/**
 * A page description for search results and link previews: the plain text,
 * whole when it fits in `max` characters, else cut there with '…'.
 */
export function metaDescription(html: string, max = 155): string {
  const text = stripTags(html);
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

/** What a cut preview ends with. */
export const PREVIEW_ELLIPSIS = '...';

/** Cuts a text at `max` characters for a 'Leer más' preview; whole when short enough. */
export function preview(text: string, max: number = BIOGRAPHY_PREVIEW_LENGTH): { text: string; truncated: boolean } {
  return text.length > max ? { text: `${text.slice(0, max).trimEnd()}${PREVIEW_ELLIPSIS}`, truncated: true } : { text, truncated: false };
}

// C0 controls but tab, line feed and carriage return; DEL; the C1 controls. PostgreSQL refuses
// NUL in text, and none of them is anything a person types. Then what XML 1.0's Char production
// excludes beyond them: the noncharacters U+FFFE and U+FFFF and a surrogate without its pair (with
// the u flag a pair is one code point, so only a lone half matches). A feed, a sitemap or a
// calendar file that held one would not be XML for any reader.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF\uFFFE\uFFFF]/u;

/**
 * True when a text holds a control character other than tab and line breaks, U+FFFE, U+FFFF or
 * an unpaired surrogate (domain rule for every text that enters; its message is
 * messages.controlCharacter).
 */
export const hasControlCharacter = (text: string): boolean => CONTROL_CHARACTER.test(text);

const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'gu');

/** The text without the characters hasControlCharacter refuses: for what an entity (&#xFFFF;) becomes once decoded. */
export const withoutControlCharacters = (text: string): string => text.replace(CONTROL_CHARACTERS, '');
