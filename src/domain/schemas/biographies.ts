import { Type } from 'typebox';
import { FIELD_LIMITS } from '@/domain/limits';
import { EditVersion, FocalPoint, LibraryImageId, OrderField, PageQuery, RequiredText, Timestamps, Version } from './common';

export const Biography = Type.Object(
  {
    id: Type.Integer(),
    name: Type.String(),
    position: Type.String(),
    biography: Type.String(),
    email: Type.String(),
    linkedin: Type.String({ description: "La dirección web ('WEB' en el formulario)" }),
    photo: Type.Union([Type.String(), Type.Null()]),
    photo_focus: Type.Optional(
      Type.Union([FocalPoint, Type.Null()], {
        description: 'En las listas: el punto focal de la foto si está en la biblioteca; null: el centro',
      }),
    ),
    is_active: Type.Boolean(),
    order: Type.Integer(),
    version: Version,
    ...Timestamps,
  },
  { title: 'Biography' },
);

const writableFields = {
  name: RequiredText(FIELD_LIMITS.name, `Nombre, hasta ${FIELD_LIMITS.name} caracteres`),
  position: RequiredText(FIELD_LIMITS.position, `Cargo, hasta ${FIELD_LIMITS.position} caracteres`),
  biography: RequiredText(FIELD_LIMITS.biography, `Hasta ${FIELD_LIMITS.biography} caracteres`),
  email: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.email, description: 'Correo electrónico válido, o vacío' })),
  linkedin: Type.Optional(Type.String({ maxLength: FIELD_LIMITS.url, description: 'Dirección web http(s) válida, o vacía' })),
  is_active: Type.Optional(Type.Boolean()),
  order: Type.Optional(OrderField),
  photo: Type.Optional(
    Type.Union([Type.String({ maxLength: FIELD_LIMITS.url }), Type.Null()], {
      description:
        'La foto: en multipart, el archivo; en JSON, la dirección que devolvió POST /api/upload-image/ (una imagen subida a este sitio). Vacío o null: quita la foto; sin el campo, se conserva',
    }),
  ),
  photo_id: Type.Optional(LibraryImageId('La foto')),
};

/**
 * The JSON form of a new biography (requirements §7 sends multipart with a
 * `photo` file). Types are not coerced and unknown fields are refused; the
 * rules the browser runs first, with the same messages, are validateBiography's.
 */
export const BiographyCreateBody = Type.Object(writableFields, { title: 'BiographyCreate', additionalProperties: false });

/** The JSON form of an edit: any of the fields, and the `version` the edit started from. */
export const BiographyBody = Type.Object(
  {
    ...writableFields,
    name: Type.Optional(writableFields.name),
    position: Type.Optional(writableFields.position),
    biography: Type.Optional(writableFields.biography),
    version: Type.Optional(EditVersion),
  },
  { title: 'BiographyUpdate', additionalProperties: false },
);

/** The admin list's query: a page, and 'Buscar por nombre'. */
export const BiographyListQuery = Type.Object({
  ...PageQuery.properties,
  search: Type.Optional(Type.String({ description: 'Parte del nombre, sin distinguir mayúsculas ni acentos' })),
});
