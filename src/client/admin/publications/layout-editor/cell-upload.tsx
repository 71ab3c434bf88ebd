import { useId, type ChangeEvent, type ReactNode, type Ref } from 'react';

/**
 * A cell's file button, with what its upload says: under way, or refused and
 * why. The browser's own file button speaks the browser's language; the
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
  children,
}: {
  label: string;
  accept: string;
  busy: boolean;
  busyMessage: string;
  refusal: string | null;
  inputRef: Ref<HTMLInputElement>;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Other buttons beside it ('Elegir de la biblioteca'). */
  children?: ReactNode;
}) {
  const id = useId();
  return (
    <>
      <div className="layout-editor-actions">
        {children}
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
    </>
  );
}
