import { Type } from 'typebox';
import { CELL_TYPES, PUBLICATION_STATUSES } from '@/domain/publication-values';
import { DOCUMENT_KINDS } from '@/domain/documents';
import { FIELD_LIMITS, ORDER_MAX } from '@/domain/limits';
import { EditVersion, LibraryImageId, OrderField, PageQuery, RequiredText, Timestamps, Version } from './common';
import { PublicState } from './public-state';

// Cells may carry fields added later (an image's alt): the answer keeps whatever the stored layout holds.
export const LayoutCell = Type.Object(
  {
    id: Type.String(),
    type: Type.Enum(CELL_TYPES),
    content: Type.String({ description: 'HTML (texto), dirección de la imagen, del vídeo o del documento' }),
    columnSpan: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
    publicationId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    alt: Type.Optional(Type.String({ description: 'Texto alternativo de una celda de imagen (vacío: ninguno)' })),
    mediaId: Type.Optional(
      Type.Integer({ description: 'El archivo de la biblioteca que muestra una celda de documento o de imagen (lo pone el servidor)' }),
    ),
    title: Type.Optional(Type.String({ description: 'El título con que se muestra un documento (por omisión, el suyo en la biblioteca)' })),
    size: Type.Optional(Type.Integer({ minimum: 0, description: 'Los bytes del documento, según la biblioteca' })),
    format: Type.Optional(Type.Enum(DOCUMENT_KINDS, { description: 'El tipo del documento, según la biblioteca' })),
  },
  { title: 'LayoutCell', additionalProperties: true },
);

export const LayoutRow = Type.Object({ id: Type.String(), cells: Type.Array(LayoutCell) }, { title: 'LayoutRow' });

export const Layout = Type.Array(LayoutRow, { description: 'Filas de hasta cuatro columnas' });

const TIME_DESCRIPTION =
  'AAAA-MM-DDTHH:MM:SS con la diferencia horaria de SITE_TIME_ZONE en ese momento (al escribir, esa o ninguna: la hora se lee en la zona del sitio); AAAA-MM-DD si dura días enteros';

/** A publication's event (docs/decisions/197). */
export const PublicationEventSchema = Type.Object(
  {
    start: Type.String({ description: `Inicio: ${TIME_DESCRIPTION}` }),
    end: Type.Union([Type.String(), Type.Null()], {
      description: 'Fin, opcional, no anterior al inicio; si dura días enteros, el último día (incluido)',
    }),
    all_day: Type.Boolean({ description: 'Dura días enteros: fechas sin hora' }),
    location: Type.Union([Type.String({ maxLength: FIELD_LIMITS.eventLocation }), Type.Null()], { description: 'Lugar, texto libre' }),
    online_url: Type.Union([Type.String({ maxLength: FIELD_LIMITS.url }), Type.Null()], {
      description: 'Dirección para seguirlo en línea',
    }),
    registration_url: Type.Union([Type.String({ maxLength: FIELD_LIMITS.url }), Type.Null()], { description: 'Dirección de inscripción' }),
  },
  { title: 'PublicationEvent' },
);

/** An event as written; `start` is required, but the rules and their Spanish messages are domain/events.ts readEvent's. */
const EventInput = Type.Object(
  {
    start: Type.Optional(Type.String()),
    end: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    all_day: Type.Optional(Type.Boolean()),
    location: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    online_url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    registration_url: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  },
  { title: 'PublicationEventInput', additionalProperties: false },
);

const SectionRef = Type.Object({ id: Type.Integer(), title: Type.String(), slug: Type.String() }, { title: 'SectionRef' });

const publicationFields = {
  id: Type.Integer(),
  title: Type.String(),
  section: SectionRef,
  section_id: Type.Integer(),
  status: Type.Enum(PUBLICATION_STATUSES),
  featured_image: Type.Union([Type.String(), Type.Null()]),
  is_featured: Type.Boolean(),
  publish_date: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  event: Type.Union([PublicationEventSchema, Type.Null()], { description: 'Su evento, o null' }),
  order: Type.Integer(),
  version: Version,
  ...Timestamps,
};

/** What the list and the detail add: the shown status with the site's today (the answers of a save leave it out). */
const shownStatusField = { public_state: Type.Optional(PublicState) };

export const Publication = Type.Object({ ...publicationFields, ...shownStatusField, layout: Layout }, { title: 'Publication' });

/** An item of the admin list: without `layout` when the caller asked for omit=layout. */
export const PublicationListItem = Type.Object(
  { ...publicationFields, ...shownStatusField, layout: Type.Optional(Layout) },
  { title: 'PublicationListItem' },
);

export const PublicationListQuery = Type.Object({
  ...PageQuery.properties,
  section: Type.Optional(Type.String({ description: 'Solo las publicaciones de esta sección (id)' })),
  search: Type.Optional(Type.String({ description: 'Parte del título, sin distinguir mayúsculas ni acentos' })),
  omit: Type.Optional(Type.String({ description: '`layout` para no recibir los diseños' })),
  with_event: Type.Optional(Type.String({ description: '`true`: solo las que anuncian un evento' })),
  status: Type.Optional(
    Type.String({
      description:
        'Solo las de este estado: draft, scheduled (publicadas con fecha posterior a hoy), published (las que el público ve hoy), archived',
    }),
  ),
  ordering: Type.Optional(
    Type.String({
      description:
        'Orden por una columna en lugar del manual (`order`): publish_date, -publish_date (las sin fecha al final), title, -title ' +
        '(sin distinguir mayúsculas ni acentos), status, -status (borrador, programada, publicada, archivada); los empates, por id. ' +
        'Vacío o ausente: el orden manual',
    }),
  ),
});

/** The id of an existing section (a 32-bit serial); one that does not exist is refused with its own message. */
const SectionId = Type.Integer({ minimum: 1, maximum: ORDER_MAX, description: 'Id de la sección' });

const writableFields = {
  title: RequiredText(FIELD_LIMITS.publicationTitle, `Título, hasta ${FIELD_LIMITS.publicationTitle} caracteres`),
  section_id: SectionId,
  status: Type.Optional(Type.Enum(PUBLICATION_STATUSES, { description: 'draft (por omisión), published o archived' })),
  publish_date: Type.String({ format: 'date', description: 'AAAA-MM-DD' }),
  featured_image: Type.String({
    minLength: 1,
    maxLength: FIELD_LIMITS.url,
    description:
      'La imagen destacada: en multipart, el archivo; en JSON, la dirección que devolvió POST /api/upload-image/ (una imagen subida a este sitio)',
  }),
  featured_image_id: Type.Optional(LibraryImageId('La imagen destacada')),
  is_featured: Type.Optional(Type.Boolean()),
  order: Type.Optional(OrderField),
  event: Type.Optional(
    Type.Union([EventInput, Type.Null(), Type.String({ description: 'El evento escrito como texto JSON, o null' })], {
      description: 'Su evento; null lo quita. En multipart, su texto JSON (o el texto null)',
    }),
  ),
  layout: Type.Optional(
    Type.Union([Layout, Type.String({ description: 'El diseño escrito como texto JSON' })], {
      description: `El diseño: una lista de filas (hasta ${FIELD_LIMITS.layoutRows}), o su texto JSON. Celdas de texto de hasta ${FIELD_LIMITS.textCell} caracteres, sin imágenes data:`,
    }),
  ),
};

/**
 * The form of a new publication, JSON or multipart (requirements §7 sends
 * multipart with the same names, the featured image as a file). Types are not
 * coerced in JSON and unknown fields are refused; the rules the browser runs
 * first, with the same messages, are validatePublication's.
 */
export const PublicationCreateBody = Type.Object(
  // The image is obligatory, but a multipart form carries it as a file beside the fields, so the service asks for it.
  { ...writableFields, featured_image: Type.Optional(writableFields.featured_image) },
  { title: 'PublicationCreate', additionalProperties: false },
);

/** An edit: any of the fields (without a new image the stored one stays), and the `version` the edit started from. */
export const PublicationBody = Type.Object(
  {
    ...writableFields,
    title: Type.Optional(writableFields.title),
    section_id: Type.Optional(SectionId),
    publish_date: Type.Optional(writableFields.publish_date),
    featured_image: Type.Optional(Type.Union([writableFields.featured_image, Type.Null()])),
    version: Type.Optional(EditVersion),
  },
  { title: 'PublicationUpdate', additionalProperties: false },
);
