import { fireEvent, screen, within } from '@testing-library/react';
import type { Layout } from '@/domain/entities';
import { setupStore } from '@/client/app/store';
import { renderWithProviders, signedInSession } from '../../../../../test/helpers/render-with-providers';
import { LayoutEditor } from './layout-editor';
import { layoutEditorActions, selectEditedLayout } from './layout-editor-slice';

const layout = (): Layout => [
  {
    id: 'r1',
    cells: [
      { id: 'a', type: 'text', content: '<p>Primer párrafo</p>', columnSpan: 2 },
      { id: 'b', type: 'video', content: 'https://youtu.be/abc123', columnSpan: 2 },
    ],
  },
  { id: 'r2', cells: [{ id: 'c', type: 'text', content: '<p>Segunda fila</p>', columnSpan: 3 }] },
];

/** The editor as the publication form shows it: after the title field. */
function renderEditor(rows: Layout = layout()) {
  const store = setupStore({ session: signedInSession() });
  store.dispatch(layoutEditorActions.layoutLoaded(rows));
  const rendered = renderWithProviders(
    <>
      <label>
        Título <input type="text" />
      </label>
      <LayoutEditor />
    </>,
    { store },
  );
  return { ...rendered, rowCount: () => selectEditedLayout(store.getState()).length, layout: () => selectEditedLayout(store.getState()) };
}

const undoButton = () => screen.getByRole('button', { name: 'Deshacer' });
const redoButton = () => screen.getByRole('button', { name: 'Rehacer' });
const rowRegions = () => screen.queryAllByRole('region', { name: /^Fila \d+$/ });
const row = (n: number) => screen.getByRole('region', { name: `Fila ${n}` });
const cell = (r: number, c: number) => screen.getByRole('group', { name: `Celda ${c} de la fila ${r}` });

/** 'Añadir fila' and its first shape, 'Una columna': a row of one cell that asks its type. */
async function addRow(user: ReturnType<typeof renderEditor>['user'], shape = 'Una columna') {
  await user.click(screen.getByRole('button', { name: 'Añadir fila' }));
  await user.click(screen.getByRole('button', { name: shape }));
}

test('Deshacer and Rehacer are disabled until there is something to undo or redo, and say their keys', async () => {
  const { user, rowCount } = renderEditor();
  expect(undoButton()).toBeDisabled();
  expect(redoButton()).toBeDisabled();
  expect(undoButton()).toHaveAttribute('aria-keyshortcuts', 'Control+Z');
  expect(redoButton()).toHaveAttribute('aria-keyshortcuts', 'Control+Shift+Z');
  expect(undoButton()).toHaveAttribute('title', expect.stringContaining('Ctrl+Z'));
  expect(redoButton()).toHaveAttribute('title', expect.stringContaining('Ctrl+Mayús+Z'));

  await addRow(user);
  expect(rowCount()).toBe(3);
  expect(undoButton()).toBeEnabled();
  expect(undoButton()).toHaveAttribute('title', 'Deshacer «añadir fila» (Ctrl+Z)');
  expect(redoButton()).toBeDisabled();

  // Nothing left to undo: the keyboard moves on to Rehacer instead of falling to the page.
  await user.click(undoButton());
  expect(rowCount()).toBe(2);
  expect(undoButton()).toBeDisabled();
  expect(redoButton()).toBeEnabled();
  expect(redoButton()).toHaveFocus();
  expect(screen.getByText('Deshecho: añadir fila.')).toBeInTheDocument();
  expect(screen.getByText('Deshecho: añadir fila.').closest('[role="status"]')).not.toBeNull();

  await user.click(redoButton());
  expect(rowCount()).toBe(3);
  expect(redoButton()).toBeDisabled();
  expect(undoButton()).toHaveFocus();
  expect(screen.getByText('Rehecho: añadir fila.')).toBeInTheDocument();

  // With steps left both ways, the button pressed keeps the keyboard.
  await user.click(within(row(1)).getByRole('button', { name: 'Bajar fila 1' }));
  await user.click(undoButton());
  expect(undoButton()).toBeEnabled();
  expect(redoButton()).toBeEnabled();
  expect(undoButton()).toHaveFocus();

  // Typing is a step too, and Deshacer says so.
  await user.type(within(cell(1, 2)).getByLabelText('Enlace del vídeo'), 'x');
  expect(undoButton()).toHaveAttribute('title', 'Deshacer «escribir el enlace del vídeo» (Ctrl+Z)');
});

test('Ctrl+Z undoes and Ctrl+Shift+Z, Ctrl+Y and ⌘ redo, wherever the keyboard is outside a field', async () => {
  const { user, layout: current } = renderEditor();
  await user.click(within(row(2)).getByRole('button', { name: 'Subir fila 2' }));
  await user.click(within(row(1)).getByRole('button', { name: 'Duplicar fila 1' }));
  await user.selectOptions(within(cell(3, 1)).getByLabelText('Columnas'), '1');
  const shape = () => current().map((r) => r.cells.map((c) => `${c.id.length > 1 ? 'copia' : c.id}:${c.columnSpan}`).join(' '));
  expect(shape()).toEqual(['c:3', 'copia:3', 'a:1 b:2']);

  // The keyboard is on the page (the select it was on keeps Ctrl+Z for itself).
  (document.activeElement as HTMLElement).blur();
  await user.keyboard('{Control>}z{/Control}');
  expect(shape()).toEqual(['c:3', 'copia:3', 'a:2 b:2']);
  await user.keyboard('{Control>}z{/Control}');
  expect(shape()).toEqual(['c:3', 'a:2 b:2']);
  await user.keyboard('{Meta>}z{/Meta}');
  expect(shape()).toEqual(['a:2 b:2', 'c:3']);
  expect(undoButton()).toBeDisabled();
  expect(screen.getByText('Deshecho: mover fila.')).toBeInTheDocument();

  await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
  expect(shape()).toEqual(['c:3', 'a:2 b:2']);
  await user.keyboard('{Control>}y{/Control}');
  expect(shape()).toEqual(['c:3', 'copia:3', 'a:2 b:2']);
  await user.keyboard('{Meta>}{Shift>}Z{/Shift}{/Meta}');
  expect(shape()).toEqual(['c:3', 'copia:3', 'a:1 b:2']);
  expect(redoButton()).toBeDisabled();
  expect(screen.getByText('Rehecho: cambiar las columnas de una celda.')).toBeInTheDocument();
});

test('Ctrl+Z in a field (the title, a cell select, a video link) keeps its own meaning', async () => {
  const { user, rowCount, layout: current } = renderEditor();
  await addRow(user);
  const title = screen.getByLabelText('Título');
  await user.type(title, 'Hola');

  for (const field of [title, within(cell(1, 2)).getByLabelText('Enlace del vídeo'), within(cell(1, 1)).getByLabelText('Columnas')]) {
    field.focus();
    // fireEvent answers false when a handler called preventDefault: nobody may, so the field's own undo runs.
    expect(fireEvent.keyDown(field, { key: 'z', ctrlKey: true })).toBe(true);
    expect(fireEvent.keyDown(field, { key: 'y', ctrlKey: true })).toBe(true);
    expect(rowCount()).toBe(3);
  }
  // TinyMCE's toolbar, outside its iframe, keeps the key for TinyMCE.
  const tinymceToolbar = document.createElement('div');
  tinymceToolbar.className = 'tox';
  tinymceToolbar.innerHTML = '<button type="button">Negrita</button>';
  document.body.append(tinymceToolbar);
  expect(fireEvent.keyDown(tinymceToolbar.querySelector('button')!, { key: 'z', ctrlKey: true })).toBe(true);
  tinymceToolbar.remove();
  expect(rowCount()).toBe(3);

  // Elsewhere the key is the editor's, and the browser's own handling is prevented.
  expect(fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true })).toBe(false);
  expect(rowCount()).toBe(2);
  // With nothing left to undo the key is left alone.
  expect(fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true })).toBe(true);
  expect(current()).toEqual(layout());
});

test('an undo that takes away the control the keyboard was on leaves the keyboard on the editor', async () => {
  const { user } = renderEditor();
  await addRow(user);
  within(row(3)).getByRole('button', { name: 'Añadir celda a la fila 3' }).focus();
  await user.keyboard('{Control>}z{/Control}');
  expect(rowRegions()).toHaveLength(2);
  expect(screen.getByRole('region', { name: 'Diseño' })).toHaveFocus();
});

// The keyboard goes back to the control that was used one frame after a change. When that
// frame comes depends on the machine (a fast one paints before the next click, a busy one
// after a few keystrokes), so the test holds the frames and paints when it chooses.
test('an editor who moves on to a field right after a change keeps the keyboard there, and every keystroke', async () => {
  const frames: FrameRequestCallback[] = [];
  const held = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  const paint = () => frames.splice(0).forEach((callback) => callback(performance.now()));
  try {
    const { user, layout: current } = renderEditor([]);
    await addRow(user);
    await user.click(within(cell(1, 1)).getByRole('button', { name: 'Vídeo' }));
    paint();
    const link = within(cell(1, 1)).getByLabelText('Enlace del vídeo');

    await addRow(user);
    await user.click(link);
    await user.keyboard('https://vimeo.com/');
    paint();
    await user.keyboard('76979871');

    expect(link).toHaveFocus();
    expect(link).toHaveValue('https://vimeo.com/76979871');
    expect(current()[0].cells[0]).toMatchObject({ type: 'video', content: 'https://vimeo.com/76979871' });
  } finally {
    held.mockRestore();
  }
});

test('typing is a step of its own: undo takes it back first, then the structural change before it', async () => {
  const { user, layout: current } = renderEditor([]);
  await addRow(user);
  await user.click(within(cell(1, 1)).getByRole('button', { name: 'Vídeo' }));
  await user.type(within(cell(1, 1)).getByLabelText('Enlace del vídeo'), 'https://vimeo.com/');
  await addRow(user);
  expect(rowRegions()).toHaveLength(2);
  await user.type(within(cell(1, 1)).getByLabelText('Enlace del vídeo'), '76979871');
  expect(undoButton()).toHaveAttribute('title', 'Deshacer «escribir el enlace del vídeo» (Ctrl+Z)');

  await user.click(undoButton());
  expect(rowRegions()).toHaveLength(2);
  expect(within(cell(1, 1)).getByLabelText('Enlace del vídeo')).toHaveValue('https://vimeo.com/');
  await user.click(undoButton());
  expect(rowRegions()).toHaveLength(1);
  expect(current()[0].cells[0]).toMatchObject({ type: 'video', content: 'https://vimeo.com/' });
});

test("'Vista móvil' shows the current layout in one column, through the public renderer, and follows changes", async () => {
  const { user } = renderEditor();
  const toggle = screen.getByRole('button', { name: 'Vista móvil' });
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(screen.queryByRole('region', { name: 'Vista móvil' })).not.toBeInTheDocument();

  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-pressed', 'true');
  expect(toggle).toHaveFocus();
  const preview = screen.getByRole('region', { name: 'Vista móvil' });
  expect(toggle).toHaveAttribute('aria-controls', preview.id);
  const grid = preview.querySelector('.ui-layout')!;
  expect(grid.closest('.ui-layout-single-column')).not.toBeNull();
  const cells = () =>
    Array.from(preview.querySelectorAll('.ui-layout-cell'), (c) => c.textContent || c.querySelector('iframe')?.getAttribute('src'));
  expect(cells()).toEqual(['Primer párrafo', 'https://www.youtube.com/embed/abc123', 'Segunda fila']);
  // Public cells only: no editing controls in the preview.
  expect(within(preview).queryByRole('button')).not.toBeInTheDocument();

  await user.click(within(row(2)).getByRole('button', { name: 'Subir fila 2' }));
  expect(cells()).toEqual(['Segunda fila', 'Primer párrafo', 'https://www.youtube.com/embed/abc123']);
  await user.click(undoButton());
  expect(cells()).toEqual(['Primer párrafo', 'https://www.youtube.com/embed/abc123', 'Segunda fila']);

  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-pressed', 'false');
  expect(screen.queryByRole('region', { name: 'Vista móvil' })).not.toBeInTheDocument();
});

test("'Vista móvil' of a layout without cells says so", async () => {
  const { user } = renderEditor([{ id: 'r1', cells: [] }]);
  await user.click(screen.getByRole('button', { name: 'Vista móvil' }));
  expect(within(screen.getByRole('region', { name: 'Vista móvil' })).getByText('Todavía no hay celdas que mostrar.')).toBeInTheDocument();
});
