import { setupStore } from '@/client/app/store';
import { signedInSession } from '../../../test/helpers/render-with-providers';
import { biographiesApi } from './biographies';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { withFaultInjectingServer } from '../../../test/helpers/with-fault-injecting-server';

const person = (id: number) => ({ id, name: `Docente ${id}`, order: id });

const api = withRealApi();

test('admin biographies ask for everything: page_size=1000&all=true, and get every one, active or not', async () => {
  const created = [
    await api.create('biographies', { name: api.unique('Docente'), position: 'Profesora', biography: 'Biografía.' }),
    await api.create('biographies', { name: api.unique('Docente'), position: 'Profesor', biography: 'Biografía.', is_active: false }),
  ];
  const result = await setupStore({ session: api.session() }).dispatch(biographiesApi.endpoints.listBiographies.initiate());
  expect(result.data?.map(({ name }) => name)).toEqual(created.map(({ name }) => name));
  expect((await api.requests()).map((r) => [r.url, r.status])).toEqual([['/api/biographies/?page_size=1000&all=true', 200]]);
});

// Other shapes and pages, and a failed page: what this server, with a handful of rows, does not answer.
describe('answers the real server cannot be made to give', () => {
  const server = withFaultInjectingServer();
  const load = () => setupStore({ session: signedInSession() }).dispatch(biographiesApi.endpoints.listBiographies.initiate());

  test('when the server pages anyway, the remaining pages are fetched with page and page_size', async () => {
    server().setHandler((request) => {
      const query = new URL(request.url, server().origin).searchParams;
      const number = Number(query.get('page') ?? 1);
      const results = number === 1 ? [person(1), person(2)] : number === 2 ? [person(3), person(4)] : [person(5)];
      return { body: { count: 5, next: number < 3 ? 'next' : null, previous: null, results } };
    });
    const result = await load();
    expect(result.data?.map(({ id }) => id)).toEqual([1, 2, 3, 4, 5]);
    expect(
      server()
        .requests.map((r) => r.url)
        .slice(1)
        .sort(),
    ).toEqual(['/api/biographies/?page_size=2&all=true&page=2', '/api/biographies/?page_size=2&all=true&page=3']);
  });

  test('a failed remaining page fails the list rather than showing it with holes', async () => {
    server().setHandler((request) =>
      request.url.includes('page=2')
        ? { status: 500, body: {} }
        : { body: { count: 4, next: 'next', previous: null, results: [person(1), person(2)] } },
    );
    const result = await load();
    expect(result.error).toMatchObject({ status: 500 });
  });

  test('another shape falls back to the first array in the answer', async () => {
    server().setHandler(() => ({ body: { biographies: [person(8)] } }));
    const result = await load();
    expect(result.data?.map(({ id }) => id)).toEqual([8]);
  });
});
