import { StrictMode } from 'react';
import { act, render, within } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { DEFAULT_SITE_SETTINGS_VALUES, publicSiteSettings } from '@/domain/site-settings';
import { HOME_EVENT_COUNT, HOME_NEWS_COUNT, type PageData } from '@/domain/public-pages';
import { setupStore } from '@/client/app/store';
import { withRealApi } from '../../../test/helpers/real-api-server';
import { homeParts } from './home-page';
import { pageDataActions } from './page-data';
import { renderSitePage } from './server-render';
import { SiteApp } from './site-app';
import type { SiteFrame } from './site-settings';

/** The home page's key facts and the footer's contact ('Ajustes del sitio', docs/decisions/199), drawn by the server and taken over. */

const api = withRealApi();

beforeAll(() => {
  // jsdom cannot scroll nor play media (as test/helpers/render-site.tsx says): the hero's video stays still.
  window.scrollTo = () => {};
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => {} });
});

const settings = publicSiteSettings({
  ...DEFAULT_SITE_SETTINGS_VALUES,
  contact_email: 'master@example.org',
  contact_phone: '+34 910 000 000',
  contact_address: 'Facultad de Educación\nCalle Mayor 1',
  duration_months: 18,
  ects_credits: 90,
  modality: 'presencial',
  language: 'Español',
  price: 12_000,
  admission_opens: '2027-02-01',
  admission_closes: '2027-06-30',
  how_to_apply_url: 'https://admision.example.org',
  social_links: { facebook: '', instagram: '', x: '', youtube: 'https://www.youtube.com/@master', linkedin: '' },
});

async function homeData(): Promise<PageData> {
  const answer = async (path: string) => (await api.request('GET', `/api${path}`, { token: null })).body as unknown;
  return {
    status: 200,
    reads: [
      { read: { kind: 'events', pageSize: HOME_EVENT_COUNT }, answer: await answer(`/public/events/?page_size=${HOME_EVENT_COUNT}`) },
      {
        read: { kind: 'publications', sectionSlug: 'noticias', page: 1, pageSize: HOME_NEWS_COUNT },
        answer: await answer(`/public/publications/?section_slug=noticias&page=1&page_size=${HOME_NEWS_COUNT}`),
      },
    ],
  };
}

/** The home page as the server draws it on `today`, then taken over: what went wrong in the take-over, and the page. */
async function drawnAndTakenOver(today: string) {
  const data = await homeData();
  const frame: SiteFrame = { settings, year: Number(today.slice(0, 4)), today };
  const container = document.body.appendChild(document.createElement('div'));
  await homeParts.preload();
  container.innerHTML = renderSitePage({ url: '/', data, frame, sanitize: (html) => html });
  // A browser reads a video's `muted` attribute into its property; jsdom does not (the hero's video would mismatch).
  for (const video of container.querySelectorAll('video')) video.muted = video.hasAttribute('muted');
  const drawn = container.innerHTML;
  const store = setupStore();
  for (const action of pageDataActions(data.reads)) store.dispatch(action);
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
  const errors = [...consoleError.mock.calls, ...recoverable];
  consoleError.mockRestore();
  return { container, drawn, errors };
}

test('the facts, the open period and the contact are drawn by the server and taken over with no mismatch', async () => {
  const { container, drawn, errors } = await drawnAndTakenOver('2027-06-30');
  expect(errors).toEqual([]);
  const facts = within(container).getByRole('region', { name: 'El máster de un vistazo' });
  expect(facts.innerHTML).toBe(new DOMParser().parseFromString(drawn, 'text/html').querySelector('.programme-facts')!.innerHTML);
  const list = within(facts)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
  expect(list).toEqual([
    'Duración: 18 meses',
    'Créditos: 90 ECTS',
    'Modalidad: Presencial',
    'Idioma: Español',
    'Precio: 12.000 €',
    'Plazo de admisión: Del 1 de febrero de 2027 al 30 de junio de 2027',
  ]);
  expect(facts).toHaveTextContent('Plazo abierto hasta el 30 de junio de 2027');
  expect(within(facts).getByRole('link', { name: 'Cómo inscribirse' })).toHaveAttribute('href', 'https://admision.example.org');

  const footer = within(container).getByRole('contentinfo');
  expect(within(footer).getByRole('link', { name: 'master@example.org' })).toHaveAttribute('href', 'mailto:master@example.org');
  expect(within(footer).getByRole('link', { name: '+34 910 000 000' })).toHaveAttribute('href', 'tel:+34910000000');
  expect(within(footer).getByRole('link', { name: 'YouTube' })).toHaveAttribute('href', 'https://www.youtube.com/@master');
  expect(within(footer).queryByRole('link', { name: 'Facebook' })).not.toBeInTheDocument();
  container.remove();
});

test("the day after the close, the page made that day says no 'Plazo abierto'", async () => {
  const { container, errors } = await drawnAndTakenOver('2027-07-01');
  expect(errors).toEqual([]);
  const facts = within(container).getByRole('region', { name: 'El máster de un vistazo' });
  expect(facts).not.toHaveTextContent('Plazo abierto');
  expect(facts).toHaveTextContent('Del 1 de febrero de 2027 al 30 de junio de 2027');
  container.remove();
});
