/**
 * @jest-environment node
 */
// Node's FormData, the one its fetch sends.
import { biographyFormData, type BiographyInput } from './biographies';

const input = (overrides: Partial<BiographyInput> = {}): BiographyInput => ({
  name: 'Ana Pérez',
  position: 'Profesora',
  biography: 'Texto',
  email: 'ana@example.org',
  linkedin: '',
  is_active: true,
  order: 2,
  photo: { kind: 'keep' },
  ...overrides,
});

test('every field goes as text; a kept photo is not sent, so the server keeps it', () => {
  const form = biographyFormData(input());
  expect(Object.fromEntries(form.entries())).toEqual({
    name: 'Ana Pérez',
    position: 'Profesora',
    biography: 'Texto',
    email: 'ana@example.org',
    linkedin: '',
    is_active: 'true',
    order: '2',
  });
});

test('a removed photo is an empty photo field, and the version travels when known', () => {
  const form = biographyFormData(input({ photo: { kind: 'remove' }, version: 4, is_active: false }));
  expect(form.get('photo')).toBe('');
  expect(form.get('version')).toBe('4');
  expect(form.get('is_active')).toBe('false');
});

test('a new photo goes as a file with its name', () => {
  const file = new File([new Uint8Array([137, 80, 78, 71])], 'ana.png', { type: 'image/png' });
  const sent = biographyFormData(input({ photo: { kind: 'replace', file } })).get('photo') as File;
  expect(sent.name).toBe('ana.png');
  expect(sent.type).toBe('image/png');
});
