import type { PageData } from '@/domain/public-pages';
import { renderIndex } from '../spa/render-index';
import { type ArticleFacts, articleFactsOf, facultyNodes, homeNodes, publicationNodes, structuredDataOf } from './structured-data';

const origin = 'https://master.example.org';
const SITE = 'Máster en Educación Emocional y Convivencia Escolar';
const site = { '@type': 'Organization', name: SITE, url: 'https://master.example.org/' };

const article = (fields: Partial<ArticleFacts> = {}): ArticleFacts => ({
  id: 7,
  title: 'Jornada de convivencia',
  section_slug: 'noticias',
  section_title: 'Noticias',
  featured_image: '/media/images/jornada.jpg',
  published: '2026-03-01T00:00:00+01:00',
  modified: '2026-03-04T09:30:00.000Z',
  ...fields,
});

const teacher = {
  name: 'Carmen Ruiz',
  position: 'Profesora titular',
  email: 'carmen@example.org',
  linkedin: 'https://www.linkedin.com/in/carmen',
  photo: '/media/images/carmen.jpg',
  is_active: true,
};

describe('homeNodes', () => {
  it('names the site and its programme, provided by the site itself, with absolute addresses', () => {
    expect(homeNodes(origin)).toEqual([
      { '@context': 'https://schema.org', '@type': 'WebSite', name: SITE, url: 'https://master.example.org/' },
      {
        '@context': 'https://schema.org',
        '@type': 'EducationalOccupationalProgram',
        name: SITE,
        url: 'https://master.example.org/',
        provider: site,
      },
    ]);
  });

  it("describes the programme with the facts of 'Ajustes del sitio', leaving out what is not set", () => {
    const [, programme] = homeNodes(origin, {
      contact: { email: 'master@example.org', phone: '+34 911 000 000', address: '' },
      programme: {
        duration_months: 12,
        ects_credits: 60,
        modality: 'semipresencial',
        language: 'Español',
        price: 4500,
        admission_opens: '2027-02-01',
        admission_closes: '2027-06-30',
        how_to_apply_url: '/presentacion-del-magister/4',
      },
    });
    expect(programme).toEqual({
      '@context': 'https://schema.org',
      '@type': 'EducationalOccupationalProgram',
      name: SITE,
      url: 'https://master.example.org/',
      provider: { ...site, email: 'master@example.org', telephone: '+34 911 000 000' },
      timeToComplete: 'P12M',
      numberOfCredits: 60,
      educationalProgramMode: 'blended',
      inLanguage: 'Español',
      offers: { '@type': 'Offer', price: 4500, priceCurrency: 'EUR', url: 'https://master.example.org/presentacion-del-magister/4' },
      applicationStartDate: '2027-02-01',
      applicationDeadline: '2027-06-30',
    });
  });
});

describe('articleFactsOf', () => {
  const row = {
    id: 7,
    title: 'T',
    section_slug: 'revista',
    section_title: 'Revista',
    featured_image: null,
    publish_date: '2026-03-01',
    updated_at: '2026-03-04T09:30:00.000Z',
  };

  it('dates it from its day at midnight in the site’s time zone, and modified at its last edit', () => {
    expect(articleFactsOf(row, 'Europe/Madrid')).toEqual({
      id: 7,
      featured_image_focus: null,
      title: 'T',
      section_slug: 'revista',
      section_title: 'Revista',
      featured_image: null,
      published: '2026-03-01T00:00:00+01:00',
      modified: '2026-03-04T09:30:00.000Z',
    });
  });

  it('never says it changed before it was published (an edit made before its date)', () => {
    const facts = articleFactsOf({ ...row, publish_date: '2026-07-10', updated_at: '2026-07-01T08:00:00.000Z' }, 'Europe/Madrid');
    expect(facts.published).toBe('2026-07-10T00:00:00+02:00');
    expect(facts.modified).toBe('2026-07-10T00:00:00+02:00');
  });
});

describe('publicationNodes', () => {
  it('makes a publication of Noticias a NewsArticle, with its image absolute, and its breadcrumb', () => {
    expect(publicationNodes(article(), origin)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: 'Jornada de convivencia',
        datePublished: '2026-03-01T00:00:00+01:00',
        dateModified: '2026-03-04T09:30:00.000Z',
        image: 'https://master.example.org/media/images/jornada.jpg',
        publisher: site,
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Inicio', item: 'https://master.example.org/' },
          { '@type': 'ListItem', position: 2, name: 'Noticias', item: 'https://master.example.org/noticias' },
          { '@type': 'ListItem', position: 3, name: 'Jornada de convivencia', item: 'https://master.example.org/noticias/7' },
        ],
      },
    ]);
  });

  it("makes any other an Article, its section's crumb at the list's own address", () => {
    const [node, breadcrumb] = publicationNodes(
      article({ section_slug: 'presentacion-del-magister', section_title: 'Presentación del Máster' }),
      origin,
    );
    expect(node['@type']).toBe('Article');
    expect(breadcrumb.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Inicio', item: 'https://master.example.org/' },
      { '@type': 'ListItem', position: 2, name: 'Presentación del Máster', item: 'https://master.example.org/presentacion-magister' },
      {
        '@type': 'ListItem',
        position: 3,
        name: 'Jornada de convivencia',
        item: 'https://master.example.org/presentacion-del-magister/7',
      },
    ]);
    // An added section's list lives at its slug.
    const [, added] = publicationNodes(article({ section_slug: 'talleres', section_title: 'Talleres' }), origin);
    expect((added.itemListElement as { item: string }[])[1]).toMatchObject({
      name: 'Talleres',
      item: 'https://master.example.org/talleres',
    });
  });

  it('names a section without a title as the page does: the catalogue’s title, else its slug', () => {
    const crumbOf = (slug: string) =>
      (publicationNodes(article({ section_slug: slug, section_title: '' }), origin)[1].itemListElement as { name: string }[])[1].name;
    expect(crumbOf('revista')).toBe('Revista');
    expect(crumbOf('talleres')).toBe('talleres');
  });

  it('leaves the image out when there is none, and keeps an absolute one', () => {
    expect(publicationNodes(article({ featured_image: null }), origin)[0]).not.toHaveProperty('image');
    expect(publicationNodes(article({ featured_image: 'https://cdn.example.org/a.jpg' }), origin)[0].image).toBe(
      'https://cdn.example.org/a.jpg',
    );
  });
});

describe("a publication's Event", () => {
  const event = {
    start: '2026-03-12T09:30:00+01:00',
    end: '2026-03-12T13:00:00+01:00',
    all_day: false,
    location: 'Facultad de Educación, Aula Magna',
    online_url: null,
    registration_url: 'https://inscripciones.example.org/seminario',
  };
  const eventOf = (fields: Partial<ArticleFacts> = {}) =>
    publicationNodes(article({ section_slug: 'congresos', section_title: 'Congresos', event, ...fields }), origin).find(
      (node) => node['@type'] === 'Event',
    );

  it('follows the article and its breadcrumb: when, where, the page, its image and the programme as organiser', () => {
    const nodes = publicationNodes(article({ section_slug: 'congresos', event, description: 'Un seminario.' }), origin);
    expect(nodes.map((node) => node['@type'])).toEqual(['Article', 'BreadcrumbList', 'Event']);
    expect(nodes[2]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Jornada de convivencia',
      description: 'Un seminario.',
      startDate: '2026-03-12T09:30:00+01:00',
      endDate: '2026-03-12T13:00:00+01:00',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      eventStatus: 'https://schema.org/EventScheduled',
      location: { '@type': 'Place', name: 'Facultad de Educación, Aula Magna', address: 'Facultad de Educación, Aula Magna' },
      url: 'https://master.example.org/congresos/7',
      image: nodes[0].image,
      organizer: site,
    });
  });

  it('is online at its link, mixed with both, and a whole-day one has dates', () => {
    const online = eventOf({ event: { ...event, location: null, online_url: 'https://directo.example.org/x' } });
    expect(online).toMatchObject({
      eventAttendanceMode: 'https://schema.org/OnlineEventAttendanceMode',
      location: { '@type': 'VirtualLocation', url: 'https://directo.example.org/x' },
    });
    const mixed = eventOf({ event: { ...event, online_url: 'https://directo.example.org/x' } });
    expect(mixed?.eventAttendanceMode).toBe('https://schema.org/MixedEventAttendanceMode');
    expect(mixed?.location).toEqual([
      { '@type': 'Place', name: 'Facultad de Educación, Aula Magna', address: 'Facultad de Educación, Aula Magna' },
      { '@type': 'VirtualLocation', url: 'https://directo.example.org/x' },
    ]);
    const days = eventOf({ event: { ...event, start: '2026-05-04', end: '2026-05-06', all_day: true } });
    expect(days).toMatchObject({ startDate: '2026-05-04', endDate: '2026-05-06' });
  });

  it('leaves out what the event does not say: no end, no place or link, no image, no description', () => {
    const bare = eventOf({ event: { ...event, end: null, location: null }, featured_image: null });
    for (const property of ['endDate', 'location', 'eventAttendanceMode', 'image', 'description'])
      expect(bare).not.toHaveProperty(property);
    expect(bare).toMatchObject({ startDate: '2026-03-12T09:30:00+01:00', organizer: site });
  });

  it('is not there for a publication without an event', () => {
    expect(publicationNodes(article({ event: null }), origin).map((node) => node['@type'])).toEqual(['NewsArticle', 'BreadcrumbList']);
  });
});

describe('facultyNodes', () => {
  it('makes each active teacher a Person with their name, position, email, web and photo', () => {
    expect(facultyNodes([teacher], origin)).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Person',
        name: 'Carmen Ruiz',
        jobTitle: 'Profesora titular',
        email: 'carmen@example.org',
        url: 'https://www.linkedin.com/in/carmen',
        image: 'https://master.example.org/media/images/carmen.jpg',
      },
    ]);
  });

  it('gives a photo the library holds square, cut around its focal point', () => {
    const photo = '/media/images/0b6a3c1e-2f4d-4e5a-8b7c-9d0e1f2a3b4c.jpg';
    expect(facultyNodes([{ ...teacher, photo, photo_focus: { x: 0.5, y: 0.1 } }], origin)[0].image).toBe(
      'https://master.example.org/media/images/0b6a3c1e-2f4d-4e5a-8b7c-9d0e1f2a3b4c-square-50-10.jpg',
    );
  });

  it('leaves out what a biography lacks, and the inactive ones', () => {
    const nodes = facultyNodes(
      [
        { ...teacher, email: '', linkedin: ' ', photo: null },
        { ...teacher, name: 'Oculto', is_active: false },
      ],
      origin,
    );
    expect(nodes).toEqual([{ '@context': 'https://schema.org', '@type': 'Person', name: 'Carmen Ruiz', jobTitle: 'Profesora titular' }]);
  });
});

describe('structuredDataOf', () => {
  const page = (results: unknown[]) => ({ count: results.length, next: null, previous: null, results });
  const reads: PageData['reads'] = [
    { read: { kind: 'biographies', page: 1 }, answer: page([teacher]) },
    { read: { kind: 'biographies', page: 2 }, answer: page([{ ...teacher, name: 'Luis Gómez', photo: null }]) },
  ];

  it('describes the home page, a publication, and the faculty from every page of its answers', () => {
    expect(structuredDataOf({ kind: 'home' }, [], origin)).toEqual(homeNodes(origin));
    expect(structuredDataOf({ kind: 'publication', publication: article() }, [], origin)).toEqual(publicationNodes(article(), origin));
    expect(structuredDataOf({ kind: 'faculty' }, reads, origin)?.map((node) => node.name)).toEqual(['Carmen Ruiz', 'Luis Gómez']);
  });

  it('has nothing for a page without a subject, and no Person when the faculty was not read', () => {
    expect(structuredDataOf(undefined, reads, origin)).toBeUndefined();
    expect(structuredDataOf({ kind: 'faculty' }, [], origin)).toEqual([]);
    const other: PageData['reads'] = [{ read: { kind: 'publication', id: 1 }, answer: { results: [teacher] } }];
    expect(structuredDataOf({ kind: 'faculty' }, other, origin)).toEqual([]);
  });

  it('written into the page, a headline that closes the script stays inside its element', () => {
    const title = '</script><script>alert(1)</script><!--';
    const html = renderIndex(
      '<!doctype html><html><head><title>T</title></head><body><div id="root"></div></body></html>',
      { structuredData: publicationNodes(article({ title }), origin) },
      { socialLinks: [], researchGroup: { label: 'GIESE', url: '/giese' } },
    );
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) => match[1]);
    expect(scripts).toHaveLength(2);
    expect(html).not.toContain('<script>alert(1)');
    expect(JSON.parse(scripts[0]).headline).toBe(title);
    expect(JSON.parse(scripts[1]).itemListElement[2].name).toBe(title);
  });
});
