import { setupStore } from '@/client/app/store';
import { startTestServer, type TestServer } from '../../../test/helpers/http-test-server';
import { signedInSession } from '../../../test/helpers/render-with-providers';
import { getApiHost, setApiHost } from './base-query';
import { publicationsApi } from './publications';
import { applyPlan, moveItem, planReorder, reorderPayload, toReorderPayload } from './reorder';
import { sectionsApi } from './sections';

const section = (id: number, order: number, title: string) => ({ id, order, title, slug: title.toLowerCase(), is_active: true, created_at: '', updated_at: '' });
const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

let server: TestServer;
let previousHost: string;
let sectionsOnServer: ReturnType<typeof section>[];

beforeEach(async () => {
  sectionsOnServer = [section(1, 0, 'Revista'), section(2, 1, 'Media'), section(3, 2, 'Noticias')];
  server = await startTestServer(() => ({ body: page(sectionsOnServer) }));
  previousHost = getApiHost();
  setApiHost(server.origin);
});

afterEach(async () => {
  setApiHost(previousHost);
  await server.close();
});

test('the payload gives each item its zero-based position in the new order', () => {
  const list = [{ id: 7 }, { id: 3 }, { id: 9 }];
  expect(toReorderPayload(moveItem(list, 2, 0))).toEqual([
    { id: 9, order: 0 },
    { id: 7, order: 1 },
    { id: 3, order: 2 },
  ]);
  expect(list.map(({ id }) => id)).toEqual([7, 3, 9]);
});

test('a move sends only the page it happens in, or the two rows that swap across a page edge', () => {
  const list = Array.from({ length: 2500 }, (_, index) => ({ id: index + 1 }));
  const inPage = reorderPayload(list, 100, 101, 100)!;
  expect(inPage).toHaveLength(100);
  expect(inPage.slice(0, 2)).toEqual([
    { id: 102, order: 0 },
    { id: 101, order: 1 },
  ]);
  expect(reorderPayload(list, 199, 200, 100)).toEqual([
    { id: 201, order: 0 },
    { id: 200, order: 1 },
  ]);
  expect(reorderPayload(list, 200, 199, 100)).toEqual([
    { id: 201, order: 0 },
    { id: 200, order: 1 },
  ]);
  expect(reorderPayload(list, 0, -1, 100)).toBeNull();
  // A list shown whole is one view.
  expect(reorderPayload(list.slice(0, 3), 0, 2)).toHaveLength(3);
});

test('the cached list takes the moved items in the places they held, also when their order values tie', () => {
  const cached = [
    { id: 1, order: 5 },
    { id: 2, order: 5 },
    { id: 3, order: 5 },
  ];
  const move = (list: typeof cached, from: number, to: number) => {
    const copy = list.map((item) => ({ ...item }));
    applyPlan(copy, planReorder(copy, toReorderPayload(moveItem(copy, from, to)))!);
    return copy.map(({ id }) => id);
  };
  expect(move(cached, 2, 0)).toEqual([3, 1, 2]);
  // Sorting by order then id would put 1 first again.
  const once = cached.map((item) => ({ ...item }));
  applyPlan(once, planReorder(once, toReorderPayload([{ id: 2 }, { id: 1 }]))!);
  expect(once.map(({ id }) => id)).toEqual([2, 1, 3]);
  expect(move(once, 1, 0)).toEqual([1, 2, 3]);
});

test('pages of one list swap a row between them', () => {
  const page2 = [
    { id: 21, order: 20 },
    { id: 22, order: 21 },
  ];
  const page3 = [
    { id: 23, order: 22 },
    { id: 24, order: 23 },
  ];
  const plan = planReorder([...page2, ...page3], toReorderPayload([{ id: 23 }, { id: 22 }]))!;
  applyPlan(page2, plan);
  applyPlan(page3, plan);
  expect(page2).toEqual([
    { id: 21, order: 20 },
    { id: 23, order: 21 },
  ]);
  expect(page3).toEqual([
    { id: 22, order: 22 },
    { id: 24, order: 23 },
  ]);
});

test('the cached list changes at once and the new order is sent', async () => {
  const store = setupStore({ session: signedInSession() });
  await store.dispatch(sectionsApi.endpoints.listSections.initiate());
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.setHandler(async (request) => {
    if (request.method === 'PATCH') await answered;
    return { body: request.method === 'PATCH' ? {} : page(sectionsOnServer) };
  });

  const payload = toReorderPayload([{ id: 3 }, { id: 1 }, { id: 2 }]);
  const saving = store.dispatch(sectionsApi.endpoints.reorderSections.initiate(payload));

  const cached = () => sectionsApi.endpoints.listSections.select()(store.getState()).data?.map((s) => s.title);
  expect(cached()).toEqual(['Noticias', 'Revista', 'Media']);
  answer();
  await saving;

  const patch = server.requests.find((r) => r.method === 'PATCH')!;
  expect(patch.url).toBe('/api/sections/reorder/');
  expect(JSON.parse(patch.body)).toEqual(payload);
  expect(cached()).toEqual(['Noticias', 'Revista', 'Media']);
  expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(1);
});

test('when saving fails the change is undone, logged, and the list is fetched again', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  const store = setupStore({ session: signedInSession() });
  const subscription = store.dispatch(sectionsApi.endpoints.listSections.initiate());
  await subscription;
  server.setHandler((request) => (request.method === 'PATCH' ? { status: 500, body: { detail: 'boom' } } : { body: page(sectionsOnServer) }));

  const result = await store.dispatch(sectionsApi.endpoints.reorderSections.initiate(toReorderPayload([{ id: 2 }, { id: 1 }, { id: 3 }])));
  expect('error' in result).toBe(true);

  const titles = () => sectionsApi.endpoints.listSections.select()(store.getState()).data?.map((s) => s.title);
  expect(titles()).toEqual(['Revista', 'Media', 'Noticias']);
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(server.requests.filter((r) => r.method === 'GET')).toHaveLength(2);
  expect(logged).toHaveBeenCalled();
  logged.mockRestore();
  subscription.unsubscribe();
});

test('publications: every cached list (all, or one section) is reordered', async () => {
  const publication = (id: number, order: number) => ({ id, order, title: `P${id}`, section: { id: 1, title: 'Revista', slug: 'revista' } });
  server.setHandler((request) => (request.method === 'PATCH' ? { body: {} } : { body: [publication(1, 0), publication(2, 1)] }));
  const store = setupStore({ session: signedInSession() });
  await store.dispatch(publicationsApi.endpoints.listPublications.initiate());
  await store.dispatch(publicationsApi.endpoints.listPublications.initiate({ section: 1 }));
  expect(server.requestsTo('/api/publications/?')[1].url).toContain('section=1');

  await store.dispatch(publicationsApi.endpoints.reorderPublications.initiate(toReorderPayload([{ id: 2 }, { id: 1 }])));

  const ids = (filter?: { section: number }) => publicationsApi.endpoints.listPublications.select(filter)(store.getState()).data?.map((p) => p.id);
  expect(ids()).toEqual([2, 1]);
  expect(ids({ section: 1 })).toEqual([2, 1]);
});

test('reorders of one list go out one at a time, in order, and the list ends in the last order', async () => {
  const store = setupStore({ session: signedInSession() });
  await store.dispatch(sectionsApi.endpoints.listSections.initiate());
  let inFlight = 0;
  let mostInFlight = 0;
  server.setHandler(async (request) => {
    if (request.method !== 'PATCH') return { body: page(sectionsOnServer) };
    inFlight += 1;
    mostInFlight = Math.max(mostInFlight, inFlight);
    await new Promise((resolve) => setTimeout(resolve, 60));
    inFlight -= 1;
    return { body: {} };
  });

  const first = toReorderPayload([{ id: 2 }, { id: 1 }, { id: 3 }]);
  const second = toReorderPayload([{ id: 3 }, { id: 2 }, { id: 1 }]);
  const moves = [store.dispatch(sectionsApi.endpoints.reorderSections.initiate(first)), store.dispatch(sectionsApi.endpoints.reorderSections.initiate(second))];
  const titles = () => sectionsApi.endpoints.listSections.select()(store.getState()).data?.map((s) => s.title);
  expect(titles()).toEqual(['Noticias', 'Media', 'Revista']);
  await Promise.all(moves);

  expect(mostInFlight).toBe(1);
  expect(server.requestsTo('/api/sections/reorder/').map((r) => JSON.parse(r.body))).toEqual([first, second]);
  expect(titles()).toEqual(['Noticias', 'Media', 'Revista']);
});

test('when a queued move fails while another waits, the list is fetched once the queue is done', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  const store = setupStore({ session: signedInSession() });
  const subscription = store.dispatch(sectionsApi.endpoints.listSections.initiate());
  await subscription;
  let patches = 0;
  server.setHandler(async (request) => {
    if (request.method !== 'PATCH') return { body: page(sectionsOnServer) };
    patches += 1;
    if (patches === 1) return { status: 400, body: { detail: 'Algunos elementos no existen.' }, delay: 30 };
    // The second move lands on the server.
    sectionsOnServer = [section(3, 0, 'Noticias'), section(2, 1, 'Media'), section(1, 2, 'Revista')];
    return { body: {}, delay: 30 };
  });

  await Promise.all([
    store.dispatch(sectionsApi.endpoints.reorderSections.initiate(toReorderPayload([{ id: 2 }, { id: 1 }, { id: 3 }]))),
    store.dispatch(sectionsApi.endpoints.reorderSections.initiate(toReorderPayload([{ id: 3 }, { id: 2 }, { id: 1 }]))),
  ]);
  await new Promise((resolve) => setTimeout(resolve, 150));

  const gets = server.requests.filter((r) => r.method === 'GET');
  expect(gets).toHaveLength(2);
  // The reload came after the second move was answered, so it shows what the server holds.
  expect(server.requests.indexOf(gets[1])).toBeGreaterThan(server.requests.findLastIndex((r) => r.method === 'PATCH'));
  expect(sectionsApi.endpoints.listSections.select()(store.getState()).data?.map((s) => s.title)).toEqual(['Noticias', 'Media', 'Revista']);
  expect(logged).toHaveBeenCalled();
  logged.mockRestore();
  subscription.unsubscribe();
});
