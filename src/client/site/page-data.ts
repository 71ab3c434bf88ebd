import type { UnknownAction } from '@reduxjs/toolkit';
import type { PublicPublication } from '@/domain/entities';
import { PAGE_DATA_ELEMENT_ID, type PageData, type PageRead } from '@/domain/public-pages';
import { mergeBiographyAnswers, publicContentApi, toPublicationPage } from '@/client/api/public-content';
import { isRecord } from '@/domain/guards';
import { searchApi, type SearchAnswer } from './search-api';

/**
 * The page's data as the server wrote it into its HTML (PageData): read once,
 * the element goes. null when there is none or it cannot be read: the page then
 * asks as usual.
 */
export function readPageData(doc: Document = document): PageData | null {
  const element = doc.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  try {
    const data: unknown = JSON.parse(element.textContent ?? '');
    if (!isRecord(data) || !Array.isArray(data.reads)) return null;
    // A read this app would not make is left out: its page asks as usual.
    return { status: data.status === 404 ? 404 : 200, reads: data.reads.filter(isAnswered) };
  } catch {
    return null;
  }
}

type Answered = PageData['reads'][number];

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

/** Whether a read is one of PageRead's, with its arguments of their types: the cache keeps its answer under them. */
function isPageRead(value: unknown): value is PageRead {
  if (!isRecord(value)) return false;
  switch (value.kind) {
    case 'publications':
      return typeof value.sectionSlug === 'string' && isWhole(value.page) && isWhole(value.pageSize);
    case 'publication':
      return isWhole(value.id);
    case 'events':
      return isWhole(value.pageSize);
    case 'search':
      return typeof value.q === 'string' && isWhole(value.page);
    case 'biographies':
      return isWhole(value.page);
    default:
      return false;
  }
}

const isAnswered = (entry: unknown): entry is Answered => isRecord(entry) && isPageRead(entry.read);

/**
 * The actions that put a page's answers in the app's cache under the very
 * requests its components make: the page's first render then draws it from
 * them, with no 'Cargando…' and no request. The server draws the page from the
 * same actions (server-render.tsx), so the browser's first render matches the
 * HTML it takes over (docs/decisions/185-public-pages-as-html.md).
 */
export function pageDataActions(reads: readonly Answered[]): UnknownAction[] {
  const actions: UnknownAction[] = [];
  const biographies = reads.filter((entry) => entry.read.kind === 'biographies').map((entry) => entry.answer);
  if (biographies.length > 0) {
    actions.push(
      publicContentApi.util.upsertQueryEntries([
        { endpointName: 'getPublicBiographies', arg: undefined, value: mergeBiographyAnswers(biographies) },
      ]),
    );
  }
  for (const { read, answer } of reads) {
    if (read.kind === 'publications') {
      const arg = { sectionSlug: read.sectionSlug, page: read.page, pageSize: read.pageSize };
      actions.push(
        publicContentApi.util.upsertQueryEntries([{ endpointName: 'getPublicPublications', arg, value: toPublicationPage(answer) }]),
      );
    } else if (read.kind === 'events') {
      actions.push(
        publicContentApi.util.upsertQueryEntries([
          { endpointName: 'getPublicEvents', arg: read.pageSize, value: toPublicationPage(answer) },
        ]),
      );
    } else if (read.kind === 'publication') {
      actions.push(
        publicContentApi.util.upsertQueryEntries([
          { endpointName: 'getPublicPublication', arg: read.id, value: answer as PublicPublication },
        ]),
      );
    } else if (read.kind === 'search') {
      actions.push(
        searchApi.util.upsertQueryEntries([
          { endpointName: 'searchPublications', arg: { q: read.q, page: read.page }, value: answer as SearchAnswer },
        ]),
      );
    }
  }
  return actions;
}
