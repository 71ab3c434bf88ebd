import { biographyFixture, publicationFixture, sectionFixture } from '../../test/helpers/admin-fixtures';
import type { Layout } from './entities';
import { ACTIVITY_ACTIONS, layoutChange, revisionSummaries, summarizeChange, summarizeRestore } from './history';

const text = (id: string, content = '<p>Hola</p>', columnSpan = 1) => ({ id, type: 'text' as const, content, columnSpan });
const layout = (...rows: [string, ReturnType<typeof text>[]][]): Layout => rows.map(([id, cells]) => ({ id, cells }));

describe('layoutChange', () => {
  it('says nothing when nothing a reader sees changed, even when the server filled in publication ids', () => {
    const before = layout(['r1', [text('a'), text('b')]]);
    expect(layoutChange(before, structuredClone(before))).toBeNull();
    const withIds = layout(['r1', [{ ...text('a'), publicationId: 7 } as ReturnType<typeof text>, text('b')]]);
    expect(layoutChange(before, withIds)).toBeNull();
  });

  it('counts rows added and removed, their cells going with them', () => {
    const before = layout(['r1', [text('a')]], ['r2', [text('b'), text('c')]]);
    const after = layout(['r1', [text('a')]], ['r3', [text('d')]], ['r4', [text('e')]]);
    expect(layoutChange(before, after)).toBe('Diseño: 2 filas añadidas, 1 fila eliminada');
  });

  it('counts cells added, removed and edited inside the rows both versions hold', () => {
    const before = layout(['r1', [text('a'), text('b')]], ['r2', [text('c'), text('d')]]);
    const after = layout(['r1', [text('a', '<p>Adiós</p>'), text('b', '<p>Hola</p>', 2)]], ['r2', [text('c'), text('e')]]);
    expect(layoutChange(before, after)).toBe('Diseño: 1 celda añadida, 1 celda eliminada, 2 celdas editadas');
  });

  it('tells rows put in another order, and a cell moved to another row as edited', () => {
    const before = layout(['r1', [text('a'), text('b')]], ['r2', [text('c')]]);
    expect(layoutChange(before, layout(['r2', [text('c')]], ['r1', [text('a'), text('b')]]))).toBe('Diseño: filas reordenadas');
    expect(layoutChange(before, layout(['r1', [text('a')]], ['r2', [text('c'), text('b')]]))).toBe('Diseño: 1 celda editada');
  });

  it('follows rows by position when their ids repeat', () => {
    const before = layout(['r', [text('a')]], ['r', [text('b')]]);
    expect(layoutChange(before, layout(['r', [text('a')]], ['r', [text('b')]], ['r', [text('c')]]))).toBe('Diseño: 1 fila añadida');
  });
});

describe('summarizeChange', () => {
  it('names each field of a publication that differs, in the order of the form, with the values of status, section and flags', () => {
    const before = publicationFixture(1, { layout: layout(['r1', [text('a')]]) });
    const after = publicationFixture(1, {
      title: 'Otro título',
      section: { id: 2, title: 'Congresos', slug: 'congresos' },
      section_id: 2,
      status: 'draft',
      publish_date: '2026-02-01',
      is_featured: true,
      featured_image: '/media/images/otra.jpg',
      layout: layout(['r1', [text('a')]], ['r2', [text('b')]]),
      version: 2,
      updated_at: '2026-02-02T00:00:00Z',
    });
    expect(summarizeChange('publication', before, after)).toEqual([
      'Título',
      'Sección: Noticias → Congresos',
      'Estado: Publicado → Borrador',
      'Fecha de publicación',
      'Destacado: No → Sí',
      'Imagen destacada',
      'Diseño: 1 fila añadida',
    ]);
  });

  it('names the fields of sections and biographies, and says when a save changed nothing', () => {
    expect(summarizeChange('section', sectionFixture(1), sectionFixture(1, { title: 'Nueva', is_active: false, version: 2 }))).toEqual([
      'Título',
      'Visible: Sí → No',
    ]);
    expect(
      summarizeChange(
        'biography',
        biographyFixture(1),
        biographyFixture(1, { position: 'Director', photo: '/media/images/x.jpg', linkedin: 'https://x.org' }),
      ),
    ).toEqual(['Cargo', 'WEB', 'Foto']);
    expect(
      summarizeChange('biography', biographyFixture(1), biographyFixture(1, { version: 5, updated_at: '2027-01-01T00:00:00Z' })),
    ).toEqual([revisionSummaries.unchanged]);
  });

  it('starts a restore with the version it brought back', () => {
    expect(summarizeRestore('section', 3, sectionFixture(1, { title: 'B' }), sectionFixture(1, { title: 'A' }))).toEqual([
      'Restaurada la versión 3',
      'Título',
    ]);
    expect(summarizeRestore('section', 3, sectionFixture(1), sectionFixture(1))).toEqual(['Restaurada la versión 3']);
  });
});

describe('ACTIVITY_ACTIONS', () => {
  it("fit the activity log's column, varchar(24) since migration 007 (PostgreSQL refuses a longer one)", () => {
    expect(ACTIVITY_ACTIONS.filter((action) => action.length > 24)).toEqual([]);
  });
});
