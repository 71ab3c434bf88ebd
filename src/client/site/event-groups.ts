import type { PublicPublication } from '@/domain/entities';
import type { ListOrder } from '@/domain/list-order';

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
 * in a section ordered as events, 'Próximos', 'Anteriores', then 'Otras
 * publicaciones' for those without one, each in the list's order, only the
 * groups the page holds (the server's order is already this one). Any other
 * list, or a page without any event, is one group without a heading: a news
 * item that announces an event stays in its place by date.
 */
export function eventGroups(items: readonly PublicPublication[], listOrder: ListOrder): CardGroup[] {
  if (listOrder !== 'event' || !items.some((item) => typeof item.event_upcoming === 'boolean'))
    return [{ key: 'todas', title: null, items: [...items] }];
  return GROUPS.map(({ key, title, holds }) => ({ key, title, items: items.filter((item) => holds(item.event_upcoming)) })).filter(
    (group) => group.items.length > 0,
  );
}
