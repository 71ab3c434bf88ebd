/**
 * A text as searches compare it: lower case, accents and other marks
 * removed ('Educación' and 'EDUCACION' both give 'educacion'; 'Niñez' gives
 * 'ninez', as slugs do). The admin list's title search stores this form of
 * each title (publications.title_search) and looks in it for this form of the
 * term, so both sides are folded by the same code on SQLite and PostgreSQL,
 * and the database only runs a plain LIKE.
 *
 * Changing it changes the stored keys: a migration must then rewrite every
 * publication's title_search, or old titles would stop matching.
 */
export function searchKey(text: string): string {
  // Lower case first: some capitals lower to a letter plus a mark ('İ' -> 'i̇').
  // NFD splits 'é' into 'e' and a combining accent, which \p{M} removes; NFC
  // puts back together what remains (Hangul syllables, for one).
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');
}
