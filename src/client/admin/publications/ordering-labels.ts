import type { PublicationOrdering } from '@/domain/publication-ordering';

/** How the list names each sorted order: the 'Ordenar por' select, the line above the list, the announcement. */
export const ORDERING_LABELS: Record<PublicationOrdering, string> = {
  '-publish_date': 'Fecha, recientes primero',
  publish_date: 'Fecha, antiguas primero',
  title: 'Título, de la A a la Z',
  '-title': 'Título, de la Z a la A',
  status: 'Estado, de Borrador a Archivado',
  '-status': 'Estado, de Archivado a Borrador',
};

/** The list's own order, the one that is dragged. */
export const MANUAL_ORDER_LABEL = 'Orden manual';

/** Said while the list is sorted by a column, where the handles and 'Subir' / 'Bajar' were. */
export const MANUAL_ORDER_NOTE = 'Para cambiar el orden manual, vuelva a «Orden manual».';
