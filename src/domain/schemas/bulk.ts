import { Type, type Static } from 'typebox';
import { BULK_ACTIONS, BULK_REFUSALS } from '@/domain/bulk';
import { BULK_MAX_ITEMS, ORDER_MAX } from '@/domain/limits';
import { PUBLICATION_STATUSES } from '@/domain/publication-values';

/**
 * POST /api/publications/bulk/: one action on many publications
 * (docs/decisions/180-bulk-actions.md). Each item is checked and written as
 * its own edit would be; the answer says, item by item, what changed and
 * what was refused.
 */

const ItemId = (description: string) => Type.Integer({ minimum: 1, maximum: ORDER_MAX, description });

export const BulkItem = Type.Object(
  {
    id: Type.Integer({
      minimum: 1,
      maximum: ORDER_MAX,
      description: 'La publicación; en `restore`, la entrada de la papelera (`trash_entry_id` de la respuesta de `trash`)',
    }),
    version: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: Number.MAX_SAFE_INTEGER,
        description: 'La versión que se vio; obligatoria salvo en `restore`: si otra edición se guardó antes, esa publicación se rechaza',
      }),
    ),
    status: Type.Optional(Type.Enum(PUBLICATION_STATUSES, { description: 'En `revert`: el estado que tenía' })),
    section_id: Type.Optional(ItemId('En `revert`: la sección que tenía')),
  },
  { title: 'BulkItem', additionalProperties: false },
);
export type BulkItem = Static<typeof BulkItem>;

export const BulkBody = Type.Object(
  {
    action: Type.Enum(BULK_ACTIONS, {
      description:
        'publish (conserva la fecha de cada una; sin fecha, la de hoy), draft, archive, move (a `section_id`), trash (a la papelera), ' +
        'revert (cada una vuelve a su `status` y `section_id`: el «Deshacer» de las anteriores), restore (desde la papelera: el «Deshacer» de trash)',
    }),
    section_id: Type.Optional(ItemId('En `move`: la sección de destino')),
    items: Type.Array(BulkItem, { minItems: 1, maxItems: BULK_MAX_ITEMS, description: `Como máximo ${BULK_MAX_ITEMS}` }),
  },
  { title: 'BulkBody', additionalProperties: false },
);
export type BulkBody = Static<typeof BulkBody>;

const Status = Type.Enum(PUBLICATION_STATUSES);

export const BulkChanged = Type.Object(
  {
    id: Type.Integer({ description: 'La publicación (en `restore`, con el identificador que tiene ahora)' }),
    title: Type.String(),
    version: Type.Union([Type.Integer(), Type.Null()], { description: 'La versión guardada; null si está en la papelera' }),
    status: Type.Union([Status, Type.Null()], { description: 'El estado ahora; null si está en la papelera' }),
    section_id: Type.Union([Type.Integer(), Type.Null()], { description: 'La sección ahora; null si está en la papelera' }),
    previous: Type.Union([Type.Object({ status: Status, section_id: Type.Integer() }, { title: 'BulkPrevious' }), Type.Null()], {
      description: 'Lo que tenía antes (para deshacer con `revert`); null en `restore`',
    }),
    trash_entry_id: Type.Union([Type.Integer(), Type.Null()], {
      description: 'En `trash`: la entrada de la papelera que la guarda (para deshacer con `restore`); null en lo demás',
    }),
  },
  { title: 'BulkChanged' },
);
export type BulkChanged = Static<typeof BulkChanged>;

export const BulkRefused = Type.Object(
  {
    id: Type.Integer({ description: 'Como se envió' }),
    title: Type.String({ description: "Su título, si se conoce ('' si ya no existe)" }),
    reason: Type.Enum(BULK_REFUSALS, {
      description:
        'stale (otra persona la cambió mientras tanto), gone (ya no existe o está en la papelera), forbidden (su rol no lo permite), invalid (no cumple las reglas)',
    }),
    detail: Type.String({ description: 'La explicación, como la daría una edición sola' }),
  },
  { title: 'BulkRefused' },
);
export type BulkRefused = Static<typeof BulkRefused>;

export const BulkAnswer = Type.Object(
  {
    action: Type.Enum(BULK_ACTIONS),
    changed: Type.Array(BulkChanged),
    refused: Type.Array(BulkRefused, { description: 'Las que se quedaron como estaban' }),
  },
  { title: 'BulkAnswer' },
);
export type BulkAnswer = Static<typeof BulkAnswer>;
