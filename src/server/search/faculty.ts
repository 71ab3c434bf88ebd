import { facultyCardHref } from '@/domain/catalogue';
import type { FacultyName } from '../db/biographies-repository';
import { textTokens } from './tokens';

/** A member of the faculty as the search answers them. */
export interface FacultyHit {
  id: number;
  name: string;
  position: string;
  url: string;
}

/**
 * The tokens of a name or a position, by the search's own pipeline (tokens.ts), kept for the
 * next search: the faculty is read whole at every search, a few thousand people at most, and
 * their names change seldom. Bounded: past the limit it starts again.
 */
const TOKENS_KEPT = 20_000;
const kept = new Map<string, ReadonlySet<string>>();
function tokensOf(text: string): ReadonlySet<string> {
  let tokens = kept.get(text);
  if (!tokens) {
    if (kept.size >= TOKENS_KEPT) kept.clear();
    tokens = new Set(textTokens(text));
    kept.set(text, tokens);
  }
  return tokens;
}

/**
 * The people in whose name or position every token of the query is found,
 * folded and stemmed as publications are (docs/decisions/064): those who hold
 * every token in their name first, then the rest, each group in the order the
 * faculty page shows them (the order given). Answers at most `limit` of them,
 * with their card's address, and how many were found.
 */
export function searchFaculty(
  people: readonly FacultyName[],
  tokens: readonly string[],
  limit: number,
): { hits: FacultyHit[]; count: number } {
  if (tokens.length === 0) return { hits: [], count: 0 };
  const byName: FacultyName[] = [];
  const byPosition: FacultyName[] = [];
  for (const person of people) {
    const name = tokensOf(person.name);
    if (tokens.every((token) => name.has(token))) {
      byName.push(person);
      continue;
    }
    const position = tokensOf(person.position);
    if (tokens.every((token) => name.has(token) || position.has(token))) byPosition.push(person);
  }
  const found = [...byName, ...byPosition];
  return {
    hits: found.slice(0, limit).map(({ id, name, position }) => ({ id, name, position, url: facultyCardHref(id) })),
    count: found.length,
  };
}
