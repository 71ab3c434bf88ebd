import { messages } from '@/domain/messages';
import { readPageRequest, toPage } from './pagination';

const url = new URL('http://localhost:8000/api/sections/?page_size=2&page=2&x=1');

describe('readPageRequest', () => {
  it('defaults to page 1 of 20 and caps page_size at 1000', () => {
    expect(readPageRequest({})).toEqual({ page: 1, pageSize: 20, window: { limit: 20, offset: 0 } });
    expect(readPageRequest({ page_size: '5000', page: '2' }).window).toEqual({ limit: 1000, offset: 1000 });
    expect(readPageRequest({ page_size: 'abc' }).pageSize).toBe(20);
    expect(readPageRequest({ page_size: '0' }, 100).pageSize).toBe(100);
  });

  it('returns everything for all=true', () => {
    expect(readPageRequest({ all: 'true', page_size: '3' }).window).toBeUndefined();
  });

  it('refuses pages that are not whole numbers from 1', () => {
    for (const page of ['0', '-1', 'abc', '1.5']) expect(() => readPageRequest({ page })).toThrow(messages.invalidPage);
  });
});

describe('toPage', () => {
  it('links the next and previous pages, keeping other parameters', () => {
    const page = toPage(readPageRequest({ page_size: '2', page: '2' }), 5, ['c', 'd'], url);
    expect(page).toEqual({
      count: 5,
      next: 'http://localhost:8000/api/sections/?page_size=2&page=3&x=1',
      previous: 'http://localhost:8000/api/sections/?page_size=2&x=1',
      results: ['c', 'd'],
    });
  });

  it('has no next on the last page and refuses pages past the end, but page 1 always exists', () => {
    expect(toPage(readPageRequest({ page_size: '2', page: '3' }), 5, ['e'], url).next).toBeNull();
    expect(() => toPage(readPageRequest({ page_size: '2', page: '4' }), 5, [], url)).toThrow(messages.invalidPage);
    expect(toPage(readPageRequest({}), 0, [], url)).toMatchObject({ count: 0, next: null, previous: null, results: [] });
  });
});
