import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Id, LayoutCell } from '@/domain/entities';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import { useUploadCellImageMutation } from '@/client/api/uploads';
import { LayoutCellView } from '@/client/ui/layout-cell-view';
import { layoutEditorActions, selectEditingCellId } from './layout-editor-slice';
import './text-cell-editor.css';

// TinyMCE's React wrapper (and, through it, TinyMCE's script) loads the first time a text cell is edited.
const RichTextEditor = lazy(() => import(/* webpackChunkName: "rich-text-editor" */ './rich-text-editor'));

/** How to leave the text without changing it (decision 144): shown under the editor, said when the text takes the keyboard. */
const LEAVE_TEXT_HINT = 'Esc para salir del texto.';

/**
 * A text cell: its rendered HTML (the public renderer) until it is edited;
 * then TinyMCE. Only one text cell is edited at a time, so a long layout
 * opens at once and stays responsive (issue "Performance"). Esc in the text
 * closes the editor and puts the keyboard on 'Editar texto', where it opened.
 */
export function TextCellEditor({ cell, name, publicationId }: { cell: LayoutCell; name: string; publicationId?: Id }) {
  const dispatch = useAppDispatch();
  const editing = useAppSelector(selectEditingCellId) === cell.id;
  const [upload] = useUploadCellImageMutation();
  const uploadImage = useCallback(
    (file: Blob, filename: string) => upload({ file, filename, publicationId }).unwrap(),
    [upload, publicationId],
  );
  const onChange = useCallback(
    (content: string) => dispatch(layoutEditorActions.cellContentChanged({ cellId: cell.id, content })),
    [dispatch, cell.id],
  );
  const edit = () => dispatch(layoutEditorActions.textEditingStarted({ cellId: cell.id }));
  const hintId = useId();
  // The live region speaks the hint each time the text takes the keyboard: a frame's body cannot point at it with aria-describedby.
  const [inText, setInText] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const leaving = useRef(false);
  const leave = useCallback(() => {
    leaving.current = true;
    dispatch(layoutEditorActions.textEditingStarted({ cellId: null }));
  }, [dispatch]);
  useEffect(() => {
    if (!editing && leaving.current) {
      leaving.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  if (editing) {
    return (
      <div className="layout-editor-text layout-editor-text--editing">
        <Suspense
          fallback={
            <p role="status" className="layout-editor-text-loading">
              Cargando editor...
            </p>
          }
        >
          <RichTextEditor
            value={cell.content}
            onChange={onChange}
            label={`Texto de ${name}`}
            hintId={hintId}
            uploadImage={uploadImage}
            onLeave={leave}
            onTextFocus={setInText}
          />
        </Suspense>
        <p id={hintId} className="layout-editor-hint">
          {LEAVE_TEXT_HINT}
        </p>
        <p role="status" className="visually-hidden">
          {inText ? LEAVE_TEXT_HINT : ''}
        </p>
        <button
          type="button"
          className="layout-editor-button"
          onClick={() => dispatch(layoutEditorActions.textEditingStarted({ cellId: null }))}
        >
          Terminar de editar
        </button>
      </div>
    );
  }
  return (
    <div className="layout-editor-text">
      {/* A click on the text opens its editor too; the button is the keyboard's way in. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions */}
      <div className="layout-editor-text-preview" onClick={edit}>
        {cell.content ? <LayoutCellView cell={cell} /> : <p className="layout-editor-empty">Texto vacío.</p>}
      </div>
      <button ref={editButton} type="button" className="layout-editor-button" onClick={edit} aria-label={`Editar texto de ${name}`}>
        Editar texto
      </button>
    </div>
  );
}
