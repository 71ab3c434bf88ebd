import { firstTextContent } from '@/domain/layout';
import type { Layout } from '@/domain/entities';
import { SITE_NAME } from '@/domain/catalogue';
import { stripTags } from '@/domain/text';
import { formatOffset, offsetMinutesAt } from '@/domain/zoned-time';
import type { FeedRow } from '../db/feed-repository';
import { storedLayout } from '../db/json-column';

/** Entries in a feed: the newest twenty. */
export const FEED_ENTRIES = 20;
/** A summary's longest plain text. */
const SUMMARY_LENGTH = 500;

/** The site's feed and each public list's, named by the list's address (/feeds/noticias.xml), never under it (/media/… is the media files'). */
export const SITE_FEED_PATH = '/feed.xml';
export const listFeedPath = (listSegment: string): string => `/feeds/${listSegment}.xml`;

export const siteFeedTitle = SITE_NAME;
export const listFeedTitle = (listTitle: string): string => `${listTitle} · ${SITE_NAME}`;

// Every character but XML 1.0's Char production: the C0 controls but tab and line breaks, a surrogate without its pair, U+FFFE and U+FFFF.
const NOT_XML_CHARACTER = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** The text without the characters that XML 1.0 cannot carry: what the feeds, the sitemap and the calendar write. */
export const withoutUnreadableCharacters = (text: string): string => text.replace(NOT_XML_CHARACTER, '');

/**
 * Text as XML writes it, in an element or a quoted attribute: the five
 * markup characters escaped, and every character XML 1.0 cannot carry
 * dropped, so that no stored text (one saved before the input refused such
 * characters, or one a rich-text entity such as &#xFFFF; became) can make
 * a feed, a sitemap or a calendar file unreadable to every reader.
 */
export const escapeXml = (text: string): string =>
  withoutUnreadableCharacters(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

/**
 * Midnight of a calendar day (YYYY-MM-DD) in `timeZone`, as RFC 3339 with the
 * zone's offset then ('2026-03-01T00:00:00+01:00'): the moment a publication
 * dated that day became public.
 */
export function midnightIn(day: string, timeZone: string): string {
  const [year, month, date] = day.split('-').map(Number);
  const utcMidnight = Date.UTC(year, month - 1, date);
  // The offset at local midnight: guessed at UTC midnight, then read again at the moment it gives.
  let offset = offsetMinutesAt(utcMidnight, timeZone);
  offset = offsetMinutesAt(utcMidnight - offset * 60_000, timeZone);
  return `${day}T00:00:00${formatOffset(offset)}`;
}

/**
 * When a publication became public, its date's midnight in the site's time zone, and when it
 * last changed: its last edit (`updated_at`), never earlier than its publication (an edit made
 * before a scheduled date would read as older than it). The feeds' `published` and `updated`,
 * and the pages' structured data (structured-data.ts), agree through this.
 */
export function publicationTimes(
  row: { publish_date: string | null; updated_at: string },
  timeZone: string,
): { published: string; updated: string } {
  const published = row.publish_date ? midnightIn(row.publish_date, timeZone) : row.updated_at;
  return { published, updated: Date.parse(row.updated_at) > Date.parse(published) ? row.updated_at : published };
}

const imageType = (address: string): string | undefined => {
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(address)?.[1]?.toLowerCase();
  return extension === 'jpg' || extension === 'jpeg'
    ? 'image/jpeg'
    : extension === 'png'
      ? 'image/png'
      : extension === 'webp'
        ? 'image/webp'
        : extension === 'gif'
          ? 'image/gif'
          : extension === 'avif'
            ? 'image/avif'
            : undefined;
};

/** A layout that cannot be read gives an entry without its summary, never a feed that fails. */
const parseLayout = (layout: string): Layout => {
  try {
    return storedLayout(layout);
  } catch {
    return [];
  }
};

/** A publication's plain-text summary: its first text cell's text, cut at SUMMARY_LENGTH. */
export const summaryOf = (layout: string): string => {
  const text = stripTags(firstTextContent(parseLayout(layout)));
  return text.length > SUMMARY_LENGTH ? `${text.slice(0, SUMMARY_LENGTH - 1).trimEnd()}…` : text;
};

export interface FeedInput {
  /** The site's public origin (PUBLIC_URL), without a trailing slash. */
  origin: string;
  title: string;
  /** The feed's own path (/feed.xml, /feeds/noticias.xml). */
  path: string;
  /** The page the feed follows (/, /noticias). */
  alternatePath: string;
  rows: readonly FeedRow[];
  timeZone: string;
  /** The feed's `updated` when it has no entry. */
  emptyUpdated: string;
}

/**
 * An Atom 1.0 feed (RFC 4287), newest first: the feed's id is its own
 * address, its `updated` the newest entry's; each entry's id is the
 * publication's absolute address (it never changes: a publication keeps its
 * id and section), `published` its date's midnight in the site's time zone,
 * `updated` its last edit, a plain-text summary from its first text cell and
 * its featured image as an enclosure.
 */
export function renderAtomFeed({ origin, title, path, alternatePath, rows, timeZone, emptyUpdated }: FeedInput): string {
  const base = origin.replace(/\/+$/, '');
  const dated = rows.map((row) => ({ row, ...publicationTimes(row, timeZone) }));
  const entries = dated.map(({ row, published, updated }) => {
    const address = `${base}/${encodeURIComponent(row.section_slug)}/${row.id}`;
    const summary = summaryOf(row.layout);
    const image = row.featured_image ? new URL(row.featured_image, `${base}/`).toString() : undefined;
    const type = image && imageType(image);
    return [
      '  <entry>',
      `    <id>${escapeXml(address)}</id>`,
      `    <title>${escapeXml(row.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(address)}"/>`,
      `    <published>${published}</published>`,
      `    <updated>${updated}</updated>`,
      `    <category term="${escapeXml(row.section_slug)}" label="${escapeXml(row.section_title)}"/>`,
      ...(summary ? [`    <summary type="text">${escapeXml(summary)}</summary>`] : []),
      ...(image ? [`    <link rel="enclosure" href="${escapeXml(image)}"${type ? ` type="${type}"` : ''}/>`] : []),
      '  </entry>',
    ].join('\n');
  });
  const newest = dated.reduce<string | undefined>(
    (latest, { updated }) => (latest === undefined || Date.parse(updated) > Date.parse(latest) ? updated : latest),
    undefined,
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es">',
    `  <id>${escapeXml(`${base}${path}`)}</id>`,
    `  <title>${escapeXml(title)}</title>`,
    `  <updated>${newest ?? emptyUpdated}</updated>`,
    `  <author><name>${escapeXml(SITE_NAME)}</name></author>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(`${base}${path}`)}"/>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(`${base}${alternatePath}`)}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
