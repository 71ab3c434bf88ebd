import { isOneOf } from './guards';

/**
 * The order of a section's public list (docs/decisions/196), chosen per section as
 * 'Orden de la lista':
 * - `date`: featured first, then the publication date, newest first (of one day, the one
 *   entered later first);
 * - `manual`: featured first, then the order dragged in the admin's list, then the id;
 * - `event`: upcoming events (soonest first), then past ones (latest first), then the
 *   publications without an event, newest first; 'Destacado' does not reorder it.
 */
export const LIST_ORDERS = ['date', 'manual', 'event'] as const;
export type ListOrder = (typeof LIST_ORDERS)[number];

/** A new section's, and every section's but two when the choice came (migration 024). */
export const DEFAULT_LIST_ORDER: ListOrder = 'date';

export const isListOrder = (value: unknown): value is ListOrder => isOneOf(LIST_ORDERS, value);

/** How the section form and Historial name each order. */
export const LIST_ORDER_LABELS: Record<ListOrder, string> = {
  date: 'Por fecha, recientes primero',
  manual: 'Manual, como en el panel',
  event: 'Eventos, próximos primero',
};

/**
 * Said above the admin's list of one section whose public list is not in the dragged order:
 * dragging there changes nothing a visitor sees.
 */
export const publicOrderNote = (sectionTitle: string, order: ListOrder): string | null =>
  order === 'manual'
    ? null
    : `En el sitio, «${sectionTitle}» se ordena ${order === 'date' ? 'por fecha' : 'como eventos'}: el orden de esta lista no cambia el de su página pública.`;

/** What 'Destacado' does, said beside it in the publication form. */
export const FEATURED_HINT =
  'En las secciones ordenadas por fecha o a mano, las publicaciones destacadas se muestran primero; en las de eventos no cambian el orden.';
