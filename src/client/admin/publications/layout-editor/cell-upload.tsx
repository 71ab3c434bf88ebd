import { useId, useState, type ChangeEvent, type Ref } from 'react';
import { MediaPicker } from '@/client/admin/kit/media-picker';
import type { MediaFileKind } from '@/domain/media';
import type { MediaItem } from '@/domain/schemas/media';

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
