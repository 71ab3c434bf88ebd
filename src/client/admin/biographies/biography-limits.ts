/** Until src/domain/limits.ts exports them: the longest values the server accepts (DECISIONS.md). */
export const NAME_MAX_LENGTH = 200;
export const POSITION_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
export const URL_MAX_LENGTH = 2048;
