import type { Biography } from '@/domain/entities';
import { mergeBiographyAnswers, remainingBiographyPages } from './public-content';

const bio = (id: number | null | undefined, order: number, name = `Docente ${id}`) => ({ id, order, name }) as unknown as Biography;
const page = (results: unknown[], count: number, next: string | null = 'http://x/?page=2') => ({ count, next, previous: null, results });

describe('remainingBiographyPages (requirements §7)', () => {
  test('pages 2..N, N being count divided by the first page size, rounded up', () => {
    expect(remainingBiographyPages(page(new Array(100).fill(bio(1, 1)), 250))).toEqual([2, 3]);
    expect(remainingBiographyPages(page(new Array(100).fill(bio(1, 1)), 301))).toEqual([2, 3, 4]);
    expect(remainingBiographyPages(page(new Array(20).fill(bio(1, 1)), 45))).toEqual([2, 3]);
  });

  test('nothing more for a plain array, a last page, or an empty page', () => {
    expect(remainingBiographyPages([bio(1, 1)])).toEqual([]);
    expect(remainingBiographyPages(page([bio(1, 1)], 1, null))).toEqual([]);
    expect(remainingBiographyPages(page([], 10))).toEqual([]);
  });
});

describe('mergeBiographyAnswers (requirements §7)', () => {
  test('joins pages, drops records without id, keeps the first of each id, sorts by order', () => {
    const merged = mergeBiographyAnswers([
      page([bio(1, 5, 'Ana'), bio(2, 1, 'Berta'), bio(null, 0, 'Sin id')], 6),
      undefined, // a failed page
      page([bio(2, 9, 'Berta repetida'), bio(3, 3, 'Carlos'), bio(undefined, 0, 'Tampoco')], 6, null),
    ]);
    expect(merged.map((b) => b.name)).toEqual(['Berta', 'Carlos', 'Ana']);
  });

  test('accepts plain arrays and keeps arrival order between equal orders', () => {
    const merged = mergeBiographyAnswers([[bio(7, 2, 'Primera'), bio(8, 2, 'Segunda'), bio(9, 1, 'Antes')]]);
    expect(merged.map((b) => b.name)).toEqual(['Antes', 'Primera', 'Segunda']);
  });

  test('an answer without a list gives no one', () => {
    expect(mergeBiographyAnswers([{ detail: 'error' }, null])).toEqual([]);
  });
});
