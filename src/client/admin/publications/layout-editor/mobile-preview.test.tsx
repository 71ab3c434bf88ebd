import '../../../../../test/helpers/dialog-polyfill';
import { screen, within } from '@testing-library/react';
import type { Layout } from '@/domain/entities';
import { setupStore } from '@/client/app/store';
import { renderWithProviders, signedInSession } from '../../../../../test/helpers/render-with-providers';
import { LayoutEditor } from './layout-editor';
import { layoutEditorActions } from './layout-editor-slice';

const layout = (): Layout => [{ id: 'r1', cells: [{ id: 'a', type: 'text', content: '<p>Hola desde el teléfono</p>', columnSpan: 4 }] }];

/** A window `width` px wide, as far as the editor's media query can tell. */
function windowOf(width: number) {
  window.matchMedia = ((query: string) => ({
    matches: Number(/min-width: (\d+)px/.exec(query)?.[1] ?? 0) <= width,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  delete (window as { matchMedia?: unknown }).matchMedia;
});

function renderEditor() {
  const store = setupStore({ session: signedInSession() });
  store.dispatch(layoutEditorActions.layoutLoaded(layout()));
  return renderWithProviders(<LayoutEditor />, { store });
}

test("on a phone 'Vista móvil' opens over the whole screen as a dialog, with the keyboard on its way back to the editor", async () => {
  windowOf(375);
  const { user } = renderEditor();
  const toggle = screen.getByRole('button', { name: 'Vista móvil' });
  await user.click(toggle);
  const dialog = screen.getByRole('dialog', { name: 'Vista móvil' });
  expect(within(dialog).getByText('Hola desde el teléfono')).toBeInTheDocument();
  const back = within(dialog).getByRole('button', { name: 'Volver al editor' });
  back.focus();
  await user.click(back);
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(toggle).toHaveFocus();
});

test("on a wide screen 'Vista móvil' opens beside the editor and says so", async () => {
  windowOf(1280);
  const { user } = renderEditor();
  await user.click(screen.getByRole('button', { name: 'Vista móvil' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Vista móvil' })).toBeInTheDocument();
  expect(screen.getByText('Vista móvil abierta junto al editor.').closest('[role="status"]')).not.toBeNull();
});
