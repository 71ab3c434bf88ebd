import { isOneOf } from './guards';

/**
 * The admin publication list's sorted orders (docs/decisions/200): DRF's
 * OrderingFilter values of `GET /api/publications/?ordering=`, each broken by
 * the id; without one the list keeps its manual order (`order`, then `id`),
 * the only order in which it can be reordered. The panel keeps the choice in
 * its address as `?orden=` with Spanish keys, mapped here and nowhere else.
 *
 * - `publish_date`: oldest first; `-publish_date`: newest first; either way the
 *   publications without a date ('No publicado') come last.
 * - `title`: by the title's search key (domain/search.ts: lower case, no
 *   accents), leading punctuation such as '¿' or '«' left out, in code-point
 *   order on both databases; `-title` the reverse.
 * - `status`: by the shown status in SHOWN_STATUSES' order (Borrador,
 *   Programado, Publicado, Archivado), on the site's today; `-status` the reverse.
 */
export const PUBLICATION_ORDERINGS = ['publish_date', '-publish_date', 'title', '-title', 'status', '-status'] as const;
export type PublicationOrdering = (typeof PUBLICATION_ORDERINGS)[number];

/** The fields a list can be sorted by: the columns 'Fecha', 'Título' and 'Estado'. */
export type OrderingField = 'publish_date' | 'title' | 'status';

export const isPublicationOrdering = (value: unknown): value is PublicationOrdering => isOneOf(PUBLICATION_ORDERINGS, value);

// Written out rather than cut from the ordering's text, so that the type follows each one.
const ORDERING_FIELDS = {
  publish_date: 'publish_date',
  '-publish_date': 'publish_date',
  title: 'title',
  '-title': 'title',
  status: 'status',
  '-status': 'status',
} as const satisfies Record<PublicationOrdering, OrderingField>;

/** The field an ordering sorts by. */
export const orderingField = (ordering: PublicationOrdering): OrderingField => ORDERING_FIELDS[ordering];

/** Whether an ordering runs from the highest value down. */
export const isDescending = (ordering: PublicationOrdering): boolean => ordering.startsWith('-');

/** The ordering of a field in a direction. */
export const orderingOf = (field: OrderingField, descending: boolean): PublicationOrdering => (descending ? `-${field}` : field);

/** The panel's address parameter: /admin/publications?orden=-fecha. */
export const ORDERING_ADDRESS_PARAM = 'orden';

/** Each ordering's key in the panel's address: the column's Spanish word, '-' for the reverse. */
export const ORDERING_ADDRESS_KEYS = {
  publish_date: 'fecha',
  '-publish_date': '-fecha',
  title: 'titulo',
  '-title': '-titulo',
  status: 'estado',
  '-status': '-estado',
} as const satisfies Record<PublicationOrdering, string>;

/** The ordering an address key names; undefined for none or one the panel does not know (the manual order). */
export function orderingOfAddressKey(key: string | null | undefined): PublicationOrdering | undefined {
  return PUBLICATION_ORDERINGS.find((ordering) => ORDERING_ADDRESS_KEYS[ordering] === key);
}

/** Refused `ordering` (a 400 on the field, nothing else read). */
export const invalidOrderingMessage = `Elija uno de estos órdenes: ${PUBLICATION_ORDERINGS.join(', ')}.`;
