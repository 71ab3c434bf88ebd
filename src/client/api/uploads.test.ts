/**
 * @jest-environment node
 */
// Node's environment: its fetch serialises Node's FormData (jsdom's is a different class).
import { setupStore } from '@/client/app/store';
import { withApiTestServer } from '../../../test/helpers/with-api-test-server';
import { uploadsApi } from './uploads';

const server = withApiTestServer();
const signedIn = () => setupStore({ session: { restored: true, user: { access: 'tok', refresh: 'ref', username: 'ana' } } });
const image = () => new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });

test('uploads to the publication when it exists, as multipart field image, and completes a relative url with the API host', async () => {
  server().setHandler(() => ({ status: 201, body: { url: '/media/cells/a.png' } }));
  const store = signedIn();
  const url = await store.dispatch(uploadsApi.endpoints.uploadCellImage.initiate({ file: image(), filename: 'a.png', publicationId: 7 })).unwrap();

  expect(url).toBe(`${server().origin}/media/cells/a.png`);
  const [request] = server().requests;
  expect(request.method).toBe('POST');
  expect(request.url).toBe('/api/publications/7/upload_cell_image/');
  expect(request.headers.authorization).toBe('Bearer tok');
  expect(request.body).toMatch(/name="image"; filename="a.png"/);
});

test('uploads to /upload-image/ before the publication exists, and keeps an absolute url', async () => {
  server().setHandler(() => ({ status: 201, body: { url: 'https://cdn.example.org/b.png' } }));
  const url = await signedIn().dispatch(uploadsApi.endpoints.uploadCellImage.initiate({ file: image() })).unwrap();
  expect(url).toBe('https://cdn.example.org/b.png');
  expect(server().requests[0].url).toBe('/api/upload-image/');
});

test('an answer without url is a failure', async () => {
  server().setHandler(() => ({ status: 201, body: {} }));
  await expect(signedIn().dispatch(uploadsApi.endpoints.uploadCellImage.initiate({ file: image() })).unwrap()).rejects.toEqual({
    status: 'CUSTOM_ERROR',
    error: 'Error al subir la imagen',
  });
});
