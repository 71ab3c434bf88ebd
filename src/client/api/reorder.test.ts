import { waitFor } from '@testing-library/react';
import { setupStore } from '@/client/app/store';
import type { Publication, Section } from '@/domain/entities';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { signedInSession } from '../../../test/helpers/render-with-providers';
import { withFaultInjectingServer } from '../../../test/helpers/with-fault-injecting-server';
import { publicationsApi } from './publications';
import { applyPlan, moveItem, planReorder, reorderPayload, toReorderPayload } from './reorder';
import { sectionsApi } from './sections';

// Each test reorders a list of its own.
const api = withRealApi({ per: 'test' });

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

/** Revista, Media and Noticias, in that order, on the test's own server. */
async function threeSections() {
  const [revista, media, noticias] = [
    await api.create('sections', { title: 'Revista' }),
    await api.create('sections', { title: 'Media' }),
    await api.create('sections', { title: 'Noticias' }),
  ];
  return { revista, media, noticias };
}
const storedTitles = async () => ((await api.request('GET', '/api/sections/?page_size=100')).body.results as Section[]).map((s) => s.title);
const sentReorders = async (path: string) => (await api.requests()).filter((r) => r.method === 'PATCH' && r.url === path);

test('the cached list changes at once, the new order is sent, and the server holds it', async () => {
  const { revista, media, noticias } = await threeSections();
  const store = setupStore({ session: api.session() });
  await store.dispatch(sectionsApi.endpoints.listSections.initiate());

  const payload = toReorderPayload([noticias, revista, media]);
  const saving = store.dispatch(sectionsApi.endpoints.reorderSections.initiate(payload));

  // Before the server has answered: the request cannot have come back within this tick.
  const cached = () =>
    sectionsApi.endpoints.listSections
      .select()(store.getState())
      .data?.map((s) => s.title);
  expect(cached()).toEqual(['Noticias', 'Revista', 'Media']);
  await saving;

  const [patch] = await sentReorders('/api/sections/reorder/');
  expect(JSON.parse(patch.body)).toEqual(payload);
  expect(patch.status).toBe(200);
  expect(cached()).toEqual(['Noticias', 'Revista', 'Media']);
  expect(await storedTitles()).toEqual(['Noticias', 'Revista', 'Media']);
  // The list is not fetched again after a move the server took.
  expect((await api.requests()).filter((r) => r.method === 'GET')).toHaveLength(1);
});

test('publications: every cached list (all, or one section) is reordered, and the server holds the new order', async () => {
  const revista = await api.create('sections', { title: 'Revista' });
  await api.create('publications', { title: 'P1', section_id: revista.id });
  await api.create('publications', { title: 'P2', section_id: revista.id });
  const store = setupStore({ session: api.session() });
  await store.dispatch(publicationsApi.endpoints.listPublications.initiate());
  await store.dispatch(publicationsApi.endpoints.listPublications.initiate({ section: revista.id }));
  const ids = (filter?: { section: number }) =>
    publicationsApi.endpoints.listPublications
      .select(filter)(store.getState())
      .data?.map((p) => p.id);
  const [first, second] = ids()!;
  expect(ids({ section: revista.id })).toEqual([first, second]);

  const swapped = toReorderPayload([{ id: second }, { id: first }]);
  await store.dispatch(publicationsApi.endpoints.reorderPublications.initiate(swapped));

  expect(ids()).toEqual([second, first]);
  expect(ids({ section: revista.id })).toEqual([second, first]);
  const [patch] = await sentReorders('/api/publications/reorder/');
  expect(JSON.parse(patch.body)).toEqual(swapped);
  const stored = (await api.request('GET', `/api/publications/?section=${revista.id}`)).body.results as Publication[];
  expect(stored.map((p) => p.id)).toEqual([second, first]);
});

test('when a queued move is refused while another waits, the list is fetched once the queue is done and shows what the server holds', async () => {
  const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
  const { revista, media, noticias } = await threeSections();
  const store = setupStore({ session: api.session() });
  const subscription = store.dispatch(sectionsApi.endpoints.listSections.initiate());
  await subscription;
  // The first move names a section the server does not hold (deleted elsewhere): it refuses it with a 400.
  const refused = [
    { id: media.id, order: 0 },
    { id: revista.id, order: 1 },
    { id: noticias.id + 1000, order: 2 },
  ];

  await Promise.all([
    store.dispatch(sectionsApi.endpoints.reorderSections.initiate(refused)),
    store.dispatch(sectionsApi.endpoints.reorderSections.initiate(toReorderPayload([noticias, media, revista]))),
  ]);

  const sent = await api.requests();
  const patches = sent.filter((r) => r.method === 'PATCH');
  expect(patches.map((r) => r.status)).toEqual([400, 200]);
  let after: Awaited<ReturnType<typeof api.requests>> = [];
  await waitFor(async () => {
    after = await api.requests();
    expect(after.filter((r) => r.method === 'GET')).toHaveLength(2);
  });
  const gets = after.filter((r) => r.method === 'GET');
  // The reload came after the second move was answered, so it shows what the server holds.
  expect(after.indexOf(gets[1])).toBeGreaterThan(after.findLastIndex((r) => r.method === 'PATCH'));
  await waitFor(() =>
    expect(
      sectionsApi.endpoints.listSections
        .select()(store.getState())
        .data?.map((s) => s.title),
    ).toEqual(['Noticias', 'Media', 'Revista']),
  );
  expect(await storedTitles()).toEqual(['Noticias', 'Media', 'Revista']);
  expect(logged).toHaveBeenCalled();
  logged.mockRestore();
  subscription.unsubscribe();
});

describe('answers the real server cannot be made to give', () => {
  // A 5xx, and answers held back long enough to see whether a second move waits for the first: the real server answers at once and never fails that way.
  const faulty = withFaultInjectingServer();
  const section = (id: number, order: number, title: string) => ({
    id,
    order,
    title,
    slug: title.toLowerCase(),
    is_active: true,
    created_at: '',
    updated_at: '',
  });
  const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
  const sectionsOnServer = [section(1, 0, 'Revista'), section(2, 1, 'Media'), section(3, 2, 'Noticias')];
  beforeEach(() => faulty().setHandler(() => ({ body: page(sectionsOnServer) })));

  test('when saving fails the change is undone, logged, and the list is fetched again', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => {});
    const store = setupStore({ session: signedInSession() });
    const subscription = store.dispatch(sectionsApi.endpoints.listSections.initiate());
    await subscription;
    faulty().setHandler((request) =>
      request.method === 'PATCH' ? { status: 500, body: { detail: 'boom' } } : { body: page(sectionsOnServer) },
    );

    const result = await store.dispatch(
      sectionsApi.endpoints.reorderSections.initiate(toReorderPayload([{ id: 2 }, { id: 1 }, { id: 3 }])),
    );
    expect('error' in result).toBe(true);

    const titles = () =>
      sectionsApi.endpoints.listSections
        .select()(store.getState())
        .data?.map((s) => s.title);
    expect(titles()).toEqual(['Revista', 'Media', 'Noticias']);
    // The list is fetched again: the second GET reaches the server.
    await waitFor(() => expect(faulty().requests.filter((r) => r.method === 'GET')).toHaveLength(2));
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
    subscription.unsubscribe();
  });

  test('reorders of one list go out one at a time, in order, and the list ends in the last order', async () => {
    const store = setupStore({ session: signedInSession() });
    await store.dispatch(sectionsApi.endpoints.listSections.initiate());
    let inFlight = 0;
    let mostInFlight = 0;
    faulty().setHandler(async (request) => {
      if (request.method !== 'PATCH') return { body: page(sectionsOnServer) };
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      // A slow answer (the fault this stub stands for): long enough that a second move sent
      // without waiting for the first would be in flight beside it.
      await new Promise((resolve) => setTimeout(resolve, 60));
      inFlight -= 1;
      return { body: {} };
    });

    const first = toReorderPayload([{ id: 2 }, { id: 1 }, { id: 3 }]);
    const second = toReorderPayload([{ id: 3 }, { id: 2 }, { id: 1 }]);
    const moves = [
      store.dispatch(sectionsApi.endpoints.reorderSections.initiate(first)),
      store.dispatch(sectionsApi.endpoints.reorderSections.initiate(second)),
    ];
    const titles = () =>
      sectionsApi.endpoints.listSections
        .select()(store.getState())
        .data?.map((s) => s.title);
    expect(titles()).toEqual(['Noticias', 'Media', 'Revista']);
    await Promise.all(moves);

    expect(mostInFlight).toBe(1);
    expect(
      faulty()
        .requestsTo('/api/sections/reorder/')
        .map((r) => JSON.parse(r.body)),
    ).toEqual([first, second]);
    expect(titles()).toEqual(['Noticias', 'Media', 'Revista']);
  });
});
