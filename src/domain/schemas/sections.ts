import { Type } from 'typebox';
import { FIELD_LIMITS } from '@/domain/limits';
import { LIST_ORDERS } from '@/domain/list-order';
import { EditVersion, OrderField, RequiredText, Timestamps, Version } from './common';

const LIST_ORDER_DESCRIPTION =
  'El orden de su lista pública: date (destacadas primero, luego por fecha, la más reciente primero), manual (destacadas primero, luego el orden del panel) o event (próximos eventos, anteriores, y el resto por fecha)';
const ListOrderField = Type.Enum(LIST_ORDERS, { description: LIST_ORDER_DESCRIPTION });

export const Section = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String(),
    slug: Type.String(),
    is_active: Type.Boolean({ description: 'Visible en el sitio público' }),
    list_order: ListOrderField,
    order: Type.Integer(),
    version: Version,
    ...Timestamps,
  },
  { title: 'Section' },
);

const sectionFields = {
  title: RequiredText(FIELD_LIMITS.sectionTitle, `Título, hasta ${FIELD_LIMITS.sectionTitle} caracteres`),
  is_active: Type.Optional(Type.Boolean({ description: 'Visible en el sitio público (sí, si no se envía)' })),
  list_order: Type.Optional(
    Type.Enum(LIST_ORDERS, { description: `${LIST_ORDER_DESCRIPTION}. Si no se envía: date al crear; al editar, se conserva` }),
  ),
  order: Type.Optional(OrderField),
};

/**
 * A section's JSON body when it is created. The types are not coerced and an
 * unknown field is refused, each with its field's Spanish message; the same
 * rules run in the browser first (validateSection).
 */
export const SectionCreateBody = Type.Object(sectionFields, { title: 'SectionCreate', additionalProperties: false });

/** A section's JSON edit: any of its fields, and the `version` the edit started from. */
export const SectionBody = Type.Object(
  { ...sectionFields, title: Type.Optional(sectionFields.title), version: Type.Optional(EditVersion) },
  { title: 'SectionUpdate', additionalProperties: false },
);

export const SectionInUse = Type.Object({ detail: Type.String(), publication_count: Type.Integer() }, { title: 'SectionInUse' });
