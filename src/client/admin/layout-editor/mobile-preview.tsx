import { useDeferredValue, useId } from 'react';
import type { Layout } from '@/domain/entities';
import { LayoutGrid } from '@/client/ui/layout-grid';

/**
 * 'Vista móvil': the layout as a phone shows it, through the public renderer,
 * in a phone-wide frame next to (or, on narrow screens, below) the editor.
 * The public grid picks its columns by the window's width, which here is the
 * admin's; `ui-layout-single-column` (ui.css) holds it to the phone's one
 * column. The preview follows typing a moment behind (a deferred value), so
 * the editor stays responsive with a long layout.
 */
export function MobilePreview({ id, rows }: { id: string; rows: Layout }) {
  const headingId = useId();
  const shown = useDeferredValue(rows);
  const hasCells = shown.some((row) => row.cells.length > 0);
  return (
    <section id={id} className="layout-editor-phone" aria-labelledby={headingId}>
      <h3 id={headingId} className="layout-editor-phone-title">
        Vista móvil
      </h3>
      {/* It scrolls on its own beside the editor: focusable, so the keyboard can scroll it too. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <div className="layout-editor-phone-screen" role="group" aria-label="Pantalla de teléfono" tabIndex={0}>
        <div className="layout-editor-phone-page ui-layout-single-column">
          {hasCells ? <LayoutGrid layout={shown} /> : <p className="layout-editor-empty">Todavía no hay celdas que mostrar.</p>}
        </div>
      </div>
    </section>
  );
}
