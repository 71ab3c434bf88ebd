import type { PublicPublication } from '@/domain/entities';

/** A run of a list's cards under one heading, or under none (`title` null: a list without events). */
export interface CardGroup {
  key: 'proximos' | 'anteriores' | 'otras' | 'todas';
  title: string | null;
  items: PublicPublication[];
}

const GROUPS = [
  { key: 'proximos', title: 'Próximos', holds: (upcoming: boolean | null) => upcoming === true },
  { key: 'anteriores', title: 'Anteriores', holds: (upcoming: boolean | null) => upcoming === false },
  { key: 'otras', title: 'Otras publicaciones', holds: (upcoming: boolean | null) => typeof upcoming !== 'boolean' },
] as const;

/**
 * One page of a list's cards, grouped by their events (docs/decisions/197):
 * 'Próximos', 'Anteriores', then 'Otras publicaciones' for those without one,
 * each in the list's order, only the groups the page holds. A page without any
 * event is one group without a heading. Read from the items' `event_upcoming`
 * (the answer does not say the section's order), so it fits any list; in a
 * section ordered by event the groups are already the list's order.
 */
export function eventGroups(items: readonly PublicPublication[]): CardGroup[] {
  if (!items.some((item) => typeof item.event_upcoming === 'boolean')) return [{ key: 'todas', title: null, items: [...items] }];
  return GROUPS.map(({ key, title, holds }) => ({ key, title, items: items.filter((item) => holds(item.event_upcoming)) })).filter(
    (group) => group.items.length > 0,
  );
}
