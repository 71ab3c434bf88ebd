import { useEffect, useId, useState } from 'react';
import type { LayoutCell } from '@/domain/entities';
import { useAppDispatch } from '@/client/app/hooks';
import { LayoutCellView } from '@/client/ui/layout-cell-view';
import { layoutEditorActions } from './layout-editor-slice';

/** Waits until typing pauses before the preview loads a player for the address. */
const PREVIEW_DELAY_MS = 400;

/**
 * A video cell: its address and a live 16:9 preview through the public
 * renderer (YouTube and Vimeo links become their players, requirements §5).
 */
export function VideoCellEditor({ cell }: { cell: LayoutCell }) {
  const dispatch = useAppDispatch();
  const id = useId();
  const hintId = useId();
  const [previewUrl, setPreviewUrl] = useState(cell.content);
  useEffect(() => {
    const timer = setTimeout(() => setPreviewUrl(cell.content), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [cell.content]);

  return (
    <div className="layout-editor-media">
      <div className="layout-editor-field">
        <label htmlFor={id}>Enlace del vídeo</label>
        <input
          id={id}
          type="url"
          inputMode="url"
          value={cell.content}
          placeholder="https://www.youtube.com/watch?v=..."
          aria-describedby={hintId}
          onChange={(event) => dispatch(layoutEditorActions.cellContentChanged({ cellId: cell.id, content: event.target.value }))}
        />
        <p id={hintId} className="layout-editor-hint">
          YouTube o Vimeo; otros enlaces se usan tal cual.
        </p>
      </div>
      {previewUrl && (
        <div className="layout-editor-preview">
          <LayoutCellView cell={{ ...cell, content: previewUrl }} />
        </div>
      )}
    </div>
  );
}
