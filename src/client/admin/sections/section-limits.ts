/** Until src/domain/limits.ts exports it: the longest section title the server accepts (DECISIONS.md). */
export const SECTION_TITLE_MAX_LENGTH = 100;
