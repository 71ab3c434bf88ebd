import '../../../../../test/helpers/dialog-polyfill';
import { act, screen, waitFor, within } from '@testing-library/react';
import { isUntyped } from '@/domain/layout';
import type { Layout } from '@/domain/entities';
import { setupStore } from '@/client/app/store';
import { renderWithProviders, signedInSession } from '../../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../../test/helpers/real-api-server';
import { withFaultInjectingServer } from '../../../../../test/helpers/with-fault-injecting-server';
import { LayoutEditor, LayoutErrorLinks } from './layout-editor';
import { layoutEditorActions, selectEditedLayout } from './layout-editor-slice';

const api = withRealApi();

const layout = (): Layout => [
  {
    id: 'r1',
    cells: [
      { id: 'a', type: 'text', content: '<p>Primer párrafo</p>', columnSpan: 2 },
      { id: 'b', type: 'video', content: 'https://youtu.be/abc123', columnSpan: 2 },
    ],
  },
  { id: 'r2', cells: [{ id: 'c', type: 'image', content: '', columnSpan: 3 }] },
];

function renderEditor(rows: Layout = layout(), publicationId?: number, session = signedInSession()) {
  const store = setupStore({ session });
  store.dispatch(layoutEditorActions.layoutLoaded(rows));
  const rendered = renderWithProviders(<LayoutEditor publicationId={publicationId} />, { store });
  return { ...rendered, layout: () => selectEditedLayout(store.getState()) };
}

const row = (n: number) => screen.getByRole('region', { name: `Fila ${n}` });
const cell = (r: number, c: number) => screen.getByRole('group', { name: `Celda ${c} de la fila ${r}` });

test('shows each row in the public grid: text rendered as HTML, the video as a 16:9 player', () => {
  renderEditor();
  expect(within(cell(1, 1)).getByText('Primer párrafo')).toBeInTheDocument();
  expect(within(cell(1, 2)).getByTitle('Vídeo')).toHaveAttribute('src', 'https://www.youtube.com/embed/abc123');
  expect(cell(1, 1)).toHaveClass('ui-layout-cell');
  expect(cell(1, 1)).toHaveAttribute('data-span', '2');
});

test('a full row refuses a new cell and a wider span, with the Spanish messages, and changes nothing', async () => {
  const { user, layout: current } = renderEditor();
  await user.click(within(row(1)).getByRole('button', { name: 'Añadir celda a la fila 1' }));
  expect(within(row(1)).getByRole('alert')).toHaveTextContent(
    'No hay espacio disponible en esta fila. Reduzca las columnas de una celda para hacer sitio.',
  );

  await user.selectOptions(within(cell(1, 1)).getByLabelText('Columnas'), '3');
  expect(within(row(1)).getByRole('alert')).toHaveTextContent('Fila 1, celda 1: El total de columnas no puede exceder 4');
  expect(within(cell(1, 1)).getByLabelText('Columnas')).toHaveValue('2');
  expect(current()[0].cells.map((c) => c.columnSpan)).toEqual([2, 2]);
});

test('a new cell takes the remaining column and asks its type, with the keyboard on the first choice; until then it has no editor', async () => {
  const { user, layout: current } = renderEditor();
  await user.click(within(row(2)).getByRole('button', { name: 'Añadir celda a la fila 2' }));
  const choice = within(cell(2, 2)).getByRole('group', { name: '¿Qué contendrá esta celda?' });
  expect(
    within(choice)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['Texto', 'Imagen', 'Vídeo', 'Documento']);
  await waitFor(() => expect(within(choice).getByRole('button', { name: 'Texto' })).toHaveFocus());
  expect(within(cell(2, 2)).queryByLabelText('Tipo')).not.toBeInTheDocument();
  expect(within(cell(2, 2)).queryByRole('textbox')).not.toBeInTheDocument();
  expect(current()[1].cells.map((c) => [c.columnSpan, isUntyped(c)])).toEqual([
    [3, false],
    [1, true],
  ]);

  // An image: the cell becomes an image cell, the keyboard on its first control.
  await user.click(within(choice).getByRole('button', { name: 'Imagen' }));
  expect(current()[1].cells[1]).toEqual({ id: expect.any(String), type: 'image', content: '', columnSpan: 1 });
  expect(within(cell(2, 2)).getByLabelText('Tipo')).toHaveValue('image');
  await waitFor(() => expect(cell(2, 2).querySelector('[data-cell-content]')).toContainElement(document.activeElement as HTMLElement));

  // Deshacer gives the question back; the cell is again without a type.
  await user.click(screen.getByRole('button', { name: 'Deshacer' }));
  expect(within(cell(2, 2)).getByRole('group', { name: '¿Qué contendrá esta celda?' })).toBeInTheDocument();
  expect(isUntyped(current()[1].cells[1])).toBe(true);
});

test('a new text cell takes the keyboard as soon as Texto is chosen, says the editor is loading, and keeps what is typed before it is ready; Esc leaves', async () => {
  // TinyMCE never starts in jsdom: the cell stays as it is while the editor loads.
  const { user, layout: current } = renderEditor();
  await user.click(within(row(2)).getByRole('button', { name: 'Añadir celda a la fila 2' }));
  await waitFor(() => expect(within(cell(2, 2)).getByRole('button', { name: 'Texto' })).toHaveFocus());
  await user.keyboard('{Enter}');
  const text = within(cell(2, 2)).getByRole('textbox', { name: 'Texto de la celda 2 de la fila 2' });
  expect(text).toHaveFocus();
  expect(within(cell(2, 2)).getAllByRole('status')[0]).toHaveTextContent('Cargando el editor de texto… Puede escribir ya.');
  expect(text).toHaveAccessibleDescription('Cargando el editor de texto… Puede escribir ya. Esc para salir del texto.');

  await user.keyboard('Desde hoy');
  expect(current()[1].cells[1]).toMatchObject({ type: 'text', content: expect.stringContaining('Desde hoy') });
  await user.keyboard('{Escape}');
  expect(within(cell(2, 2)).getByRole('button', { name: 'Editar texto de la celda 2 de la fila 2' })).toHaveFocus();
  expect(within(cell(2, 2)).getByText('Desde hoy')).toBeInTheDocument();
});

test("'Añadir fila' offers the row's shapes; a shape makes cells of its spans, each asking its type; Escape closes the shapes", async () => {
  const { user, layout: current } = renderEditor([]);
  const add = screen.getByRole('button', { name: 'Añadir fila' });
  await user.click(add);
  expect(add).toHaveAttribute('aria-expanded', 'true');
  const shapes = screen.getByRole('group', { name: 'Forma de la fila nueva' });
  expect(
    within(shapes)
      .getAllByRole('button')
      .map((button) => button.textContent),
  ).toEqual(['Una columna', 'Dos mitades', 'Cuarto, mitad y cuarto', 'Cuatro cuartos', 'Cuarto y tres cuartos', 'Tres cuartos y cuarto']);
  expect(within(shapes).getByRole('button', { name: 'Una columna' })).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('group', { name: 'Forma de la fila nueva' })).not.toBeInTheDocument();
  expect(add).toHaveFocus();
  expect(current()).toEqual([]);

  await user.click(add);
  await user.click(screen.getByRole('button', { name: 'Cuarto y tres cuartos' }));
  expect(current()).toHaveLength(1);
  expect(current()[0].cells.map((c) => [c.columnSpan, isUntyped(c)])).toEqual([
    [1, true],
    [3, true],
  ]);
  expect(add).toHaveAttribute('aria-expanded', 'false');
  await waitFor(() => expect(within(cell(1, 1)).getByRole('button', { name: 'Texto' })).toHaveFocus());
  expect(within(cell(1, 2)).getByRole('group', { name: '¿Qué contendrá esta celda?' })).toBeInTheDocument();

  // One step: Deshacer takes the whole row away.
  await user.click(screen.getByRole('button', { name: 'Deshacer' }));
  expect(current()).toEqual([]);
});

test('changing the type of a cell that holds content asks first; cancelling keeps it, confirming clears it, is announced, and Deshacer brings it back', async () => {
  const { user, layout: current } = renderEditor();
  const type = within(cell(1, 2)).getByLabelText('Tipo');
  await user.selectOptions(type, 'image');
  // Nothing changed yet: the question, with the safe choice focused.
  const dialog = screen.getByRole('dialog', { name: '¿Cambiar a Imagen?' });
  expect(dialog).toHaveAccessibleDescription('Se perderá el enlace del vídeo de esta celda.');
  expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
  expect(current()[0].cells[1]).toMatchObject({ type: 'video', content: 'https://youtu.be/abc123' });

  await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(type).toHaveValue('video');
  expect(type).toHaveFocus();
  expect(within(cell(1, 2)).getByTitle('Vídeo')).toBeInTheDocument();

  await user.selectOptions(type, 'image');
  await user.click(within(screen.getByRole('dialog', { name: '¿Cambiar a Imagen?' })).getByRole('button', { name: 'Cambiar a Imagen' }));
  expect(current()[0].cells[1]).toEqual({ id: 'b', type: 'image', content: '', columnSpan: 2 });
  expect(within(cell(1, 2)).queryByTitle('Vídeo')).not.toBeInTheDocument();
  expect(screen.getByText(/Celda 2 de la fila 1: ahora es de tipo Imagen\./).closest('[role="status"]')).not.toBeNull();
  expect(type).toHaveFocus();

  // An empty cell changes at once (nothing to lose), and says so.
  await user.selectOptions(type, 'text');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(current()[0].cells[1]).toMatchObject({ type: 'text', content: '' });
  expect(screen.getByText('Celda 2 de la fila 1: ahora es de tipo Texto.')).toBeInTheDocument();

  // A text cell says what it would lose.
  await user.selectOptions(within(cell(1, 1)).getByLabelText('Tipo'), 'video');
  expect(screen.getByRole('dialog', { name: '¿Cambiar a Vídeo?' })).toHaveAccessibleDescription('Se perderá el texto de esta celda.');
  await user.keyboard('{Escape}');
  expect(current()[0].cells[0]).toMatchObject({ type: 'text', content: '<p>Primer párrafo</p>' });

  await user.click(screen.getByRole('button', { name: 'Deshacer' }));
  await user.click(screen.getByRole('button', { name: 'Deshacer' }));
  expect(current()[0].cells[1]).toEqual({ id: 'b', type: 'video', content: 'https://youtu.be/abc123', columnSpan: 2 });
});

test("the server's layout errors name their row and cell, mark it, and their links in the summary take the keyboard to it", async () => {
  const store = setupStore({ session: signedInSession() });
  store.dispatch(layoutEditorActions.layoutLoaded(layout()));
  const { user } = renderWithProviders(
    <>
      <div role="alert">
        <LayoutErrorLinks />
      </div>
      <LayoutEditor />
    </>,
    { store },
  );
  act(() => {
    store.dispatch(layoutEditorActions.layoutErrorsReceived(['Fila 1, celda 2: Introduzca una URL válida.']));
  });
  const link = screen.getByRole('link', { name: 'Fila 1, celda 2: Introduzca una URL válida.' });
  expect(cell(1, 2)).toHaveAccessibleDescription('Fila 1, celda 2: Introduzca una URL válida.');
  expect(cell(1, 2)).toHaveClass('has-error');
  expect(cell(1, 1)).not.toHaveClass('has-error');
  await user.click(link);
  expect(cell(1, 2)).toHaveFocus();

  // The words follow the cell when rows move.
  await user.click(within(row(2)).getByRole('button', { name: 'Subir fila 2' }));
  expect(screen.getByRole('link', { name: 'Fila 2, celda 2: Introduzca una URL válida.' })).toBeInTheDocument();
  expect(cell(2, 2)).toHaveAccessibleDescription('Fila 2, celda 2: Introduzca una URL válida.');

  // Correcting the address takes the error away.
  await user.type(within(cell(2, 2)).getByLabelText('Enlace del vídeo'), 'x');
  expect(screen.queryByRole('link')).not.toBeInTheDocument();
  expect(cell(2, 2)).not.toHaveClass('has-error');
});

test('cells move between rows with buttons, refused when the row has no room', async () => {
  const { user, layout: current } = renderEditor();
  await user.click(within(cell(2, 1)).getByRole('button', { name: 'Mover a la fila anterior: la celda 1 de la fila 2' }));
  // Told on the row it did not fit in, naming the cell and that row.
  expect(within(row(1)).getByRole('alert')).toHaveTextContent(
    'Fila 2, celda 1: no cabe en la fila 1. El total de columnas no puede exceder 4.',
  );

  await user.selectOptions(within(cell(2, 1)).getByLabelText('Columnas'), '2');
  await user.click(within(cell(1, 2)).getByRole('button', { name: 'Mover a la fila siguiente: la celda 2 de la fila 1' }));
  expect(current().map((r) => r.cells.map((c) => c.id))).toEqual([['a'], ['b', 'c']]);
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('rows are added, moved, duplicated and removed with buttons', async () => {
  const { user, layout: current } = renderEditor();
  await user.click(within(row(2)).getByRole('button', { name: 'Subir fila 2' }));
  expect(current().map((r) => r.id)).toEqual(['r2', 'r1']);
  await user.click(within(row(1)).getByRole('button', { name: 'Duplicar fila 1' }));
  expect(current()).toHaveLength(3);
  await user.click(within(row(3)).getByRole('button', { name: 'Eliminar fila 3' }));
  await user.click(screen.getByRole('button', { name: 'Añadir fila' }));
  await user.click(screen.getByRole('button', { name: 'Dos mitades' }));
  expect(current().map((r) => r.cells.length)).toEqual([1, 1, 2]);
  await user.click(within(row(3)).getByRole('button', { name: 'Eliminar la celda 2 de la fila 3' }));
  await user.click(within(row(3)).getByRole('button', { name: 'Eliminar la celda 1 de la fila 3' }));
  expect(within(row(3)).getByText(/Fila vacía/)).toBeInTheDocument();
});

test('an image cell uploads its file to the server, and keeps the address with the API host and the alt text', async () => {
  const publication = await api.create('publications', {});
  const { user, layout: current } = renderEditor(layout(), publication.id, api.session());
  const file = new File([await api.image('png')], 'aula.png', { type: 'image/png' });
  await user.upload(within(cell(2, 1)).getByLabelText('Elegir imagen'), file);
  const image = await within(cell(2, 1)).findByRole('presentation');
  const address = image.getAttribute('src')!;
  expect(address.startsWith(`${api.origin}/media/`)).toBe(true);
  expect((await api.requests()).map((r) => [r.url, r.status])).toEqual([[`/api/publications/${publication.id}/upload_cell_image/`, 201]]);
  expect((await fetch(address)).status).toBe(200);

  await user.type(within(cell(2, 1)).getByLabelText('Texto alternativo'), 'Aula');
  expect(within(cell(2, 1)).getByRole('img', { name: 'Aula' })).toBeInTheDocument();
  expect(current()[1].cells[0]).toMatchObject({ content: address, alt: 'Aula' });
});

describe('answers the real server cannot be made to give', () => {
  const server = withFaultInjectingServer();

  // An upload slow enough to be seen running.
  test('an image cell says so while its upload runs', async () => {
    server().setHandler(() => ({ status: 201, body: { url: '/media/cells/aula.webp' }, delay: 150 }));
    const { user } = renderEditor(layout(), 12);
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'aula.png', { type: 'image/png' });
    await user.upload(within(cell(2, 1)).getByLabelText('Elegir imagen'), file);
    expect(within(cell(2, 1)).getByRole('status')).toHaveTextContent('Subiendo imagen...');
    expect(await within(cell(2, 1)).findByRole('presentation')).toHaveAttribute('src', `${server().origin}/media/cells/aula.webp`);
  });

  test.each([
    ['the server fails', { status: 500, body: { detail: 'x' } }],
    ['the answer has no url', { status: 201, body: {} }],
  ])('an image upload says so when %s', async (_name, reply) => {
    server().setHandler(() => reply);
    const { user, layout: current } = renderEditor();
    await user.upload(within(cell(2, 1)).getByLabelText('Elegir imagen'), new File([new Uint8Array([1])], 'x.png', { type: 'image/png' }));
    expect(await within(cell(2, 1)).findByRole('alert')).toHaveTextContent('Error al subir la imagen');
    expect(current()[1].cells[0].content).toBe('');
    expect(server().requests[0].url).toBe('/api/upload-image/');
  });
});

test('a text cell shows its rendered HTML until its editor is opened', async () => {
  const { user } = renderEditor();
  expect(within(cell(1, 1)).queryByRole('button', { name: 'Terminar de editar' })).not.toBeInTheDocument();
  await user.click(within(cell(1, 1)).getByRole('button', { name: 'Editar texto de la celda 1 de la fila 1' }));
  expect(await within(cell(1, 1)).findByRole('button', { name: 'Terminar de editar' })).toBeInTheDocument();
  await act(async () => {});
});

test('a move by the buttons is said as a drop is: the cell or row, and where it went', async () => {
  const narrow = layout().map((one) => ({ ...one, cells: one.cells.map((c) => ({ ...c, columnSpan: 1 })) }));
  const { user, layout: current } = renderEditor(narrow);
  await user.click(within(cell(1, 1)).getByRole('button', { name: 'Mover a la derecha: la celda 1 de la fila 1' }));
  expect(current()[0].cells.map(({ id }) => id)).toEqual(['b', 'a']);
  expect(screen.getByText('Celda 1 de la fila 1 movida a la posición 2.')).toBeInTheDocument();
  await user.click(within(cell(1, 2)).getByRole('button', { name: 'Mover a la fila siguiente: la celda 2 de la fila 1' }));
  expect(screen.getByText('Celda 2 de la fila 1 movida a la fila 2, posición 1.')).toBeInTheDocument();
  await user.click(within(row(2)).getByRole('button', { name: 'Subir fila 2' }));
  expect(screen.getByText('Fila 2 movida a la posición 1.')).toBeInTheDocument();
});
