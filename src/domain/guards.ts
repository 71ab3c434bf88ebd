/**
 * The two checks every validator of untrusted input starts with (a request's body, a
 * parsed JSON text, an RTK Query error, a history entry's state), so that each reads
 * the value's fields after checking it rather than asserting what it holds.
 */

/** An object whose fields can be read by name: not null, not an array. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether `value` is one of a literal tuple's members: `isOneOf(ROLES, value)` narrows it to a Role. */
export const isOneOf = <T>(list: readonly T[], value: unknown): value is T => list.some((item) => item === value);
