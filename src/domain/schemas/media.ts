import { Type, type Static } from 'typebox';
import { MEDIA_FILE_KINDS, MEDIA_LIMITS } from '@/domain/media';
import { EditVersion, Focal, PageQuery, RequiredText, Timestamps, Version } from './common';

/** The media library ('Medios', docs/decisions/192-the-media-library.md). */

const MediaFileKind = Type.Union([Type.Literal(MEDIA_FILE_KINDS[0]), Type.Literal(MEDIA_FILE_KINDS[1])], {
  title: 'MediaFileKind',
  description: 'image o document',
});

/** One item as its admin GET answers it, and as its Historial keeps it. */
export const MediaItem = Type.Object(
  {
    id: Type.Integer(),
    kind: MediaFileKind,
    title: Type.String(),
    file_name: Type.String({ description: 'El nombre que tenía el archivo al subirlo' }),
    url: Type.String({ description: 'La dirección del archivo; cambia al reemplazarlo' }),
    content_type: Type.String({ description: 'El tipo comprobado por su contenido' }),
    size: Type.Integer({ minimum: 0, description: 'Bytes' }),
    width: Type.Union([Type.Integer(), Type.Null()]),
    height: Type.Union([Type.Integer(), Type.Null()]),
    alt: Type.String({ description: 'El texto alternativo por omisión; cada uso guarda el suyo' }),
    focal_x: { ...Focal, description: 'El punto focal: 0 el borde izquierdo, 1 el derecho' },
    focal_y: { ...Focal, description: 'El punto focal: 0 el borde superior, 1 el inferior' },
    created_by: Type.String({ description: "Quien lo subió ('' si no se conoce)" }),
    version: Version,
    ...Timestamps,
  },
  { title: 'MediaItem' },
);
export type MediaItem = Static<typeof MediaItem>;

/** Where an item is used: a publication (its featured image or a cell) or a biography (its photo). */
export const MediaUse = Type.Object(
  {
    kind: Type.Union([Type.Literal('publication'), Type.Literal('biography')]),
    id: Type.Integer(),
    title: Type.String({ description: 'El título de la publicación o el nombre de la biografía' }),
    where: Type.String({ description: "Dónde: 'Imagen destacada', 'Diseño', 'Foto'" }),
  },
  { title: 'MediaUse' },
);
export type MediaUse = Static<typeof MediaUse>;

/** GET /api/media/{id}/: the item and every use of it. */
export const MediaDetail = Type.Object(
  { ...MediaItem.properties, usage: Type.Array(MediaUse), usage_count: Type.Integer({ minimum: 0 }) },
  { title: 'MediaDetail' },
);
export type MediaDetail = Static<typeof MediaDetail>;

export const MediaListQuery = Type.Object({
  ...PageQuery.properties,
  search: Type.Optional(Type.String({ description: 'Parte del título o del nombre del archivo, sin distinguir mayúsculas ni acentos' })),
  kind: Type.Optional(Type.String({ description: '`image` o `document`; sin él, todos' })),
});

/** PATCH /api/media/{id}/. */
export const MediaBody = Type.Object(
  {
    title: Type.Optional(RequiredText(MEDIA_LIMITS.title, `Hasta ${MEDIA_LIMITS.title} caracteres`)),
    alt: Type.Optional(Type.String({ maxLength: MEDIA_LIMITS.alt })),
    focal_x: Type.Optional(Focal),
    focal_y: Type.Optional(Focal),
    version: Type.Optional(EditVersion),
  },
  { title: 'MediaUpdate', additionalProperties: false },
);
export type MediaBody = Static<typeof MediaBody>;

/** DELETE /api/media/{id}/: `force=true` deletes an item in use (an Administrador's). */
export const MediaDeleteQuery = Type.Object({
  force: Type.Optional(Type.String({ description: '`true`: elimina el archivo aunque se use (solo administradores)' })),
});
