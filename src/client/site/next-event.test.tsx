import { StrictMode } from 'react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { DEFAULT_SITE_SETTINGS } from '@/domain/catalogue';
import { HOME_EVENT_COUNT, HOME_NEWS_COUNT, type PageData } from '@/domain/public-pages';
import { setupStore } from '@/client/app/store';
import { renderSite } from '../../../test/helpers/render-site';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { homeParts } from './home-page';
import { pageDataActions } from './page-data';
import { renderSitePage } from './server-render';
import { SiteApp } from './site-app';

// Each test its own site: the home page shows the one next event of all.
const api = withRealApi({ per: 'test' });

const nextEventSection = () => screen.queryByRole('region', { name: 'Próximo evento' });

async function newsAndEvents() {
  const noticias = await api.create('sections', { title: 'Noticias' });
  const congresos = await api.create('sections', { title: 'Congresos', list_order: 'event' });
  await api.create('publications', { title: 'Jornada de acogida', section_id: noticias.id });
  await api.create('publications', {
    title: 'Congreso de 2001',
    section_id: congresos.id,
    event: { start: '2001-03-01T10:00', location: 'Aula Magna' },
  });
  return { noticias, congresos };
}

test("shows the next event above 'Últimas noticias': its card, when and where, linked to its page", async () => {
  const { congresos } = await newsAndEvents();
  const later = await api.create('publications', {
    title: 'Congreso de 2099',
    section_id: congresos.id,
    event: { start: '2099-05-20T10:00', location: 'Aula Magna' },
  });
  const sooner = await api.create('publications', {
    title: 'Seminario de 2098',
    section_id: congresos.id,
    event: { start: '2098-11-02T17:00', online_url: 'https://directo.example.org/seminario' },
  });
  await renderSite('/');
  const next = (await screen.findByRole('heading', { level: 2, name: 'Próximo evento' })).closest('section')!;
  expect(next).toBe(nextEventSection());
  // The soonest to come, alone.
  expect(
    within(next)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent),
  ).toEqual(['Seminario de 2098']);
  expect(within(next).getByRole('link', { name: 'Seminario de 2098' })).toHaveAttribute('href', `/congresos/${sooner.id}`);
  expect(next).toHaveTextContent('domingo, 2 de noviembre de 2098, 17:00 · En línea');
  expect(screen.queryByRole('link', { name: later.title })).not.toBeInTheDocument();
  const news = await screen.findByRole('heading', { level: 2, name: 'Últimas noticias' });
  expect(next.compareDocumentPosition(news) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  const asked = (await api.requests()).filter((request) => request.url.startsWith('/api/public/events/'));
  expect(asked).toMatchObject([{ url: `/api/public/events/?page_size=${HOME_EVENT_COUNT}`, status: 200 }]);
});

test('with no event to come, nothing of it: no heading, no empty section', async () => {
  await newsAndEvents();
  await renderSite('/');
  expect(await screen.findByRole('heading', { level: 2, name: 'Últimas noticias' })).toBeInTheDocument();
  // Its answer has gone (a request's status is recorded once answered): give React a moment to draw what it says.
  await waitFor(async () =>
    expect((await api.requests()).find((request) => request.url.startsWith('/api/public/events/'))?.status).toBe(200),
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(nextEventSection()).not.toBeInTheDocument();
  expect(screen.queryByText('Próximo evento')).not.toBeInTheDocument();
});

test('the page the server drew is taken over as it is, with no request and no mismatch', async () => {
  const { congresos } = await newsAndEvents();
  await api.create('publications', { title: 'Congreso de 2099', section_id: congresos.id, event: { start: '2099-05-20T10:00' } });
  const answer = async (path: string) => (await api.request('GET', `/api${path}`, { token: null })).body as unknown;
  const data: PageData = {
    status: 200,
    reads: [
      { read: { kind: 'events', pageSize: HOME_EVENT_COUNT }, answer: await answer(`/public/events/?page_size=${HOME_EVENT_COUNT}`) },
      {
        read: { kind: 'publications', sectionSlug: 'noticias', page: 1, pageSize: HOME_NEWS_COUNT },
        answer: await answer(`/public/publications/?section_slug=noticias&page=1&page_size=${HOME_NEWS_COUNT}`),
      },
    ],
  };
  const frame = { settings: DEFAULT_SITE_SETTINGS, year: 2026, today: '2026-05-01' };
  const container = document.body.appendChild(document.createElement('div'));
  await homeParts.preload();
  container.innerHTML = renderSitePage({ url: '/', data, frame, sanitize: (html) => html });
  // A browser reads a video's `muted` attribute into its property; jsdom does not (the hero's video would mismatch).
  for (const video of container.querySelectorAll('video')) video.muted = video.hasAttribute('muted');
  expect(container.querySelector('section[aria-labelledby="next-event-title"]')).toHaveTextContent('Congreso de 2099');
  const before = (await api.requests()).length;

  const store = setupStore();
  for (const action of pageDataActions(data.reads)) store.dispatch(action);
  // Collected, not thrown from inside React's render (test/helpers/fail-on-console.ts), so that a mismatch fails this test alone.
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
  const recoverable: unknown[] = [];
  await act(async () => {
    render(
      <StrictMode>
        <Provider store={store}>
          <MemoryRouter initialEntries={['/']}>
            <SiteApp frame={frame} notFound={false} />
          </MemoryRouter>
        </Provider>
      </StrictMode>,
      { container, hydrate: true, onRecoverableError: (error) => recoverable.push(error) },
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  expect(consoleError).not.toHaveBeenCalled();
  expect(recoverable).toEqual([]);
  consoleError.mockRestore();
  expect(within(container).getByRole('region', { name: 'Próximo evento' })).toHaveTextContent('Congreso de 2099');
  expect((await api.requests()).slice(before)).toEqual([]);
});
