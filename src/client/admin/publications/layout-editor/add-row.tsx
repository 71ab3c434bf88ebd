import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ROW_SHAPES } from '@/domain/layout';
import { useAppDispatch } from '@/client/app/hooks';
import { layoutEditorActions } from './layout-editor-slice';
import { focusControl } from './focus-control';

/**
 * 'Añadir fila': first the row's shape (one column, two halves, …), drawn as
 * its columns, then a row of cells of those spans, each asking its type. The
 * shapes open below the button, the keyboard on the first; Escape closes them
 * and gives the keyboard back to the button.
 */
export function AddRow() {
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const shapesId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const firstShapeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) firstShapeRef.current?.focus();
  }, [open]);

  const close = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    buttonRef.current?.focus();
  };
  const add = (spans: readonly number[]) => {
    const { payload } = dispatch(layoutEditorActions.rowAdded(spans));
    setOpen(false);
    // The new row's first cell asks its type: the keyboard goes to its first choice.
    focusControl(`[data-cell-id="${payload.cells[0].id}"]`, 'choose-text');
  };

  return (
    <div className="layout-editor-add-row">
      <button
        ref={buttonRef}
        type="button"
        className="layout-editor-button layout-editor-primary"
        aria-expanded={open}
        aria-controls={open ? shapesId : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={close}
      >
        Añadir fila
      </button>
      {open && (
        <div id={shapesId} className="layout-editor-shapes" role="group" aria-label="Forma de la fila nueva">
          {ROW_SHAPES.map(({ label, spans }, index) => (
            <button
              key={label}
              ref={index === 0 ? firstShapeRef : undefined}
              type="button"
              className="layout-editor-shape"
              onClick={() => add(spans)}
              onKeyDown={close}
            >
              <span className="layout-editor-shape-drawing" aria-hidden="true">
                {spans.map((span, cell) => (
                  <span key={cell} style={{ flexGrow: span }} />
                ))}
              </span>
              {label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
