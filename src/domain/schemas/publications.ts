import { Type } from 'typebox';
import { CELL_TYPES, PUBLICATION_STATUSES } from '@/domain/publication-values';
import { FIELD_LIMITS } from '@/domain/limits';
import { OrderField, PageQuery, Timestamps, Version } from './common';

// Cells may carry fields added later (an image's alt): the answer keeps whatever the stored layout holds.
export const LayoutCell = Type.Object(
  {
    id: Type.String(),
    type: Type.Enum(CELL_TYPES),
    content: Type.String({ description: 'HTML (texto), dirección de la imagen o del vídeo' }),
    columnSpan: Type.Optional(Type.Integer({ minimum: 1, maximum: 4 })),
    publicationId: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
    alt: Type.Optional(Type.String({ description: 'Texto alternativo de una celda de imagen (vacío: ninguno)' })),
  },
  { additionalProperties: true },
);

export const LayoutRow = Type.Object({ id: Type.String(), cells: Type.Array(LayoutCell) });

export const Layout = Type.Array(LayoutRow, { description: 'Filas de hasta cuatro columnas' });

const SectionRef = Type.Object({ id: Type.Integer(), title: Type.String(), slug: Type.String() });

const publicationFields = {
  id: Type.Integer(),
  title: Type.String(),
  section: SectionRef,
  section_id: Type.Integer(),
  status: Type.Enum(PUBLICATION_STATUSES),
  featured_image: Type.Union([Type.String(), Type.Null()]),
  is_featured: Type.Boolean(),
  publish_date: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
  order: Type.Integer(),
  version: Version,
  ...Timestamps,
};

export const Publication = Type.Object({ ...publicationFields, layout: Layout });

/** An item of the admin list: without `layout` when the caller asked for omit=layout. */
export const PublicationListItem = Type.Object({ ...publicationFields, layout: Type.Optional(Layout) });

export const PublicationListQuery = Type.Object({
  ...PageQuery.properties,
  section: Type.Optional(Type.String({ description: 'Solo las publicaciones de esta sección (id)' })),
  search: Type.Optional(Type.String({ description: 'Parte del título, sin distinguir mayúsculas ni acentos' })),
  omit: Type.Optional(Type.String({ description: '`layout` para no recibir los diseños' })),
});

/**
 * The form of a publication, JSON or multipart (requirements §7 sends multipart with
 * the same names, the featured image as a file). Rules and messages: validatePublication.
 */
export const PublicationBody = Type.Object(
  {
    title: Type.Optional(Type.String({ description: `Hasta ${FIELD_LIMITS.publicationTitle} caracteres` })),
    section_id: Type.Optional(Type.String({ description: 'Id de la sección' })),
    status: Type.Optional(Type.String({ description: 'draft, published o archived' })),
    publish_date: Type.Optional(Type.String({ description: 'AAAA-MM-DD' })),
    is_featured: Type.Optional(Type.Boolean()),
    order: Type.Optional(OrderField),
    version: Type.Optional(Type.Integer({ description: 'La versión de la que partió la edición' })),
    featured_image: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description:
          'La imagen destacada: en multipart, el archivo; en JSON, la dirección que devolvió POST /api/upload-image/ (una imagen subida a este sitio). Obligatoria al crear; al editar, sin ella se conserva',
      }),
    ),
    layout: Type.Optional(
      Type.Unknown({
        description: `El diseño: una lista de filas (hasta ${FIELD_LIMITS.layoutRows}), o su texto JSON. Celdas de texto de hasta ${FIELD_LIMITS.textCell} caracteres, sin imágenes data:`,
      }),
    ),
  },
  { additionalProperties: false },
);
