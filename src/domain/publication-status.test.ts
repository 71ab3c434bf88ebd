import {
  isShownStatus,
  longDate,
  publicState,
  publicStateLabel,
  schedulingNote,
  secondBadges,
  shortDate,
  storedImagesWithoutAlt,
  type StatusFacts,
} from './publication-status';

const TODAY = '2026-11-24';
const facts = (overrides: Partial<StatusFacts>): StatusFacts => ({
  status: 'published',
  publish_date: TODAY,
  section_is_active: true,
  ...overrides,
});

describe('publicState', () => {
  it('calls a published publication dated after today Programado, with its date, and not public', () => {
    const state = publicState(facts({ publish_date: '2026-11-25' }), TODAY);
    expect(state).toEqual({ status: 'scheduled', scheduled_for: '2026-11-25', section_hidden: false, undated: false, is_public: false });
    expect(publicStateLabel(state)).toBe('Programado · 25 nov 2026');
  });

  it('calls one dated today or before Publicado, and public when its section is visible', () => {
    for (const date of [TODAY, '2020-01-01']) {
      const state = publicState(facts({ publish_date: date }), TODAY);
      expect(state.status).toBe('published');
      expect(state.is_public).toBe(true);
      expect(publicStateLabel(state)).toBe('Publicado');
      expect(secondBadges(state)).toEqual([]);
    }
  });

  it('becomes Publicado on the day itself, with nothing written', () => {
    const tomorrow = facts({ publish_date: '2026-11-25' });
    expect(publicState(tomorrow, '2026-11-24').status).toBe('scheduled');
    expect(publicState(tomorrow, '2026-11-25').status).toBe('published');
  });

  it('adds Sección oculta for a hidden section whatever the status, and such a publication is not public', () => {
    const hidden = publicState(facts({ section_is_active: false }), TODAY);
    expect(hidden.status).toBe('published');
    expect(hidden.is_public).toBe(false);
    expect(secondBadges(hidden)).toEqual(['Sección oculta']);
    expect(secondBadges(publicState(facts({ status: 'draft', section_is_active: false }), TODAY))).toEqual(['Sección oculta']);
  });

  it('adds Sin fecha to a published publication with no date, which the public rule keeps out', () => {
    const undated = publicState(facts({ publish_date: null }), TODAY);
    expect(undated).toMatchObject({ status: 'published', undated: true, is_public: false });
    expect(secondBadges(undated)).toEqual(['Sin fecha']);
    expect(secondBadges(publicState(facts({ publish_date: null, section_is_active: false }), TODAY))).toEqual([
      'Sección oculta',
      'Sin fecha',
    ]);
    // A draft without a date is simply a draft.
    expect(publicState(facts({ status: 'draft', publish_date: null }), TODAY).undated).toBe(false);
  });

  it('keeps Borrador and Archivado whatever the date, and reads an unknown stored status as Archivado', () => {
    expect(publicStateLabel(publicState(facts({ status: 'draft', publish_date: '2030-01-01' }), TODAY))).toBe('Borrador');
    expect(publicStateLabel(publicState(facts({ status: 'archived', publish_date: '2030-01-01' }), TODAY))).toBe('Archivado');
    expect(publicState(facts({ status: 'retirado' }), TODAY)).toMatchObject({ status: 'archived', is_public: false });
  });
});

describe('dates in words', () => {
  it('writes the short and long Spanish forms of every month', () => {
    expect(shortDate('2026-11-25')).toBe('25 nov 2026');
    expect(shortDate('2027-09-01')).toBe('1 sept 2027');
    expect(longDate('2026-11-25')).toBe('25 de noviembre de 2026');
    expect(longDate('2027-01-05')).toBe('5 de enero de 2027');
  });
});

describe('schedulingNote', () => {
  it("says when a publication chosen as 'Publicado' with a future date goes out", () => {
    expect(schedulingNote('published', '2026-11-25', TODAY)).toBe('Se publicará el 25 de noviembre de 2026.');
  });

  it('says nothing for today, the past, no date, another status or a date being typed', () => {
    expect(schedulingNote('published', TODAY, TODAY)).toBeNull();
    expect(schedulingNote('published', '2026-01-01', TODAY)).toBeNull();
    expect(schedulingNote('published', '', TODAY)).toBeNull();
    expect(schedulingNote('draft', '2026-11-25', TODAY)).toBeNull();
    expect(schedulingNote('published', '2026-1', TODAY)).toBeNull();
  });
});

it('recognises the four filter values only', () => {
  expect(['draft', 'scheduled', 'published', 'archived'].every(isShownStatus)).toBe(true);
  expect(isShownStatus('public')).toBe(false);
});

describe('storedImagesWithoutAlt', () => {
  it('counts the image cells of a stored layout that show a picture with no alternative text', () => {
    const layout = [
      {
        id: 'r1',
        cells: [
          { id: 'a', type: 'image', content: '/media/a.jpg' },
          { id: 'b', type: 'image', content: '/media/b.jpg', alt: '  ' },
          { id: 'c', type: 'image', content: '/media/c.jpg', alt: 'Aula' },
          { id: 'd', type: 'image', content: '' },
          { id: 'e', type: 'text', content: '<p>x</p>' },
        ],
      },
    ];
    expect(storedImagesWithoutAlt(JSON.stringify(layout))).toBe(2);
  });

  it('counts none in what is not a layout', () => {
    for (const text of ['', 'no', '{}', '[null]', '[{"cells":[null]}]']) expect(storedImagesWithoutAlt(text)).toBe(0);
  });
});
