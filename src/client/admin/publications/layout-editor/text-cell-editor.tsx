import { lazy, Suspense, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { Editor as TinyMCEEditor } from 'tinymce';
import type { Id, LayoutCell } from '@/domain/entities';
import { useAppDispatch, useAppSelector } from '@/client/app/hooks';
import { useUploadCellImageMutation } from '@/client/api/uploads';
import { LayoutCellView } from '@/client/ui/layout-cell-view';
import { sanitizeRichText } from '@/client/ui/sanitized-html';
import { layoutEditorActions, selectEditingCellId } from './layout-editor-slice';
import { caretAtEnd, draftContent, draftTakesKeyboard, EMPTY_DRAFT, takeOverDraft } from './draft-text';
import './text-cell-editor.css';

// TinyMCE's React wrapper (and, through it, TinyMCE's script) loads the first time a text cell is edited.
const RichTextEditor = lazy(() => import(/* webpackChunkName: "rich-text-editor" */ './rich-text-editor'));

/** How to leave the text without changing it (decision 144): shown under the editor, said when the text takes the keyboard. */
const LEAVE_TEXT_HINT = 'Esc para salir del texto.';

/** Said while TinyMCE loads, by the stand-in that takes the typing meanwhile. */
const LOADING_TEXT = 'Cargando el editor de texto… Puede escribir ya.';

/**
 * A text cell: its rendered HTML (the public renderer) until it is edited;
 * then TinyMCE. Only one text cell is edited at a time, so a long layout
 * opens at once and stays responsive (issue "Performance"). Esc in the text
 * closes the editor and puts the keyboard on 'Editar texto', where it opened.
 */
export function TextCellEditor({ cell, name, publicationId }: { cell: LayoutCell; name: string; publicationId?: Id }) {
  const dispatch = useAppDispatch();
  const editing = useAppSelector(selectEditingCellId) === cell.id;
  const edit = () => dispatch(layoutEditorActions.textEditingStarted({ cellId: cell.id }));
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

  if (editing) return <OpenTextCell cell={cell} name={name} publicationId={publicationId} onLeave={leave} />;
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

/**
 * An open text cell. Until TinyMCE is ready, a plain editable area stands in
 * for it (draft-text.ts): it is there at once, says that the editor loads,
 * takes the keyboard that asked for the editor and keeps what is typed, in the
 * layout too; TinyMCE, built out of sight meanwhile, then takes over its
 * content and caret.
 */
function OpenTextCell({ cell, name, publicationId, onLeave }: { cell: LayoutCell; name: string; publicationId?: Id; onLeave: () => void }) {
  const dispatch = useAppDispatch();
  const [upload] = useUploadCellImageMutation();
  const uploadImage = useCallback(
    (file: Blob, filename: string) => upload({ file, filename, publicationId }).unwrap(),
    [upload, publicationId],
  );
  const onChange = useCallback(
    (content: string) => dispatch(layoutEditorActions.cellContentChanged({ cellId: cell.id, content })),
    [dispatch, cell.id],
  );
  const label = `Texto de ${name}`;
  const hintId = useId();
  const loadingId = useId();
  // The live region speaks the hint each time the text takes the keyboard: a frame's body cannot point at it with aria-describedby.
  const [inText, setInText] = useState(false);

  const [ready, setReady] = useState(false);
  // The stand-in's content as it opened: React never writes it again, so the caret stays where the person put it.
  const [draftStart] = useState(() => sanitizeRichText(cell.content) || EMPTY_DRAFT);
  const draft = useRef<HTMLDivElement>(null);
  const typed = useRef(false);
  // A letter being composed (an accent's dead key, an input method) is finished in the stand-in first.
  const composing = useRef(false);
  const waiting = useRef<TinyMCEEditor | null>(null);
  useLayoutEffect(() => {
    const area = draft.current;
    if (!area || !draftTakesKeyboard()) return;
    area.focus();
    caretAtEnd(area);
  }, []);
  const takeOver = useCallback((editor: TinyMCEEditor) => {
    if (editor.removed) return;
    if (composing.current) {
      waiting.current = editor;
      return;
    }
    takeOverDraft(editor, draft.current, typed.current, () => flushSync(() => setReady(true)));
  }, []);

  return (
    <div className="layout-editor-text layout-editor-text--editing">
      <div className="layout-editor-text-frame">
        {!ready && (
          <div className="layout-editor-text-draft">
            <p id={loadingId} role="status" className="layout-editor-text-loading">
              {LOADING_TEXT}
            </p>
            <div
              ref={draft}
              className="layout-editor-text-draft-area ui-rich-text"
              contentEditable
              suppressContentEditableWarning
              role="textbox"
              aria-multiline="true"
              aria-label={label}
              aria-describedby={`${loadingId} ${hintId}`}
              tabIndex={0}
              dangerouslySetInnerHTML={{ __html: draftStart }}
              onInput={(event) => {
                typed.current = true;
                onChange(draftContent(event.currentTarget));
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Escape' || event.defaultPrevented) return;
                event.preventDefault();
                onLeave();
              }}
              onPaste={(event) => {
                // Plain text only: the cleaning of pasted HTML and images is TinyMCE's (decision 144).
                event.preventDefault();
                document.execCommand('insertText', false, event.clipboardData.getData('text/plain'));
              }}
              onDrop={(event) => event.preventDefault()}
              onCompositionStart={() => {
                composing.current = true;
              }}
              onCompositionEnd={() => {
                composing.current = false;
                const editor = waiting.current;
                waiting.current = null;
                // Once the composed letter's own events are over.
                if (editor) setTimeout(() => takeOver(editor), 0);
              }}
            />
          </div>
        )}
        <div className={ready ? 'layout-editor-text-engine' : 'layout-editor-text-engine is-loading'}>
          <Suspense fallback={null}>
            <RichTextEditor
              value={cell.content}
              onChange={onChange}
              label={label}
              hintId={hintId}
              uploadImage={uploadImage}
              onLeave={onLeave}
              onTextFocus={setInText}
              onReady={takeOver}
            />
          </Suspense>
        </div>
      </div>
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
