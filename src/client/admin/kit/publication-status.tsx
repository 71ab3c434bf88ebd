import { PUBLICATION_STATUSES, type PublicationStatus } from '@/domain/entities';
import { publicStateLabel, secondBadges, type PublicState, type ShownStatus } from '@/domain/publication-status';
import { StatusBadge, type BadgeTone } from './status-badge';

// A publication's words, yet in the kit: three places show a publication's status, the publications feature,
// Historial (an earlier version's status, and the one a restore keeps) and the shell's dashboard. What the
// publications feature alone uses lives there (publications/featured-label.ts); see docs/decisions/189.

/** requirements §4: each status, its Spanish word and its colour. */
export const PUBLICATION_STATUS_LABELS: Record<PublicationStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: 'Borrador', tone: 'warning' },
  published: { label: 'Publicado', tone: 'positive' },
  archived: { label: 'Archivado', tone: 'neutral' },
};

const SHOWN_TONES: Record<ShownStatus, BadgeTone> = { draft: 'warning', scheduled: 'info', published: 'positive', archived: 'neutral' };

/** A publication's status as a badge; any value the app does not know reads Archivado (requirements §4). */
function PublicationStatusBadge({ status }: { status: string }) {
  const known = PUBLICATION_STATUSES.find((candidate) => candidate === status);
  const { label, tone } = PUBLICATION_STATUS_LABELS[known ?? 'archived'];
  return <StatusBadge tone={tone}>{label}</StatusBadge>;
}

/**
 * A publication's shown status as the server worked it out with the public
 * site's rule ('Programado · 25 nov 2026' for one dated after today), and its
 * second badges ('Sección oculta', 'Sin fecha'). Without it (an answer that
 * does not carry it), the stored status.
 */
export function PublicationStateBadges({ status, state }: { status: string; state?: PublicState }) {
  if (!state) return <PublicationStatusBadge status={status} />;
  return (
    <span className="kit-badges">
      <StatusBadge tone={SHOWN_TONES[state.status]}>{publicStateLabel(state)}</StatusBadge>
      {secondBadges(state).map((label) => (
        <StatusBadge key={label} tone="neutral">
          {label}
        </StatusBadge>
      ))}
    </span>
  );
}

/**
 * Today in the browser's calendar, YYYY-MM-DD: what the panel's own readings of
 * a date use (the form's 'Se publicará el …', an old revision's status), where
 * no answer of the server carries the site's reading.
 */
export function browserToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}
