import '../../../../test/helpers/dialog-polyfill';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { BULK_MAX_ITEMS } from '@/domain/limits';
import type { Publication } from '@/domain/entities';
import { renderRoutes, renderWithProviders } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { NoticesProvider } from '../kit/notices';
import { BulkActionBar } from './bulk-actions';
import { PublicationListPage } from './publication-list-page';
import { useBulkSelection, type BulkSelection } from './use-bulk-selection';

const publication = (id: number): Publication => ({ id, title: `Publicación ${id}`, version: 1 }) as Publication;

function selectionOf(count: number): BulkSelection {
  const items = Array.from({ length: count }, (_, index) => ({ id: index + 1, title: `Publicación ${index + 1}`, version: 1 }));
  return { items, count, isSelected: () => true, toggle: () => {}, selectPage: () => {}, pageState: 'all', clear: () => {} };
}

it(`refuses a selection over ${BULK_MAX_ITEMS} in the bar, before anything is sent`, () => {
  renderWithProviders(
    <NoticesProvider>
      <BulkActionBar selection={selectionOf(BULK_MAX_ITEMS + 1)} sections={[]} />
    </NoticesProvider>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Seleccione como máximo 500 publicaciones');
  for (const name of ['Publicar', 'Pasar a borrador', 'Archivar', 'Mover a sección…', 'Enviar a la papelera'])
    expect(screen.getByRole('button', { name })).toBeDisabled();
});

it(`offers every action for ${BULK_MAX_ITEMS}, and names the count`, () => {
  renderWithProviders(
    <NoticesProvider>
      <BulkActionBar selection={selectionOf(BULK_MAX_ITEMS)} sections={[]} />
    </NoticesProvider>,
  );
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByRole('region', { name: 'Acciones en lote' })).toHaveTextContent('500 publicaciones seleccionadas');
  expect(screen.getByRole('button', { name: 'Archivar' })).toBeEnabled();
});

it('keeps the selection across pages of one filter, with the version each had when chosen, and lets it go when the filter changes', () => {
  const { result, rerender } = renderHook(({ page, filter }) => useBulkSelection(page, filter), {
    initialProps: { page: [publication(1), publication(2)], filter: 'noticias' },
  });
  act(() => result.current.selectPage(true));
  expect(result.current.pageState).toBe('all');
  rerender({ page: [publication(3)], filter: 'noticias' });
  expect(result.current.pageState).toBe('none');
  act(() => result.current.toggle({ ...publication(3), version: 4 }));
  expect(result.current.items).toEqual([
    { id: 1, title: 'Publicación 1', version: 1 },
    { id: 2, title: 'Publicación 2', version: 1 },
    { id: 3, title: 'Publicación 3', version: 4 },
  ]);
  rerender({ page: [publication(3)], filter: 'revista' });
  expect(result.current.count).toBe(0);
});

/**
 * Chromium's timing for a modal <dialog>, which jsdom's stand-in (dialog-polyfill.ts) does not
 * have and the real server cannot produce: close() at once gives the keyboard back to what held it
 * before showModal() (to nothing when that cannot take it, e.g. a button disabled meanwhile), and
 * the 'close' event comes later, with the next frame, after whatever ran meanwhile. The returned
 * function fires the 'close' events still waiting.
 */
function withChromiumDialogTiming() {
  const proto = HTMLDialogElement.prototype;
  const { showModal, close } = proto;
  const before = new WeakMap<HTMLDialogElement, Element | null>();
  let waiting: HTMLDialogElement[] = [];
  beforeEach(() => {
    proto.showModal = function chromiumShowModal(this: HTMLDialogElement) {
      before.set(this, document.activeElement);
      showModal.call(this);
    };
    proto.close = function chromiumClose(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return;
      this.removeAttribute('open');
      const back = before.get(this);
      if (back instanceof HTMLElement && back.isConnected) back.focus();
      // A closed dialog's button cannot keep the keyboard: the browser lets it go to <body>.
      if (document.activeElement instanceof HTMLElement && this.contains(document.activeElement)) document.activeElement.blur();
      waiting.push(this);
    };
  });
  afterEach(() => {
    proto.showModal = showModal;
    proto.close = close;
    waiting = [];
  });
  return () =>
    act(() => {
      const due = waiting;
      waiting = [];
      for (const dialog of due) dialog.dispatchEvent(new Event('close'));
    });
}

describe('the outcome of a bulk action takes the keyboard, whenever the dialog finishes closing', () => {
  const api = withRealApi();
  const fireCloseEvents = withChromiumDialogTiming();

  /** Two drafts of a section of their own, listed and chosen, and 'Archivar' asked for from the bar. */
  async function askToArchiveTwo() {
    const section = await api.create('sections', { title: api.unique('Actas') });
    const made = await api.createMany('publications', 2, (index) => ({
      title: `Acta ${index + 1} de ${section.title}`,
      section_id: section.id,
      status: 'draft',
    }));
    // The shell puts each page in <main>, whose heading takes the keyboard when the focus has nowhere else to go.
    const view = renderRoutes(
      [
        {
          path: '/admin/publications',
          element: (
            <NoticesProvider>
              <main id="admin-main">
                <PublicationListPage />
              </main>
            </NoticesProvider>
          ),
        },
      ],
      { initialEntries: [`/admin/publications?section=${section.id}`], preloadedState: { session: api.session() } },
    );
    const table = await screen.findByRole('table', { name: 'Publicaciones' }, { timeout: 5000 });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    await view.user.click(screen.getByRole('checkbox', { name: 'Seleccionar todas las de esta página' }));
    await view.user.click(within(screen.getByRole('region', { name: 'Acciones en lote' })).getByRole('button', { name: 'Archivar' }));
    const dialog = screen.getByRole('dialog', { name: '¿Archivar 2 publicaciones?' });
    return { ...view, dialog, ids: made.map((publication: { id: number }) => publication.id) };
  }

  const outcome = () => screen.queryByText('2 publicaciones archivadas.')?.closest<HTMLElement>('.bulk-outcome') ?? null;

  const archivedOnTheServer = async (ids: number[]) =>
    Promise.all(ids.map(async (id) => (await api.request('GET', `/api/publications/${id}/`)).body.status));

  test("when the server answers before the dialog's 'close' event, the outcome keeps the keyboard", async () => {
    const { user, dialog, ids } = await askToArchiveTwo();
    await user.click(within(dialog).getByRole('button', { name: 'Archivar' }));
    await waitFor(() => expect(outcome()).toHaveFocus());

    fireCloseEvents();
    expect(outcome()).toHaveFocus();
    expect(await archivedOnTheServer(ids)).toEqual(['archived', 'archived']);
  });

  test("when the dialog's 'close' event comes before the answer, the outcome takes the keyboard once it is there", async () => {
    const { user, dialog, ids } = await askToArchiveTwo();
    await user.click(within(dialog).getByRole('button', { name: 'Archivar' }));
    expect(outcome()).toBeNull();

    fireCloseEvents();
    await waitFor(() => expect(outcome()).toHaveFocus());
    expect(await archivedOnTheServer(ids)).toEqual(['archived', 'archived']);
  });
});
