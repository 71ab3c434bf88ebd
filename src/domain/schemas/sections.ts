import { Type } from 'typebox';
import { FIELD_LIMITS } from '@/domain/limits';
import { OrderField, Timestamps, Version } from './common';

export const Section = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  slug: Type.String(),
  is_active: Type.Boolean({ description: 'Visible en el sitio público' }),
  order: Type.Integer(),
  version: Version,
  ...Timestamps,
});

/**
 * A section's JSON body. Unknown fields are dropped; the types are coerced as
 * DRF's serializers do ("true" → true, "3" → 3). Required fields and limits
 * are domain rules (validateSection), so that the same Spanish messages come
 * from the browser and the server.
 */
export const SectionBody = Type.Object(
  {
    title: Type.Optional(Type.String({ description: `Título (obligatorio al crear), hasta ${FIELD_LIMITS.sectionTitle} caracteres` })),
    is_active: Type.Optional(Type.Boolean()),
    order: Type.Optional(OrderField),
    version: Type.Optional(Type.Integer({ description: 'La versión de la que partió la edición' })),
  },
  { additionalProperties: false },
);

export const SectionInUse = Type.Object({ detail: Type.String(), publication_count: Type.Integer() });
