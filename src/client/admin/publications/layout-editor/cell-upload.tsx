import { useCallback, useEffect, useId, useRef, useState, type ChangeEvent, type Ref, type RefObject } from 'react';
import { MediaPicker } from '@/client/admin/kit/media-picker';
import type { MediaFileKind } from '@/domain/media';
import type { MediaItem } from '@/domain/schemas/media';

/**
 * Where the keyboard goes after a cell's upload or choice: the field asked for, once the upload
 * is over and the page drawn. Not sooner: while an upload runs the file input is disabled, and a
 * focus() on it then does nothing (the keyboard stays on <body>), which a slow machine's next
 * frame could still see.
 */
export function useFocusWhenIdle(busy: boolean): (field: RefObject<HTMLElement | null>) => void {
  const pending = useRef<RefObject<HTMLElement | null> | null>(null);
  // Each request draws the page once more, so that the effect below runs after it.
  const [requests, setRequests] = useState(0);
  useEffect(() => {
    if (busy || !pending.current) return;
    pending.current.current?.focus();
    pending.current = null;
  }, [busy, requests]);
  return useCallback((field: RefObject<HTMLElement | null>) => {
    pending.current = field;
    setRequests((count) => count + 1);
  }, []);
}

/**
 * A cell's file button, with what its upload says: under way, or refused and
 * why, and beside it 'Elegir de la biblioteca' (the kit's picker, of `library`'s
 * kind). The browser's own file button speaks the browser's language; the
 * label is the button, in Spanish, and the input stays focusable out of sight.
 */
export function CellUpload({
  label,
  accept,
  busy,
  busyMessage,
  refusal,
  inputRef,
  onChange,
  library,
}: {
  label: string;
  accept: string;
  busy: boolean;
  busyMessage: string;
  refusal: string | null;
  inputRef: Ref<HTMLInputElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** What the library offers the cell, and what is done with the item chosen. */
  library: { kind: MediaFileKind; onChoose: (item: MediaItem) => void };
}) {
  const id = useId();
  const [picking, setPicking] = useState(false);
  return (
    <>
      <div className="layout-editor-actions">
        <button type="button" className="layout-editor-button" onClick={() => setPicking(true)} disabled={busy}>
          Elegir de la biblioteca
        </button>
        <div className="layout-editor-file">
          <input
            ref={inputRef}
            id={id}
            className="layout-editor-file-input"
            type="file"
            accept={accept}
            onChange={onChange}
            disabled={busy}
          />
          <label htmlFor={id} className="layout-editor-button">
            {label}
          </label>
        </div>
      </div>
      {busy && (
        <p role="status" className="layout-editor-status">
          {busyMessage}
        </p>
      )}
      {refusal && (
        <p role="alert" className="layout-editor-error">
          {refusal}
        </p>
      )}
      {picking && (
        <MediaPicker
          kind={library.kind}
          onChoose={(item) => {
            setPicking(false);
            library.onChoose(item);
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </>
  );
}
