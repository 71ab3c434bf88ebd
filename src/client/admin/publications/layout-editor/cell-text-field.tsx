import { useId, type Ref } from 'react';

/** A cell's one-line text (an image's alternative text, a document's title) with the hint under it. */
export function CellTextField({
  label,
  hint,
  value,
  inputRef,
  onChange,
}: {
  label: string;
  hint: string;
  value: string;
  inputRef: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}) {
  const id = useId();
  const hintId = useId();
  return (
    <div className="layout-editor-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        value={value}
        aria-describedby={hintId}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={hintId} className="layout-editor-hint">
        {hint}
      </p>
    </div>
  );
}
