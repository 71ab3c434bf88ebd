/**
 * @jest-environment node
 */
// Node's environment: its fetch serialises Node's FormData (jsdom's is a different class).
import { setupStore } from '@/client/app/store';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { withFaultInjectingServer } from '../../../test/helpers/with-fault-injecting-server';
import { uploadsApi } from './uploads';

const api = withRealApi();
const signedIn = () => setupStore({ session: api.session() });
const png = async () => new Blob([await api.image('png')], { type: 'image/png' });

test('uploads to the publication when it exists, as multipart field image, and completes the relative url the server gives with the API host', async () => {
  const publication = await api.create('publications', { title: api.unique('Jornada') });
  const url = await signedIn()
    .dispatch(uploadsApi.endpoints.uploadCellImage.initiate({ file: await png(), filename: 'a.png', publicationId: publication.id }))
    .unwrap();

  const [request] = await api.requests();
  expect(request).toMatchObject({ method: 'POST', url: `/api/publications/${publication.id}/upload_cell_image/`, status: 201 });
  expect(request.headers.authorization).toBe(`Bearer ${api.tokens.access}`);
  expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
  expect(url.startsWith(`${api.origin}/media/`)).toBe(true);
  const served = await fetch(url);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
});

test('uploads to /upload-image/ before the publication exists', async () => {
  const url = await signedIn()
    .dispatch(uploadsApi.endpoints.uploadCellImage.initiate({ file: await png() }))
    .unwrap();
  expect((await api.requests()).map((r) => [r.url, r.status])).toEqual([['/api/upload-image/', 201]]);
  expect(url.startsWith(`${api.origin}/media/`)).toBe(true);
  expect((await fetch(url)).status).toBe(200);
});

test('a file that is not an image is refused by the server, and the upload fails with its answer', async () => {
  const text = new Blob(['no soy una imagen'], { type: 'image/png' });
  await expect(
    signedIn()
      .dispatch(uploadsApi.endpoints.uploadCellImage.initiate({ file: text, filename: 'falsa.png' }))
      .unwrap(),
  ).rejects.toMatchObject({
    status: 400,
    data: { image: [expect.any(String)] },
  });
});

describe('answers the real server cannot be made to give', () => {
  const server = withFaultInjectingServer();

  // Media in a bucket or CDN (MEDIA_PUBLIC_URL) is not this test server's setup.
  test('keeps an absolute url', async () => {
    server().setHandler(() => ({ status: 201, body: { url: 'https://cdn.example.org/b.png' } }));
    const url = await signedIn()
      .dispatch(uploadsApi.endpoints.uploadCellImage.initiate({ file: await png() }))
      .unwrap();
    expect(url).toBe('https://cdn.example.org/b.png');
    expect(server().requests[0].url).toBe('/api/upload-image/');
  });

  test('an answer without url is a failure', async () => {
    server().setHandler(() => ({ status: 201, body: {} }));
    await expect(
      signedIn()
        .dispatch(uploadsApi.endpoints.uploadCellImage.initiate({ file: await png() }))
        .unwrap(),
    ).rejects.toEqual({
      status: 'CUSTOM_ERROR',
      error: 'Error al subir la imagen',
    });
  });
});
