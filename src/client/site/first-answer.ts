import type { PublicPublication } from '@/domain/entities';
import { PUBLIC_PUBLICATION_PAGE_SIZE } from '@/domain/limits';
import { FIRST_ANSWER_ELEMENT_ID, type FirstRead } from '@/domain/public-pages';
import type { AppDispatch } from '@/client/app/store';
import { publicContentApi, toPublicationPage } from '@/client/api/public-content';
import { searchApi, type SearchAnswer } from './search-api';

/**
 * The page's first answer, which the server wrote into its HTML
 * (docs/decisions/069-first-answer-in-the-page.md), put in the app's cache
 * under the very request the page would make: its first render draws the
 * page, with no 'Cargando…' and no request. Read once (the element goes);
 * anything unreadable is left out, and the page then asks as usual.
 */
export function seedFirstAnswer(dispatch: AppDispatch, doc: Document = document): void {
  const element = doc.getElementById(FIRST_ANSWER_ELEMENT_ID);
  if (!element) return;
  element.remove();
  let embedded: { read: FirstRead; answer: unknown };
  try {
    embedded = JSON.parse(element.textContent ?? '') as typeof embedded;
  } catch {
    return;
  }
  const { read, answer } = embedded;
  if (read.kind === 'publications') {
    const arg = { sectionSlug: read.sectionSlug, page: read.page, pageSize: PUBLIC_PUBLICATION_PAGE_SIZE };
    dispatch(publicContentApi.util.upsertQueryEntries([{ endpointName: 'getPublicPublications', arg, value: toPublicationPage(answer) }]));
  } else if (read.kind === 'publication') {
    dispatch(
      publicContentApi.util.upsertQueryEntries([
        { endpointName: 'getPublicPublication', arg: read.id, value: answer as PublicPublication },
      ]),
    );
  } else if (read.kind === 'search') {
    dispatch(
      searchApi.util.upsertQueryEntries([
        { endpointName: 'searchPublications', arg: { q: read.q, page: read.page }, value: answer as SearchAnswer },
      ]),
    );
  }
}
