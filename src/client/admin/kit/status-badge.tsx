import './kit.css';
import './status-badge.css';
import type { ReactNode } from 'react';

/**
 * positive: green (Visible, Activo, Publicado); warning: yellow (Borrador); neutral: gray (No visible, Inactivo,
 * Archivado, Sección oculta, Sin fecha); info: blue (Programado); negative: red (a message that could not be sent).
 */
export type BadgeTone = 'positive' | 'warning' | 'neutral' | 'info' | 'negative';

/** A status word in a coloured pill; the word itself carries the meaning, colour only helps. */
export function StatusBadge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return <span className={`kit-badge kit-badge-${tone}`}>{children}</span>;
}
