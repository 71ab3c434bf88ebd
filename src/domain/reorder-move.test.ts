import { movedItem } from './reorder-move';

test('a single item moved, up or down, is named with its new place', () => {
  expect(movedItem([1, 2, 3, 4], [1, 4, 2, 3])).toEqual({ id: 4, index: 1 });
  expect(movedItem([1, 2, 3, 4], [2, 3, 1, 4])).toEqual({ id: 1, index: 2 });
  // Two that swap places: the one now first.
  expect(movedItem([5, 6], [6, 5])).toEqual({ id: 6, index: 0 });
});

test('nothing moved, or several did: null', () => {
  expect(movedItem([1, 2, 3], [1, 2, 3])).toBeNull();
  expect(movedItem([1, 2, 3, 4], [4, 3, 2, 1])).toBeNull();
});
