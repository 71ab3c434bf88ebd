import {
  hasErrors,
  isEmail,
  isHttpUrl,
  isIsoDate,
  parseBoolean,
  parseReorder,
  validateBiography,
  validateLogin,
  validatePublication,
  validateSection,
} from './validation';
import { messages } from './messages';

describe('validateLogin', () => {
  it('asks for both fields', () => {
    expect(validateLogin({ username: 'ana', password: '' })).toBe('Por favor, complete todos los campos');
    expect(validateLogin({ username: '  ', password: 'x' })).toBe('Por favor, complete todos los campos');
    expect(validateLogin({ username: 'ana', password: 'x' })).toBeNull();
  });
});

describe('validateBiography', () => {
  const valid = { name: 'Ana', position: 'Directora', biography: 'Texto', email: 'ana@uni.es', linkedin: 'https://uni.es/ana' };

  it('accepts a complete biography, and empty optional fields', () => {
    expect(validateBiography(valid)).toEqual({});
    expect(validateBiography({ ...valid, email: '', linkedin: '' })).toEqual({});
  });

  it('requires name, position and biography', () => {
    expect(validateBiography({})).toEqual({ name: [messages.required], position: [messages.required], biography: [messages.required] });
  });

  it('checks only the fields sent in a partial update', () => {
    expect(validateBiography({ position: 'Profesora' }, { partial: true })).toEqual({});
    expect(validateBiography({ name: '' }, { partial: true })).toEqual({ name: [messages.required] });
  });

  it('limits the biography to 3000 characters', () => {
    expect(validateBiography({ ...valid, biography: 'a'.repeat(3000) })).toEqual({});
    expect(validateBiography({ ...valid, biography: 'a'.repeat(3001) })).toEqual({ biography: ['La biografía no puede superar los 3000 caracteres'] });
  });

  it('checks the email and the web link', () => {
    expect(validateBiography({ ...valid, email: 'ana@', linkedin: 'javascript:alert(1)' })).toEqual({
      email: [messages.invalidEmail],
      linkedin: [messages.invalidUrl],
    });
  });
});

describe('validateSection', () => {
  it('requires a title', () => {
    expect(validateSection({ title: ' ' })).toEqual({ title: [messages.required] });
    expect(validateSection({}, { partial: true })).toEqual({});
  });
});

describe('validatePublication', () => {
  const valid = { title: 'Congreso 2026', section_id: 3, publish_date: '2026-05-04', status: 'draft', hasFeaturedImage: true };

  it('accepts a complete new publication', () => {
    expect(validatePublication(valid)).toEqual({});
  });

  it('requires title, section, featured image and date for a new one', () => {
    expect(validatePublication({ hasFeaturedImage: false })).toEqual({
      title: [messages.required],
      section_id: [messages.required],
      featured_image: ['La imagen destacada es requerida'],
      publish_date: ['La fecha de publicación es requerida'],
    });
  });

  it('does not require the featured image when editing', () => {
    expect(validatePublication({ title: 'Nuevo título', hasFeaturedImage: false }, { editing: true })).toEqual({});
    expect(validatePublication({ publish_date: '', hasFeaturedImage: false }, { editing: true })).toEqual({ publish_date: [messages.publishDateRequired] });
  });

  it('refuses unknown statuses and impossible dates', () => {
    expect(validatePublication({ ...valid, status: 'deleted', publish_date: '2026-02-30' })).toEqual({
      status: [messages.invalidStatus],
      publish_date: [messages.invalidDate],
    });
  });
});

describe('small parsers', () => {
  it('reads booleans as multipart sends them', () => {
    expect(parseBoolean('true')).toBe(true);
    expect(parseBoolean('false')).toBe(false);
    expect(parseBoolean(true)).toBe(true);
    expect(parseBoolean('yes please')).toBeUndefined();
  });

  it('knows emails, web links and dates', () => {
    expect(isEmail('a.b+c@uni.edu.es')).toBe(true);
    expect(isEmail('a b@uni.es')).toBe(false);
    expect(isHttpUrl('https://www.linkedin.com/in/ana')).toBe(true);
    expect(isHttpUrl('ftp://uni.es')).toBe(false);
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('29/02/2024')).toBe(false);
  });

  it('reads a reorder payload or refuses it whole', () => {
    expect(parseReorder([{ id: 3, order: 0 }, { id: 1, order: 1 }])).toEqual([{ id: 3, order: 0 }, { id: 1, order: 1 }]);
    expect(parseReorder([])).toBeNull();
    expect(parseReorder([{ id: 1, order: -1 }])).toBeNull();
    expect(parseReorder([{ id: 1, order: 0 }, { id: 1, order: 1 }])).toBeNull();
    expect(parseReorder([{ id: '1', order: 0 }])).toBeNull();
    expect(parseReorder({ id: 1, order: 0 })).toBeNull();
  });

  it('tells whether there are errors', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ title: ['x'] })).toBe(true);
  });
});
