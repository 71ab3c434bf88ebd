/**
 * @jest-environment node
 */
// Node's FormData, the one its fetch sends.
import { publicationFormData, type PublicationInput } from './publications';

const input = (overrides: Partial<PublicationInput> = {}): PublicationInput => ({
  title: 'Jornada de puertas abiertas',
  section_id: '3',
  status: 'draft',
  is_featured: false,
  publish_date: '2026-03-05',
  layout: [{ id: 'r1', cells: [{ id: 'c1', type: 'text', content: '<p>Hola</p>', columnSpan: 4 }] }],
  featured_image: { kind: 'keep' },
  event: null,
  ...overrides,
});

test('fields go as text, booleans as true/false and the layout as a JSON string; a kept image is not sent', () => {
  const form = publicationFormData(input());
  expect(Object.fromEntries(form.entries())).toEqual({
    title: 'Jornada de puertas abiertas',
    section_id: '3',
    status: 'draft',
    is_featured: 'false',
    publish_date: '2026-03-05',
    layout: JSON.stringify(input().layout),
    event: 'null',
  });
});

test('an event goes as JSON text, as the layout', () => {
  const event = { start: '2026-03-12T09:30', end: null, all_day: false, location: 'Aula Magna', online_url: '', registration_url: '' };
  expect(JSON.parse(publicationFormData(input({ event })).get('event') as string)).toEqual(event);
});

test('the version travels when known, and a new image goes as a file with its name', () => {
  const file = new File([new Uint8Array([137, 80, 78, 71])], 'portada.png', { type: 'image/png' });
  const form = publicationFormData(input({ version: 7, is_featured: true, featured_image: { kind: 'replace', file } }));
  expect(form.get('version')).toBe('7');
  expect(form.get('is_featured')).toBe('true');
  expect((form.get('featured_image') as File).name).toBe('portada.png');
});

test('a featured image cannot be removed: asking to remove it sends nothing for it', () => {
  expect(publicationFormData(input({ featured_image: { kind: 'remove' } })).has('featured_image')).toBe(false);
});
