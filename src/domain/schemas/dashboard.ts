import { Type, type Static } from 'typebox';
import { ActivityEntry } from './activity';
import { PublicState } from './public-state';
import { PublicationEventSchema } from './publications';

/**
 * GET /api/dashboard/: the admin landing ('Resumen') in one answer: the
 * content's counts, and the panels of work, each a few items and what its
 * link leads to.
 */

const closed = { additionalProperties: false } as const;
const Count = (description: string) => Type.Integer({ minimum: 0, description });
const IsoDate = Type.String({ format: 'date' });

export const DashboardPublication = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    section: Type.Object({ id: Type.Integer(), title: Type.String() }, closed),
    publish_date: Type.Union([IsoDate, Type.Null()]),
    updated_at: Type.String({ format: 'date-time' }),
    public_state: PublicState,
  },
  { ...closed, title: 'DashboardPublication' },
);

export type DashboardPublication = Static<typeof DashboardPublication>;

const PublicationPanel = (description: string) =>
  Type.Object(
    { count: Count('Cuántas hay en total'), items: Type.Array(DashboardPublication, { maxItems: 5 }) },
    { ...closed, description },
  );

export const Dashboard = Type.Object(
  {
    today: Type.String({ format: 'date', description: 'Hoy en la zona horaria del sitio (SITE_TIME_ZONE)' }),
    sections: Type.Object({ total: Count('Todas las secciones'), visible: Count('Las visibles en el sitio') }, closed),
    publications: Type.Object({ total: Count('Todas las publicaciones'), published: Count('Las publicadas') }, closed),
    biographies: Type.Object({ total: Count('Todas las biografías'), active: Count('Las activas') }, closed),
    locked_usernames: Type.Array(Type.String(), {
      description: 'Usuarios bloqueados para los navegadores desconocidos (vacío para quien no puede ver los inicios de sesión)',
    }),
    my_drafts: Type.Array(Type.Object({ ...DashboardPublication.properties, edited_at: Type.String({ format: 'date-time' }) }, closed), {
      maxItems: 5,
      description: "'Mis borradores': los borradores que usted editó por última vez, el más reciente primero",
    }),
    scheduled: Type.Array(DashboardPublication, { maxItems: 5, description: "'Programadas': las próximas, la más cercana primero" }),
    upcoming_events: Type.Array(Type.Object({ ...DashboardPublication.properties, event: PublicationEventSchema }, closed), {
      maxItems: 5,
      description: "'Próximos eventos': las publicaciones no archivadas cuyo evento no ha terminado, la más próxima primero",
    }),
    recently_published: Type.Array(DashboardPublication, {
      maxItems: 5,
      description: "'Publicadas recientemente': las que el público ve hoy, la de fecha más reciente primero",
    }),
    review: Type.Object(
      {
        images_without_alt: PublicationPanel('Publicadas con imágenes sin texto alternativo'),
        undated: PublicationPanel("Publicadas sin fecha ('Sin fecha'): no son públicas"),
        hidden_sections: Type.Array(
          Type.Object({ id: Type.Integer(), title: Type.String(), publication_count: Count('Sus publicaciones') }, closed),
          { description: 'Secciones ocultas que tienen publicaciones' },
        ),
      },
      { ...closed, description: "'Pendiente de revisar'" },
    ),
    activity: Type.Array(ActivityEntry, {
      maxItems: 10,
      description:
        "'Actividad reciente': las diez últimas entradas que su rol puede ver (un Editor no ve inicios de sesión ni direcciones IP)",
    }),
  },
  { ...closed, title: 'Dashboard' },
);

export type Dashboard = Static<typeof Dashboard>;
