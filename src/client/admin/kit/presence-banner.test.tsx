import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Publication, Section } from '@/domain/entities';
import { PRESENCE_HEARTBEAT_MS, PRESENCE_IDLE_MS, timeOfDay } from '@/domain/presence';
import { eventually } from '../../../../test/helpers/eventually';
import { SERVER_CLOCKS } from '../../../../test/helpers/fake-date';
import { renderWithProviders } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { withFaultInjectingServer } from '../../../../test/helpers/with-fault-injecting-server';
import { colleague } from '../../../../test/helpers/staff-accounts';
import { PresenceBanner } from './presence-banner';

const api = withRealApi();

/** The colleague's own heartbeat, as her form sends it. */
const beat = (address: string, access: string, tab: string) => api.request('POST', `${address}presence/`, { token: access, json: { tab } });

/** 'desde las 10:42' in the site's time zone, for a moment between `from` and now. */
const since = (from: number) =>
  new RegExp(
    `desde las (${[timeOfDay(new Date(from).toISOString(), 'Europe/Madrid'), timeOfDay(new Date().toISOString(), 'Europe/Madrid')].join('|')})$`,
  );

test('names the colleague who has the publication open, then a save she made, with its revision in the Historial; leaving ends this tab at once', async () => {
  const publication: Publication = await api.create('publications', { title: api.unique('Presencia en el formulario') });
  const address = `/api/publications/${publication.id}/`;
  const ana = await colleague(api, 'editor');
  const arrived = Date.now();
  expect((await beat(address, ana.access, 'pestana-ana')).status).toBe(200);

  const first = renderWithProviders(<PresenceBanner kind="publication" id={publication.id} version={publication.version} />, {
    preloadedState: { session: api.session() },
  });
  const line = await screen.findByRole('listitem');
  expect(line).toHaveTextContent(new RegExp(`^Colega de pruebas está editando esta publicación ${since(arrived).source}`));
  // Heard once by a screen reader, without the minutes.
  expect(screen.getByRole('status')).toHaveTextContent('Colega de pruebas está editando esta publicación');
  expect(screen.queryByRole('link', { name: 'Ver cambios' })).not.toBeInTheDocument();

  // The administrator's tab counts for Ana now.
  await waitFor(async () => expect((await beat(address, ana.access, 'pestana-ana')).body.editors).toHaveLength(1));
  // Ana saves; a form that started from the older version is told, with the revision to look at.
  expect((await api.request('PATCH', address, { token: ana.access, json: { title: api.unique('Cambiada por Ana') } })).status).toBe(200);
  first.unmount();
  // Leaving the form ended the administrator's presence at once: Ana's next heartbeat finds nobody.
  await waitFor(async () => expect((await beat(address, ana.access, 'pestana-ana')).body.editors).toEqual([]));

  renderWithProviders(<PresenceBanner kind="publication" id={publication.id} version={publication.version} />, {
    preloadedState: { session: api.session() },
  });
  expect(await screen.findByText('Colega de pruebas guardó cambios hace unos segundos')).toBeInTheDocument();
  const revisions = (await api.request('GET', `${address}revisions/`)).body.results as { id: number }[];
  expect(screen.getByRole('link', { name: 'Ver cambios' })).toHaveAttribute(
    'href',
    `/admin/publications/${publication.id}/historial/${revisions[0].id}`,
  );
});

test("a form on the saved version is told nothing of that save; a new record sends nothing; a section names 'esta sección'", async () => {
  const section: Section = await api.create('sections', { title: api.unique('Sección presente') });
  const address = `/api/sections/${section.id}/`;
  const other = await colleague(api, 'admin');
  await beat(address, other.access, 'pestana-otra');
  const before = (await api.requests()).length;
  // A new biography (no id yet) first, then the section: by the time the section's answer is shown, anything the first sent has arrived.
  renderWithProviders(<PresenceBanner kind="biography" id={undefined} version={undefined} />, {
    preloadedState: { session: api.session() },
  });
  renderWithProviders(<PresenceBanner kind="section" id={section.id} version={section.version} />, {
    preloadedState: { session: api.session() },
  });
  expect(await screen.findByRole('listitem')).toHaveTextContent(/^Colega de pruebas está editando esta sección desde las \d{2}:\d{2}$/);
  expect(screen.queryByText(/guardó cambios/)).not.toBeInTheDocument();
  const sent = (await api.requests()).slice(before).filter((request) => request.url.includes('/presence/'));
  expect(sent.map((request) => `${request.method} ${request.url}`)).toEqual([`POST /api/sections/${section.id}/presence/`]);
});

test('after 30 minutes without input the heartbeats stop and the presence ends; the next key starts them again', async () => {
  const publication: Publication = await api.create('publications', { title: api.unique('Presencia sin nadie') });
  const address = `/api/publications/${publication.id}/`;
  const ana = await colleague(api, 'editor');
  // Only the interval and the date are the test's: requests and their timeouts run on real time.
  jest.useFakeTimers({ doNotFake: [...SERVER_CLOCKS] });
  try {
    const before = (await api.requests()).length;
    const presenceSent = async () =>
      (await api.requests())
        .slice(before)
        .filter((request) => request.url.startsWith(`${address}presence/`))
        .map((request) => request.method);
    renderWithProviders(<PresenceBanner kind="publication" id={publication.id} version={publication.version} />, {
      preloadedState: { session: api.session() },
    });
    await eventually(async () => expect(await presenceSent()).toEqual(['POST']));
    expect((await beat(address, ana.access, 'pestana-ana')).body.editors).toHaveLength(1);

    // Nothing typed for half an hour: a heartbeat every 20 s (each awaited, as the browser's come one at a time), then the end.
    const heartbeats = async (count: number) =>
      eventually(async () => expect((await presenceSent()).filter((method) => method === 'POST')).toHaveLength(count));
    const ticks = PRESENCE_IDLE_MS / PRESENCE_HEARTBEAT_MS;
    for (let tick = 1; tick < ticks; tick++) {
      act(() => jest.advanceTimersByTime(PRESENCE_HEARTBEAT_MS));
      await heartbeats(tick + 1);
    }
    act(() => jest.advanceTimersByTime(PRESENCE_HEARTBEAT_MS));
    await eventually(async () => expect((await presenceSent()).at(-1)).toBe('DELETE'));
    expect(await presenceSent()).toHaveLength(ticks + 1);
    const stopped = (await presenceSent()).length;
    expect((await beat(address, ana.access, 'pestana-ana')).body.editors).toEqual([]);
    act(() => jest.advanceTimersByTime(PRESENCE_HEARTBEAT_MS * 5));
    expect(await presenceSent()).toHaveLength(stopped);

    fireEvent.keyDown(document.body, { key: 'a' });
    await eventually(async () => expect((await presenceSent()).slice(stopped)).toEqual(['POST']));
    expect((await beat(address, ana.access, 'pestana-ana')).body.editors).toHaveLength(1);
  } finally {
    jest.useRealTimers();
  }
}, 180_000);

describe('a heartbeat the network loses', () => {
  // The real server cannot be made to drop one connection on demand.
  const stub = withFaultInjectingServer();

  test('goes again at once, and the colleague is named from its answer', async () => {
    let beats = 0;
    stub().setHandler(() =>
      ++beats === 1
        ? { drop: true }
        : {
            body: {
              editors: [{ name: 'Ana Presente', since: new Date().toISOString(), you: false }],
              version: 1,
              last_save: null,
              time_zone: 'Europe/Madrid',
            },
          },
    );
    renderWithProviders(<PresenceBanner kind="publication" id={41} version={1} />, { preloadedState: { session: api.session() } });
    expect(await screen.findByRole('listitem')).toHaveTextContent(/^Ana Presente está editando esta publicación desde las/);
    // No timer has run: the second was the first one's retry.
    expect(
      stub()
        .requestsTo('/api/publications/41/presence/')
        .map((request) => request.method),
    ).toEqual(['POST', 'POST']);
  });
});
