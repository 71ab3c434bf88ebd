import { useId } from 'react';
import { CELL_TYPES, type CellType } from '@/domain/entities';
import { useAppDispatch } from '@/client/app/hooks';
import { TYPE_LABELS } from './layout-editor-context';
import { layoutEditorActions } from './layout-editor-slice';
import { focusCellContent } from './focus-control';

/**
 * What a new cell shows until its type is chosen: one button a type
 * ('Texto', 'Imagen', 'Vídeo', 'Documento'). Choosing takes the keyboard into
 * the cell's content: the text editor (which keeps every key typed while it
 * starts) or the first control of an image, video or document.
 */
export function CellTypeChoice({ cellId }: { cellId: string }) {
  const dispatch = useAppDispatch();
  const labelId = useId();
  const choose = (type: CellType) => {
    dispatch(layoutEditorActions.cellTypeChosen({ cellId, type }));
    // The text editor's stand-in takes the keyboard itself (draft-text.ts).
    if (type !== 'text') focusCellContent(cellId);
  };
  return (
    <div className="layout-editor-type-choice" role="group" aria-labelledby={labelId}>
      <p id={labelId} className="layout-editor-type-choice-label">
        ¿Qué contendrá esta celda?
      </p>
      <div className="layout-editor-type-choice-buttons">
        {CELL_TYPES.map((type) => (
          <button key={type} type="button" className="layout-editor-button" data-action={`choose-${type}`} onClick={() => choose(type)}>
            {TYPE_LABELS[type]}
          </button>
        ))}
      </div>
    </div>
  );
}
