import type { PublicPublication } from '@/domain/entities';
import type { ListOrder } from '@/domain/list-order';
import { eventGroups } from './event-groups';

const item = (id: number, event_upcoming: boolean | null): PublicPublication => ({
  id,
  title: `Publicación ${id}`,
  section_title: 'Noticias',
  section_slug: 'noticias',
  status: 'published',
  featured_image: null,
  featured_image_focus: null,
  is_featured: false,
  publish_date: '2026-02-01',
  event:
    event_upcoming === null
      ? null
      : { start: '2026-03-12', end: null, all_day: true, location: null, online_url: null, registration_url: null },
  event_upcoming,
  order: id,
  layout: [],
});

const shape = (items: PublicPublication[], listOrder: ListOrder = 'event') =>
  eventGroups(items, listOrder).map((group) => [group.title, group.items.map(({ id }) => id)]);

test('a page without events is one group without a heading', () => {
  expect(shape([item(1, null), item(2, null)])).toEqual([[null, [1, 2]]]);
  expect(shape([])).toEqual([[null, []]]);
});

test("a page with events: 'Próximos', 'Anteriores', 'Otras publicaciones', each in the list's order, only those it holds", () => {
  expect(shape([item(1, true), item(2, true), item(3, false), item(4, null)])).toEqual([
    ['Próximos', [1, 2]],
    ['Anteriores', [3]],
    ['Otras publicaciones', [4]],
  ]);
  expect(shape([item(3, false), item(4, null)])).toEqual([
    ['Anteriores', [3]],
    ['Otras publicaciones', [4]],
  ]);
});

test('a list in another order keeps its cards in place, events or not, under no heading', () => {
  expect(shape([item(5, null), item(6, false), item(7, true), item(8, null)], 'date')).toEqual([[null, [5, 6, 7, 8]]]);
  expect(shape([item(1, true), item(2, null)], 'manual')).toEqual([[null, [1, 2]]]);
});
