import type { PublicationStatus } from '@/domain/entities';
import { StatusBadge, type BadgeTone } from './status-badge';

/** requirements §4: each status, its Spanish word and its colour. */
export const PUBLICATION_STATUS_LABELS: Record<PublicationStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Borrador', tone: 'warning' },
  published: { label: 'Publicado', tone: 'positive' },
  archived: { label: 'Archivado', tone: 'neutral' },
};

/** A publication's status as a badge; any value the app does not know reads Archivado (requirements §4). */
export function PublicationStatusBadge({ status }: { status: string }) {
  const { label, tone } = PUBLICATION_STATUS_LABELS[status as PublicationStatus] ?? PUBLICATION_STATUS_LABELS.archived;
  return <StatusBadge tone={tone}>{label}</StatusBadge>;
}

/** requirements §4: is_featured reads 'Destacado' / 'Normal'. */
export const featuredLabel = (isFeatured: boolean): string => (isFeatured ? 'Destacado' : 'Normal');
