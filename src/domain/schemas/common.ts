import { Type, type Static, type TSchema } from 'typebox';
import { ORDER_MAX, ORDER_MIN, REORDER_MAX_ITEMS } from '@/domain/limits';

/**
 * Schemas shared by the route groups (docs/decisions/022-schema-first-routes.md): they
 * type the handlers' input, serialise the answers (the allow-list of fields)
 * and feed the OpenAPI document at /api/schema/. The Spanish business rules
 * stay in src/domain/validation.ts; a schema only says what shape a value has.
 */

/**
 * A row's id in a path: ids are 32-bit serials on both databases, so a larger
 * one is no row (404, never PostgreSQL's "integer out of range"). A path that
 * fails it answers 404 with the resource's own message (the route's
 * config.notFound, plugins/error-handler.ts).
 */
export const PathId = (description = 'Identificador numérico') => Type.Integer({ minimum: 1, maximum: 2147483647, description });

/** An image of the media library named by its id, instead of a file or an address (docs/decisions/223). */
export const LibraryImageId = (what: string) =>
  Type.Integer({
    minimum: 1,
    maximum: 2147483647,
    description: `${what}: una imagen de la biblioteca (GET /api/media/?kind=image), en lugar del archivo o la dirección; no junto a ellos`,
  });

/** `{id}` in a path. */
export const IdParams = Type.Object({ id: PathId() });

/** DRF's PageNumberPagination parameters, read by http/pagination.ts (an unusable page is 404 as in DRF). */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.String({ description: 'Página, desde 1' })),
  page_size: Type.Optional(Type.String({ description: 'Elementos por página (20 por omisión, 1000 como máximo)' })),
  all: Type.Optional(Type.String({ description: '`true` para recibir todos los elementos en una página' })),
});

/**
 * A schema's `title` is its name in the OpenAPI document's components
 * (plugins/api-docs.ts lifts every titled schema there and refers to it), so
 * that a generated client has one named type per shape.
 */
const titleOf = (schema: TSchema): string | undefined => ('title' in schema && typeof schema.title === 'string' ? schema.title : undefined);

export const Detail = Type.Object(
  { detail: Type.String(), code: Type.Optional(Type.String({ description: '`token_not_valid` para un token no válido' })) },
  { title: 'Detail', description: 'Error con un mensaje en español' },
);

const FieldErrors = Type.Record(Type.String(), Type.Array(Type.String()), {
  title: 'FieldErrors',
  description: 'Errores por campo: {"campo": ["mensaje"]}',
});

/** A 400: field errors, or a detail for a body that is not usable at all. */
export const BadRequest = Type.Union([Detail, FieldErrors], { title: 'BadRequest', description: 'Petición no válida' });

/** A DRF page of `item` (a titled schema), named as drf-spectacular names it: PaginatedPublicationList. */
export const PageOf = <T extends TSchema>(item: T) => {
  const title = titleOf(item);
  return Type.Object(
    {
      count: Type.Integer({ minimum: 0 }),
      next: Type.Union([Type.String(), Type.Null()]),
      previous: Type.Union([Type.String(), Type.Null()]),
      results: Type.Array(item),
    },
    title === undefined ? {} : { title: `Paginated${title}List` },
  );
};

/**
 * `order` in a create or edit body. The range is a domain rule (validation.ts
 * isOrder, with its Spanish message); the schema only documents it.
 */
export const OrderField = Type.Integer({ minimum: ORDER_MIN, maximum: ORDER_MAX, description: `Entero de ${ORDER_MIN} a ${ORDER_MAX}` });

/** The `version` an edit started from: 409 with the current record when another save came first. */
export const EditVersion = Type.Integer({
  minimum: 1,
  maximum: Number.MAX_SAFE_INTEGER,
  description: 'La versión de la que partió la edición',
});

/**
 * A text the resource cannot do without: at least one visible character
 * (a blank one is refused as missing) and at most `max`.
 */
export const RequiredText = (max: number, description?: string) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '\\S', ...(description !== undefined && { description }) });

// The reorder route judges the payload itself (domain parseReorder, attachValidation): these bounds document it.
export const ReorderBody = Type.Array(
  Type.Object(
    {
      id: Type.Integer({ minimum: 1, maximum: ORDER_MAX }),
      order: Type.Integer({ minimum: 0, maximum: ORDER_MAX, description: 'Posición, desde 0, dentro de la vista reordenada' }),
    },
    { title: 'ReorderItem' },
  ),
  {
    title: 'Reorder',
    minItems: 1,
    maxItems: REORDER_MAX_ITEMS,
    description: `Los elementos de la vista reordenada (como máximo ${REORDER_MAX_ITEMS}), con su nueva posición`,
  },
);

export const ReorderAnswer = Type.Array(
  Type.Object({ id: Type.Integer(), order: Type.Integer({ description: 'El orden guardado' }) }, { title: 'ReorderedItem' }),
  { title: 'Reordered' },
);

/** An edit that started from an older version: the record as it is now. */
export const EditConflictOf = <T extends TSchema>(record: T) =>
  Type.Object(
    { detail: Type.String(), current: record },
    { title: `${titleOf(record) ?? ''}EditConflict`, description: 'Otra edición se guardó antes' },
  );

export const Timestamps = {
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
};

export const Version = Type.Integer({ minimum: 1, description: '1 al crear, +1 con cada edición; nunca cambia al reordenar' });

/** A focal point's coordinate: 0 one edge, 1 the other. */
export const Focal = Type.Number({ minimum: 0, maximum: 1 });

/** Where an image chosen from the library keeps its focal point, for the crops the browser makes (CSS object-position). */
export const FocalPoint = Type.Object(
  {
    x: { ...Focal, description: '0 el borde izquierdo, 1 el derecho' },
    y: { ...Focal, description: '0 el borde superior, 1 el inferior' },
  },
  { title: 'FocalPoint' },
);
export type FocalPoint = Static<typeof FocalPoint>;
