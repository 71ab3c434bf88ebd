import type { PublicPublication } from '@/domain/entities';
import { publicApiAddress } from '@/domain/public-pages';
import { baseApi } from '@/client/api/base-api';

export interface SearchHit extends PublicPublication {
  /** Escaped text with the matched words in <mark> (the server's snippet). */
  snippet: string;
  title_match: boolean;
}

/** A member of the faculty found by name or position, and their card's address (/cuerpo-docente#docente-12). */
export interface FacultyHit {
  id: number;
  name: string;
  position: string;
  url: string;
}

export interface SearchAnswer {
  count: number;
  next: string | null;
  previous: string | null;
  results: SearchHit[];
  query: string;
  truncated: boolean;
  /** The faculty found, the same on every page (at most FACULTY_SEARCH_LIMIT); absent from an older server's answer. */
  faculty?: FacultyHit[];
  faculty_count?: number;
}

export const searchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/public/search/?q=&page=: twelve public publications a page, title matches first, and the faculty found. */
    searchPublications: build.query<SearchAnswer, { q: string; page: number }>({
      query: ({ q, page }) => publicApiAddress.search(q, page),
    }),
  }),
});

export const { useSearchPublicationsQuery } = searchApi;

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
const unescape = (text: string) => text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]);

/**
 * A snippet as text and marked parts: the server escapes the text and adds
 * only <mark>; here it becomes React text (never HTML), so nothing in it can
 * become markup whatever it holds.
 */
export function snippetParts(snippet: string): { text: string; marked: boolean }[] {
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const match of snippet.matchAll(/<mark>(.*?)<\/mark>/g)) {
    if (match.index > at) parts.push({ text: unescape(snippet.slice(at, match.index)), marked: false });
    parts.push({ text: unescape(match[1]), marked: true });
    at = match.index + match[0].length;
  }
  if (at < snippet.length) parts.push({ text: unescape(snippet.slice(at)), marked: false });
  return parts;
}
