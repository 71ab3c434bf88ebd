import {
  draftKey,
  draftKeysOf,
  readDraft,
  registerPendingWriter,
  removeDraft,
  removeDraftsOf,
  writeDraft,
  writePendingDrafts,
  type Draft,
} from './draft-store';

const draft = (values: Record<string, unknown> = { title: 'Jornada' }): Draft => ({
  savedAt: '2026-11-22T10:30:00.000Z',
  values,
  lostFiles: [],
});

beforeEach(() => localStorage.clear());

test('one key per administrator, kind and record, with "new" for a record not created yet', () => {
  expect(draftKey('ana', 'publication', 7)).toBe('draft:v1:ana:publication:7');
  expect(draftKey('ana', 'publication', undefined)).toBe('draft:v1:ana:publication:new');
  // A name with the separator in it cannot reach another administrator's drafts.
  expect(draftKey('ana:x', 'section', 1)).toBe('draft:v1:ana%3Ax:section:1');
});

test('a draft is written, read back as it was, and removed', () => {
  const key = draftKey('ana', 'section', 3);
  expect(readDraft(key)).toBeNull();
  expect(writeDraft(key, { ...draft(), extra: [{ id: 'r1', cells: [] }], baseVersion: 4 })).toBe(true);
  expect(readDraft(key)).toEqual({ ...draft(), extra: [{ id: 'r1', cells: [] }], baseVersion: 4 });
  removeDraft(key);
  expect(readDraft(key)).toBeNull();
});

test('anything unreadable under a draft key counts as no draft', () => {
  const key = draftKey('ana', 'biography', 1);
  for (const raw of [
    '{not json',
    'null',
    '"texto"',
    JSON.stringify({ savedAt: 'ayer', values: {}, lostFiles: [] }),
    JSON.stringify({ savedAt: '2026-11-22T10:30:00Z', values: null, lostFiles: [] }),
  ]) {
    localStorage.setItem(key, raw);
    expect(readDraft(key)).toBeNull();
  }
});

test('a browser that refuses to store says so', () => {
  const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('full', 'QuotaExceededError');
  });
  expect(writeDraft(draftKey('ana', 'section', undefined), draft())).toBe(false);
  setItem.mockRestore();
});

test("signing out removes this administrator's drafts and nobody else's", () => {
  writeDraft(draftKey('ana', 'publication', undefined), draft());
  writeDraft(draftKey('ana', 'section', 2), draft());
  writeDraft(draftKey('luis', 'publication', undefined), draft());
  localStorage.setItem('user', '{}');
  expect(draftKeysOf('ana').sort()).toEqual(['draft:v1:ana:publication:new', 'draft:v1:ana:section:2']);
  removeDraftsOf('ana');
  expect(draftKeysOf('ana')).toEqual([]);
  expect(draftKeysOf('luis')).toEqual(['draft:v1:luis:publication:new']);
  expect(localStorage.getItem('user')).toBe('{}');
});

test('pending writes are made on demand until their form unregisters', () => {
  const write = jest.fn();
  const unregister = registerPendingWriter(write);
  writePendingDrafts();
  expect(write).toHaveBeenCalledTimes(1);
  unregister();
  writePendingDrafts();
  expect(write).toHaveBeenCalledTimes(1);
});
