import { setupStore } from '@/client/app/store';
import { publicationFixture } from '../../../test/helpers/admin-fixtures';
import { publicContentApi } from '@/client/api/public-content';
import { pageDataActions, readPageData } from './page-data';
import { searchApi } from './search-api';

/** A document with the page's data in it, as the server writes it. */
function pageWith(embedded: unknown, raw?: string): Document {
  const doc = document.implementation.createHTMLDocument('Máster');
  const script = doc.createElement('script');
  script.id = 'datos-de-la-pagina';
  script.type = 'application/json';
  script.textContent = raw ?? JSON.stringify(embedded);
  doc.head.append(script);
  return doc;
}

const publication = { ...publicationFixture(7, { title: 'Jornada' }), section_title: 'Noticias', section_slug: 'noticias' };

const seeded = (data: unknown) => {
  const store = setupStore();
  const doc = pageWith(data);
  const read = readPageData(doc);
  for (const action of pageDataActions(read?.reads ?? [])) store.dispatch(action);
  return { store, doc };
};

test("a list page's answer is in the cache under the list's own request, and read once", () => {
  const { store, doc } = seeded({
    status: 200,
    reads: [
      {
        read: { kind: 'publications', sectionSlug: 'noticias', page: 2, pageSize: 12 },
        answer: { count: 13, next: null, previous: 'http://sitio/api/public/publications/?page=1', results: [publication] },
      },
    ],
  });
  const entry = publicContentApi.endpoints.getPublicPublications.select({ sectionSlug: 'noticias', page: 2, pageSize: 12 })(
    store.getState(),
  );
  expect(entry.isSuccess).toBe(true);
  expect(entry.data).toEqual({ count: 13, results: [publication], listOrder: 'date' });
  expect(doc.getElementById('datos-de-la-pagina')).toBeNull();
});

test("a publication's and a search's answers go under theirs", () => {
  const answer = {
    count: 1,
    next: null,
    previous: null,
    results: [{ ...publication, snippet: '', title_match: true }],
    query: 'jornada',
    truncated: false,
  };
  const { store } = seeded({
    status: 200,
    reads: [
      { read: { kind: 'publication', id: 7 }, answer: publication },
      { read: { kind: 'search', q: 'jornada', page: 1 }, answer },
    ],
  });
  expect(publicContentApi.endpoints.getPublicPublication.select(7)(store.getState()).data).toEqual(publication);
  expect(searchApi.endpoints.searchPublications.select({ q: 'jornada', page: 1 })(store.getState()).data).toEqual(answer);
});

test("the faculty's pages are merged into the one list the page reads, in the faculty's order", () => {
  const bio = (id: number, order: number) => ({ id, order, name: `Docente ${id}` });
  const { store } = seeded({
    status: 200,
    reads: [
      { read: { kind: 'biographies', page: 1 }, answer: { count: 3, next: 'x', previous: null, results: [bio(2, 1), bio(1, 0)] } },
      { read: { kind: 'biographies', page: 2 }, answer: { count: 3, next: null, previous: 'x', results: [bio(3, 2)] } },
    ],
  });
  const list = publicContentApi.endpoints.getPublicBiographies.select()(store.getState()).data;
  expect(list?.map((b) => b.id)).toEqual([1, 2, 3]);
});

test('a page without data, or with data that cannot be read, leaves the cache as it was', () => {
  expect(readPageData(document.implementation.createHTMLDocument('Máster'))).toBeNull();
  expect(readPageData(pageWith(undefined, '{"reads": '))).toBeNull();
  expect(readPageData(pageWith({ status: 200 }))).toBeNull();
});

test("the home page's next events go under the request of its 'Próximo evento'", () => {
  const event = { start: '2099-05-20T10:00:00+02:00', end: null, all_day: false, location: null, online_url: null, registration_url: null };
  const upcoming = { ...publication, event, event_upcoming: true };
  const { store } = seeded({
    status: 200,
    reads: [{ read: { kind: 'events', pageSize: 1 }, answer: { count: 4, next: 'x', previous: null, results: [upcoming] } }],
  });
  const entry = publicContentApi.endpoints.getPublicEvents.select(1)(store.getState());
  expect(entry.isSuccess).toBe(true);
  expect(entry.data).toEqual({ count: 4, results: [upcoming], listOrder: 'date' });
});
