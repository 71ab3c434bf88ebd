/**
 * Whether a value read from outside the types (parsed JSON, a message, an API error)
 * is an object, so that its fields can be read one by one, each still `unknown` and
 * checked where it is used.
 */
export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
