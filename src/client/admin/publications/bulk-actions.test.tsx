import { act, renderHook, screen } from '@testing-library/react';
import { BULK_MAX_ITEMS } from '@/domain/limits';
import type { Publication } from '@/domain/entities';
import { renderWithProviders } from '../../../../test/helpers/render-with-providers';
import { NoticesProvider } from '../kit/notices';
import { BulkActionBar } from './bulk-actions';
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
