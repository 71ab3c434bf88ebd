/**
 * What a caught value says, read by its shape rather than `instanceof Error`:
 * a dependency may throw anything, and Node's own errors fail `instanceof`
 * across realms (Jest runs each test file in one of its own).
 */

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** A Node system or zlib error's code ('ENOENT', 'Z_BUF_ERROR'…), when the value carries one. */
export const errorCode = (error: unknown): string | undefined =>
  isObject(error) && 'code' in error && typeof error.code === 'string' ? error.code : undefined;

/** An error's name ('NoSuchKey'), when the value carries one. */
export const errorName = (error: unknown): string | undefined =>
  isObject(error) && 'name' in error && typeof error.name === 'string' ? error.name : undefined;

/** An error's message, or the thrown value as text. */
export const errorMessage = (error: unknown): string =>
  isObject(error) && 'message' in error && typeof error.message === 'string' ? error.message : String(error);
