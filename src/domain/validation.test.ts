import { FIELD_LIMITS } from './limits';
import {
  checkLayoutCells,
  hasDataUri,
  hasErrors,
  isOrder,
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
import { layoutErrorText, readLayoutErrorText } from './layout';
import type { Layout } from './entities';

const messageOf = (layout: Layout) => checkLayoutCells(layout)?.message;

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
    expect(validateBiography({ ...valid, biography: 'a'.repeat(3001) })).toEqual({
      biography: ['La biografía no puede superar los 3000 caracteres'],
    });
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
    expect(validatePublication({ publish_date: '', hasFeaturedImage: false }, { editing: true })).toEqual({
      publish_date: [messages.publishDateRequired],
    });
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
    expect(
      parseReorder([
        { id: 3, order: 0 },
        { id: 1, order: 1 },
      ]),
    ).toEqual({
      items: [
        { id: 3, order: 0 },
        { id: 1, order: 1 },
      ],
    });
    const invalid = { problem: messages.reorderInvalid };
    expect(parseReorder([])).toEqual(invalid);
    expect(parseReorder([{ id: 1, order: -1 }])).toEqual(invalid);
    expect(parseReorder([{ id: 1, order: 2 ** 31 }])).toEqual(invalid);
    expect(
      parseReorder([
        { id: 1, order: 0 },
        { id: 1, order: 1 },
      ]),
    ).toEqual(invalid);
    expect(parseReorder([{ id: '1', order: 0 }])).toEqual(invalid);
    expect(parseReorder({ id: 1, order: 0 })).toEqual(invalid);
  });

  it('takes at most 1000 items in one reorder', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, order: i }));
    expect(parseReorder(items(1000))).toEqual({ items: items(1000) });
    expect(parseReorder(items(1001))).toEqual({ problem: messages.reorderTooMany });
  });

  it('tells whether there are errors', () => {
    expect(hasErrors({})).toBe(false);
    expect(hasErrors({ title: ['x'] })).toBe(true);
  });
});

describe('size limits', () => {
  const long = (n: number) => 'a'.repeat(n);

  it('limits names, positions, emails and web links of biographies', () => {
    const valid = {
      name: long(200),
      position: long(200),
      biography: 'Texto',
      email: `${long(247)}@uni.es`,
      linkedin: `https://uni.es/${long(2033)}`,
    };
    expect(validateBiography(valid)).toEqual({});
    expect(
      validateBiography({ ...valid, name: long(201), position: long(201), email: `${long(248)}@uni.es`, linkedin: `${valid.linkedin}a` }),
    ).toEqual({
      name: [messages.tooLong(200)],
      position: [messages.tooLong(200)],
      email: [messages.tooLong(254)],
      linkedin: [messages.tooLong(2048)],
    });
  });

  it('limits section titles to 100 characters and publication titles to 200', () => {
    expect(validateSection({ title: long(100) })).toEqual({});
    expect(validateSection({ title: long(101) })).toEqual({ title: ['Asegúrese de que este campo no tenga más de 100 caracteres.'] });
    const publication = { section_id: '1', publish_date: '2025-01-01', hasFeaturedImage: true };
    expect(validatePublication({ ...publication, title: long(200) })).toEqual({});
    expect(validatePublication({ ...publication, title: long(201) })).toEqual({ title: [messages.tooLong(200)] });
  });

  it('keeps order within a 32-bit integer', () => {
    expect(isOrder(-(2 ** 31))).toBe(true);
    expect(isOrder(2 ** 31 - 1)).toBe(true);
    expect(isOrder(2 ** 31)).toBe(false);
    expect(isOrder(1.5)).toBe(false);
    expect(validateSection({ order: 2 ** 31 }, { partial: true })).toEqual({ order: [messages.orderOutOfRange] });
    expect(validateBiography({ order: -(2 ** 31) - 1 }, { partial: true })).toEqual({ order: [messages.orderOutOfRange] });
  });

  it('limits layouts to 200 rows, text cells to 100000 characters and cell addresses to 2048', () => {
    const row = (content: string, type: 'text' | 'image' = 'text') => ({ id: 'r', cells: [{ id: 'c', type, content }] });
    expect(checkLayoutCells(Array.from({ length: FIELD_LIMITS.layoutRows }, () => row('<p>a</p>')))).toBeNull();
    expect(messageOf(Array.from({ length: FIELD_LIMITS.layoutRows + 1 }, () => row('<p>a</p>')))).toBe(messages.layoutTooManyRows);
    expect(checkLayoutCells([row(long(100_000))])).toBeNull();
    expect(messageOf([row(long(100_001))])).toBe(messages.textCellTooLong);
    expect(checkLayoutCells([row(`https://a.es/${long(2035)}`, 'image')])).toBeNull();
    expect(messageOf([row(`https://a.es/${long(2036)}`, 'image')])).toBe(messages.cellUrlTooLong);
  });

  it('says which row and cell a problem is in, and the editor reads the place back from the words', () => {
    const video = (content: string) => ({ id: content, type: 'video' as const, content });
    const layout = [
      { id: 'r1', cells: [video('https://youtu.be/a')] },
      { id: 'r2', cells: [video('https://youtu.be/b'), video('youtube punto com')] },
    ];
    const problem = checkLayoutCells(layout);
    expect(problem).toMatchObject({ row: 1, cell: 1, message: messages.invalidUrl });
    expect(layoutErrorText(problem!)).toBe('Fila 2, celda 2: Introduzca una URL válida.');
    expect(readLayoutErrorText('Fila 2, celda 2: Introduzca una URL válida.')).toEqual({ row: 1, cell: 1, message: messages.invalidUrl });
    expect(readLayoutErrorText(`Fila 3: ${messages.layoutTooWide}`)).toEqual({ row: 2, message: messages.layoutTooWide });
    expect(readLayoutErrorText(messages.layoutTooManyRows)).toEqual({ message: messages.layoutTooManyRows });
    expect(checkLayoutCells([{ id: 'r', cells: [{ id: 'i', type: 'image', content: '/media/images/a.jpg' }] }])).toBeNull();
  });

  it("takes a document cell's address from the library only, and a title the library's length", () => {
    const document = (content: string, title?: string) => [{ id: 'r', cells: [{ id: 'd', type: 'document' as const, content, title }] }];
    expect(checkLayoutCells(document(''))).toBeNull();
    expect(checkLayoutCells(document('/media/documentos/0123456789abcdef0123456789abcdef/plan.pdf', long(200)))).toBeNull();
    expect(messageOf(document('/media/documentos/0123456789abcdef0123456789abcdef/plan.pdf', long(201)))).toBe(messages.tooLong(200));
    for (const elsewhere of ['https://otro.es/plan.pdf', '/media/images/a.jpg', 'javascript:alert(1)']) {
      expect(messageOf(document(elsewhere))).toBe(messages.documentNotInLibrary);
    }
  });

  it('refuses data: URIs in rich text, however they are written', () => {
    for (const html of [
      '<img src="data:image/png;base64,AAAA">',
      "<img src = 'DATA:image/png;base64,AAAA'>",
      '<a href=data:text/html,x>x</a>',
    ]) {
      expect(hasDataUri(html)).toBe(true);
    }
    expect(hasDataUri('<p>Los data: del estudio</p><img src="/media/images/a.jpg">')).toBe(false);
    expect(hasDataUri('<a href="/datos" title="data: ver">x</a><img src="https://a.es/data:x.png">')).toBe(false);
  });

  it('finds data: URIs written with character references, split by tabs, in a srcset or in a style', () => {
    for (const html of [
      '<img src="&#100;ata:image/png;base64,AAAA">',
      '<img src="&#x64;&#x61;ta&colon;image/png;base64,AAAA">',
      '<img src="da&#x09;ta:image/png;base64,AAAA">',
      '<img src="da\nta:image/png;base64,AAAA">',
      '<img src="/media/a.jpg" srcset="/media/a.jpg 1x, data:image/png;base64,AAAA 2x">',
      '<p style="background: url(&quot;data:image/png;base64,AAAA&quot;)">x</p>',
    ]) {
      expect(hasDataUri(html)).toBe(true);
    }
  });

  it('says a pasted image must be uploaded even when it also makes the cell too long', () => {
    const pasted = `<img src="data:image/png;base64,${'A'.repeat(FIELD_LIMITS.textCell)}">`;
    expect(messageOf([{ id: 'r', cells: [{ id: 'c', type: 'text', content: pasted }] }])).toBe(messages.richTextDataUri);
    expect(messageOf([{ id: 'r', cells: [{ id: 'c', type: 'text', content: '<img src="data:image/png;base64,AAAA">' }] }])).toBe(
      messages.richTextDataUri,
    );
  });
});

describe('messages that count', () => {
  it('says how many publications keep a section from being deleted', () => {
    expect(messages.sectionHasPublications(1)).toBe('No se puede eliminar la sección porque contiene 1 publicación.');
    expect(messages.sectionHasPublications(3)).toBe('No se puede eliminar la sección porque contiene 3 publicaciones.');
  });
});
