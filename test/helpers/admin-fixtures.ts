import type { Biography, Publication, Section } from '@/domain/entities';
import type { Dashboard } from '@/domain/schemas/dashboard';
import type { TestHandler } from './fault-injecting-server';

/** Content as the admin API answers it, for the admin component tests. */
export const sectionFixture = (id: number, overrides: Partial<Section> = {}): Section => ({
  id,
  title: `Sección ${id}`,
  slug: `seccion-${id}`,
  is_active: true,
  list_order: 'date',
  order: id,
  version: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

export const publicationFixture = (id: number, overrides: Partial<Publication> = {}): Publication => ({
  id,
  title: `Publicación ${id}`,
  section: { id: 1, title: 'Noticias', slug: 'noticias' },
  section_id: 1,
  status: 'published',
  featured_image: null,
  is_featured: false,
  publish_date: '2026-01-01',
  event: null,
  layout: [],
  order: id,
  version: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

export const biographyFixture = (id: number, overrides: Partial<Biography> = {}): Biography => ({
  id,
  name: `Docente ${id}`,
  position: 'Profesora',
  biography: 'Biografía.',
  email: `docente${id}@example.org`,
  linkedin: '',
  photo: null,
  is_active: true,
  order: id,
  version: 1,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...overrides,
});

const page = <T>(results: T[]) => ({ count: results.length, next: null, previous: null, results });

/**
 * A test API with 5 sections (4 visible), 3 publications (2 published) and
 * 8 biographies (7 active), answered in the shapes the real server uses.
 */
export const adminContentHandler: TestHandler = (request) => {
  // The landing's counts, as the server counts the lists below.
  if (request.url.startsWith('/api/dashboard/')) {
    return {
      body: {
        today: '2026-11-24',
        sections: { total: 5, visible: 4 },
        publications: { total: 3, published: 2 },
        biographies: { total: 8, active: 7 },
        locked_usernames: [],
        my_drafts: [],
        scheduled: [],
        upcoming_events: [],
        recently_published: [],
        review: { images_without_alt: { count: 0, items: [] }, undated: { count: 0, items: [] }, hidden_sections: [] },
        activity: [],
      } satisfies Dashboard,
    };
  }
  if (request.url.startsWith('/api/summary/')) {
    return {
      body: {
        sections: { total: 5, visible: 4 },
        publications: { total: 3, published: 2 },
        biographies: { total: 8, active: 7 },
        locked_usernames: [],
      },
    };
  }
  if (request.url.startsWith('/api/sections/')) {
    return { body: page([1, 2, 3, 4, 5].map((id) => sectionFixture(id, { is_active: id !== 5 }))) };
  }
  if (request.url.startsWith('/api/publications/')) {
    return { body: page([1, 2, 3].map((id) => publicationFixture(id, { status: id === 3 ? 'draft' : 'published' }))) };
  }
  if (request.url.startsWith('/api/biographies/')) {
    return { body: [1, 2, 3, 4, 5, 6, 7, 8].map((id) => biographyFixture(id, { is_active: id !== 8 })) };
  }
  return { status: 404, body: { detail: 'No encontrado.' } };
};
