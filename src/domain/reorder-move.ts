/**
 * What one reorder did, in the words of the activity log (issue #42): when a single item
 * moved (a drag, a 'Subir' or 'Bajar'), which one and where to; null when several did
 * (then the log says how many were put in order).
 *
 * `before` and `after` are the view's ids in their order before and after. The moved item is
 * the one without which both read the same; of two that swapped places, the one now first.
 */
export function movedItem(before: readonly number[], after: readonly number[]): { id: number; index: number } | null {
  if (before.length !== after.length || before.every((id, i) => after[i] === id)) return null;
  const without = (ids: readonly number[], left: number) => ids.filter((id) => id !== left);
  for (const [index, id] of after.entries()) {
    if (before[index] === id) continue;
    const [was, is] = [without(before, id), without(after, id)];
    if (was.every((other, i) => is[i] === other)) return { id, index };
  }
  return null;
}
