import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LayoutCell } from '@/domain/entities';
import { useAppSelector } from '@/client/app/hooks';
import { setupStore } from '@/client/app/store';
import { renderWithProviders } from '../../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../../test/helpers/real-api-server';
import { ImageCellEditor } from './image-cell-editor';
import { layoutEditorActions, selectEditedLayout } from './layout-editor-slice';

const api = withRealApi();
afterEach(() => jest.restoreAllMocks());
/** The real server's first answer can take seconds on a busy machine. */
const SERVER_WAIT = { timeout: 10_000 };

const cell: LayoutCell = { id: 'img', type: 'image', content: '', columnSpan: 4 };

/** The cell as the layout editor holds it. */
function StoredCell() {
  return <ImageCellEditor cell={useAppSelector((state) => selectEditedLayout(state)[0].cells[0])} />;
}

/** Picks files whatever `accept` says, as a person may with "Todos los archivos". */
const anyFile = () => userEvent.setup({ applyAccept: false });

function renderCell() {
  const store = setupStore({ session: api.session() });
  store.dispatch(layoutEditorActions.layoutLoaded([{ id: 'r1', cells: [cell] }]));
  const rendered = renderWithProviders(<StoredCell />, { store });
  return { ...rendered, content: () => selectEditedLayout(store.getState())[0].cells[0].content };
}

test("a file the server refuses shows the server's reason, not only that the upload failed", async () => {
  // A busy machine's next frame can come before the page is drawn again with the chooser enabled:
  // here every frame comes at once, so a focus asked for in one lands on a disabled input.
  jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
    callback(performance.now());
    return 0;
  });
  const { user, content } = renderCell();
  // Declared a PNG, but its bytes are text: only the server, which reads them, can tell.
  await user.upload(screen.getByLabelText('Elegir imagen'), new File(['esto no es una imagen'], 'notas.png', { type: 'image/png' }));

  expect(await screen.findByRole('alert', {}, SERVER_WAIT)).toHaveTextContent('Tipo de archivo no permitido. Use JPG, PNG, GIF o WEBP.');
  expect((await api.requests()).map((request) => [request.url, request.status])).toEqual([['/api/upload-image/', 400]]);
  expect(content()).toBe('');
  // The keyboard is back on the chooser, for another file.
  await waitFor(() => expect(screen.getByLabelText('Elegir imagen')).toHaveFocus(), SERVER_WAIT);
});

test('the chooser offers the four types, and a file of another type is refused with the same words before anything is sent', async () => {
  const { content } = renderCell();
  const input = screen.getByLabelText('Elegir imagen');
  expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/gif,image/webp');
  await anyFile().upload(input, new File([new Uint8Array([0x42, 0x4d, 0, 0])], 'plano.bmp', { type: 'image/bmp' }));

  expect(await screen.findByRole('alert', {}, SERVER_WAIT)).toHaveTextContent('Tipo de archivo no permitido. Use JPG, PNG, GIF o WEBP.');
  expect(await api.requests()).toEqual([]);
  expect(content()).toBe('');
});

test('a file the server takes becomes the cell, a refusal shown before goes, and the keyboard goes on to its alternative text', async () => {
  const { user, content } = renderCell();
  await anyFile().upload(screen.getByLabelText('Elegir imagen'), new File(['x'], 'a.bmp', { type: 'image/bmp' }));
  expect(await screen.findByRole('alert', {}, SERVER_WAIT)).toBeInTheDocument();

  await user.upload(screen.getByLabelText('Elegir imagen'), new File([await api.image('png')], 'aula.png', { type: 'image/png' }));
  await screen.findByRole('presentation', {}, SERVER_WAIT);
  expect(content()).toMatch(new RegExp(`^${api.origin}/media/`));
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText('Texto alternativo')).toHaveFocus(), SERVER_WAIT);
});
