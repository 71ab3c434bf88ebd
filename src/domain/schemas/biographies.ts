import { Type } from 'typebox';
import { FIELD_LIMITS } from '@/domain/limits';
import { OrderField, PageQuery, Timestamps, Version } from './common';

export const Biography = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  position: Type.String(),
  biography: Type.String(),
  email: Type.String(),
  linkedin: Type.String({ description: "La dirección web ('WEB' en el formulario)" }),
  photo: Type.Union([Type.String(), Type.Null()]),
  is_active: Type.Boolean(),
  order: Type.Integer(),
  version: Version,
  ...Timestamps,
});

/** The JSON form of a biography (requirements §7 sends multipart with a `photo` file). Rules and messages: validateBiography. */
export const BiographyBody = Type.Object(
  {
    name: Type.Optional(Type.String({ description: `Hasta ${FIELD_LIMITS.name} caracteres` })),
    position: Type.Optional(Type.String({ description: `Hasta ${FIELD_LIMITS.position} caracteres` })),
    biography: Type.Optional(Type.String({ description: `Hasta ${FIELD_LIMITS.biography} caracteres` })),
    email: Type.Optional(Type.String({ description: `Hasta ${FIELD_LIMITS.email} caracteres` })),
    linkedin: Type.Optional(Type.String({ description: `Hasta ${FIELD_LIMITS.url} caracteres` })),
    is_active: Type.Optional(Type.Boolean()),
    order: Type.Optional(OrderField),
    version: Type.Optional(Type.Integer({ description: 'La versión de la que partió la edición' })),
    photo: Type.Optional(
      Type.Union([Type.String(), Type.Null()], {
        description:
          'La foto: en multipart, el archivo; en JSON, la dirección que devolvió POST /api/upload-image/ (una imagen subida a este sitio). Vacío o null: quita la foto; sin el campo, se conserva',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The admin list's query: a page, and 'Buscar por nombre'. */
export const BiographyListQuery = Type.Object({
  ...PageQuery.properties,
  search: Type.Optional(Type.String({ description: 'Parte del nombre, sin distinguir mayúsculas ni acentos' })),
});
