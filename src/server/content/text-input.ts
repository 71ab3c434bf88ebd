/**
 * A text field of a save as the rules read it: trimmed, null as '' (a
 * cleared field), a number as its digits (an id sent as a number); absent
 * stays absent.
 */
export function textOf(value: string | number | null | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value === null) return '';
  return typeof value === 'number' ? String(value) : value.trim();
}
