import { setupStore } from '@/client/app/store';
import { publicationFixture } from '../../../test/helpers/admin-fixtures';
import { publicContentApi } from '@/client/api/public-content';
import { seedFirstAnswer } from './first-answer';
import { searchApi } from './search-api';

/** A document with the page's first answer in it, as the server writes it. */
function pageWith(embedded: unknown, raw?: string): Document {
  const doc = document.implementation.createHTMLDocument('Máster');
  const script = doc.createElement('script');
  script.id = 'primera-respuesta';
  script.type = 'application/json';
  script.textContent = raw ?? JSON.stringify(embedded);
  doc.head.append(script);
  return doc;
}

const publication = { ...publicationFixture(7, { title: 'Jornada' }), section_title: 'Noticias', section_slug: 'noticias' };

test("a list page's answer is in the cache under the list's own request, and read once", () => {
  const store = setupStore();
  const doc = pageWith({
    read: { kind: 'publications', sectionSlug: 'noticias', page: 2 },
    answer: { count: 13, next: null, previous: 'http://sitio/api/public/publications/?page=1', results: [publication] },
  });
  seedFirstAnswer(store.dispatch, doc);
  const entry = publicContentApi.endpoints.getPublicPublications.select({ sectionSlug: 'noticias', page: 2, pageSize: 12 })(
    store.getState(),
  );
  expect(entry.isSuccess).toBe(true);
  expect(entry.data).toEqual({ count: 13, results: [publication] });
  expect(doc.getElementById('primera-respuesta')).toBeNull();
});

test("a publication's and a search's answers go under theirs", () => {
  const store = setupStore();
  seedFirstAnswer(store.dispatch, pageWith({ read: { kind: 'publication', id: 7 }, answer: publication }));
  expect(publicContentApi.endpoints.getPublicPublication.select(7)(store.getState()).data).toEqual(publication);
  const answer = {
    count: 1,
    next: null,
    previous: null,
    results: [{ ...publication, snippet: '', title_match: true }],
    query: 'jornada',
    truncated: false,
  };
  seedFirstAnswer(store.dispatch, pageWith({ read: { kind: 'search', q: 'jornada', page: 1 }, answer }));
  expect(searchApi.endpoints.searchPublications.select({ q: 'jornada', page: 1 })(store.getState()).data).toEqual(answer);
});

test('a page without one, or with one that cannot be read, leaves the cache as it was', () => {
  const store = setupStore();
  const before = store.getState();
  seedFirstAnswer(store.dispatch, document.implementation.createHTMLDocument('Máster'));
  seedFirstAnswer(store.dispatch, pageWith(undefined, '{"read": '));
  expect(store.getState()).toBe(before);
});
