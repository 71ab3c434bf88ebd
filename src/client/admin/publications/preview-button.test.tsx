import { act, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { DATA, READY, type PreviewPayload } from '@/client/ui/preview-channel';
import { sectionsApi } from '@/client/api/sections';
import { layoutEditorActions } from './layout-editor/layout-editor-slice';
import { publicationFixture, sectionFixture } from '../../../../test/helpers/admin-fixtures';
import { renderWithProviders } from '../../../../test/helpers/render-with-providers';
import { withRealApi } from '../../../../test/helpers/real-api-server';
import { PreviewButton, savedPayload, unsavedPayload, type PreviewFormValues } from './preview-button';
import { eventValuesOf } from './event-panel';

const sections = [
  sectionFixture(1, { title: 'Noticias', slug: 'noticias' }),
  sectionFixture(2, { title: 'Revista', slug: 'revista', is_active: false }),
];
const values = (overrides: Partial<PreviewFormValues> = {}): PreviewFormValues => ({
  title: 'Jornada',
  section_id: '1',
  status: 'published',
  publish_date: '2026-11-25',
  featured_image: { kind: 'keep' },
  event: eventValuesOf(null),
  ...overrides,
});

describe('what the preview is sent', () => {
  const saved = publicationFixture(12, { featured_image: '/media/portada.jpg', publish_date: '2026-03-01' });

  test('from the form: the fields as typed, the layout, the section, and the status on today', () => {
    const layout = [{ id: 'r1', cells: [{ id: 'c1', type: 'text' as const, content: '<p>Hola</p>' }] }];
    expect(unsavedPayload(values(), layout, sections, saved, '2026-11-24')).toEqual({
      publication: {
        id: 12,
        title: 'Jornada',
        section_slug: 'noticias',
        section_title: 'Noticias',
        publish_date: '2026-11-25',
        featured_image: '/media/portada.jpg',
        layout,
        event: null,
      },
      image: null,
      shown_status: 'scheduled',
      scheduled_for: '2026-11-25',
    });
    expect(unsavedPayload(values(), [], sections, saved, '2026-11-25').shown_status).toBe('published');
    expect(unsavedPayload(values({ status: 'draft' }), [], sections, saved, '2026-11-24').shown_status).toBe('draft');
  });

  test('the event as typed, once it reads as one; a half-written one draws none', () => {
    const typed = { ...eventValuesOf(null), enabled: true, start: '2026-03-12', start_time: '09:30', location: 'Aula Magna' };
    expect(unsavedPayload(values({ event: typed }), [], sections, saved, '2026-11-24').publication.event).toMatchObject({
      start: '2026-03-12T09:30:00',
      location: 'Aula Magna',
    });
    expect(unsavedPayload(values({ event: { ...typed, start_time: '' } }), [], sections, saved, '2026-11-24').publication.event).toBeNull();
  });

  test('a chosen file goes as itself, a removed image as none; a new publication has no id, an empty title a placeholder', () => {
    const file = new File(['x'], 'nueva.png', { type: 'image/png' });
    const replaced = unsavedPayload(values({ featured_image: { kind: 'replace', file } }), [], sections, saved, '2026-11-24');
    expect(replaced.image).toBe(file);
    expect(replaced.publication.featured_image).toBeNull();
    expect(
      unsavedPayload(values({ featured_image: { kind: 'remove' } }), [], sections, saved, '2026-11-24').publication.featured_image,
    ).toBeNull();
    const fresh = unsavedPayload(values({ title: '  ', section_id: '', publish_date: '' }), [], sections, undefined, '2026-11-24');
    expect(fresh.publication).toMatchObject({ id: null, title: 'Sin título', section_slug: '', section_title: '', publish_date: null });
  });

  test('from the detail page: the saved version with the status the server read', () => {
    const payload = savedPayload(
      { ...saved, public_state: { status: 'published', scheduled_for: null, section_hidden: false, undated: false, is_public: true } },
      '2026-11-24',
    );
    expect(payload.publication).toMatchObject({ id: 12, section_slug: 'noticias', featured_image: '/media/portada.jpg' });
    expect(payload.shown_status).toBe('published');
  });
});

const api = withRealApi();
let noticiasId = '';
beforeAll(async () => {
  noticiasId = String((await api.create('sections', { title: 'Noticias' })).id);
});
const render = () => renderWithProviders(<FormWithPreview />, { preloadedState: { session: api.session() } });

function FormWithPreview() {
  const form = useForm<PreviewFormValues>({ defaultValues: values({ section_id: noticiasId }) });
  return (
    <>
      <input aria-label="Título" {...form.register('title')} />
      <PreviewButton form={form} publication={publicationFixture(12)} />
    </>
  );
}

/** The preview tab window.open gives: what it is posted. */
function fakePreviewTab() {
  const posted: { message: { type: string; key: string; payload?: PreviewPayload }; origin: string }[] = [];
  const tab = { closed: false, focus: jest.fn(), postMessage: (message: never, origin: string) => posted.push({ message, origin }) };
  const open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  return { tab, posted, open };
}

afterEach(() => jest.restoreAllMocks());

test("'Vista previa' opens /vista-previa in a tab of its own and posts it the form as it is now, then every change", async () => {
  const preview = fakePreviewTab();
  const { user, store } = render();
  await user.clear(screen.getByLabelText('Título'));
  await user.type(screen.getByLabelText('Título'), 'Sin guardar');
  await user.click(screen.getByRole('button', { name: 'Vista previa' }));
  const last = () => preview.posted.at(-1)!.message.payload!;
  expect(preview.open).toHaveBeenCalledWith('/vista-previa#publicacion-12', 'vista-previa-publicacion-12');
  expect(preview.posted.at(-1)).toMatchObject({ message: { type: DATA, key: 'publicacion-12' }, origin: window.location.origin });
  // Once the sections are here (now or a moment later), the breadcrumb names the section.
  await waitFor(() => expect(last().publication).toMatchObject({ title: 'Sin guardar', section_title: 'Noticias' }));

  await user.type(screen.getByLabelText('Título'), ' y cambiado');
  await waitFor(() => expect(last().publication.title).toBe('Sin guardar y cambiado'));

  // A change of the layout reaches it too.
  const rows = [{ id: 'r9', cells: [{ id: 'c9', type: 'text' as const, content: '<p>Nuevo</p>' }] }];
  act(() => {
    store.dispatch(layoutEditorActions.layoutLoaded(rows));
  });
  await waitFor(() => expect(last().publication.layout).toEqual(rows));
});

test('a preview tab that asks for this publication is answered; another origin or another publication is not', async () => {
  jest.spyOn(window, 'open');
  const { store } = render();
  // The button sends again when the sections arrive: they are here before the tab asks, so one ask is one answer.
  await waitFor(() => expect(sectionsApi.endpoints.listSections.select()(store.getState()).isSuccess).toBe(true));
  const posted: unknown[] = [];
  const tab = { closed: false, postMessage: (message: unknown) => posted.push(message) } as unknown as Window;
  const ask = (key: string, origin = window.location.origin) =>
    act(async () => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: READY, key }, origin, source: tab }));
    });
  await ask('publicacion-12', 'https://otro.example');
  await ask('publicacion-13');
  expect(posted).toEqual([]);
  await ask('publicacion-12');
  expect(posted).toEqual([expect.objectContaining({ type: DATA, key: 'publicacion-12' })]);
});
