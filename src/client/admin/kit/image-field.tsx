import { useEffect, useMemo, useRef, useState } from 'react';
import type { ImageChange } from '@/client/api/image-change';
import { checkImageFile, IMAGE_ACCEPT } from '@/domain/images';
import { Field } from './field';
import { MediaPicker } from './media-picker';

export interface ImageFieldProps {
  label: string;
  /** The stored image, if any (the record's URL). */
  currentUrl: string | null;
  value: ImageChange;
  onChange: (change: ImageChange) => void;
  /** An error from the server for this field. */
  error?: string;
  hint?: string;
  /** Label of the remove button, e.g. 'Quitar foto'. */
  removeLabel?: string;
  /** Alternative text of the preview, e.g. 'Foto actual'. */
  previewAlt?: string;
  /** Text of the choose button, e.g. 'Elegir foto'. */
  chooseLabel?: string;
  /** Offer 'Elegir de la biblioteca' (the media library's images, docs/decisions/223). Default true. */
  fromLibrary?: boolean;
}

/**
 * An image input with a preview of the chosen file or of the stored image and
 * a button to remove it. It accepts JPG, PNG, GIF and WEBP files of at most
 * 5 MB, by the domain's rule (the server checks again, by content); its value says what the save must do:
 * keep, replace or remove (api/image-change.ts). Use it through
 * react-hook-form's <Controller>.
 */
export function ImageField({
  label,
  currentUrl,
  value,
  onChange,
  error,
  hint,
  removeLabel = 'Quitar imagen',
  previewAlt = 'Vista previa',
  chooseLabel = 'Elegir imagen',
  fromLibrary = true,
}: ImageFieldProps) {
  const [picking, setPicking] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const file = value.kind === 'replace' ? value.file : null;
  const objectUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (objectUrl ? URL.revokeObjectURL(objectUrl) : undefined), [objectUrl]);
  const previewUrl =
    value.kind === 'replace' ? objectUrl : value.kind === 'library' ? value.url : value.kind === 'keep' ? currentUrl : null;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const refusal = checkImageFile(chosen);
    setLocalError(refusal);
    if (!refusal) onChange({ kind: 'replace', file: chosen });
    // The same file can be chosen again after removing it.
    if (input.current) input.current.value = '';
  };

  // What was chosen, said with the control: its own value is emptied after each choice (above), so a
  // screen reader would otherwise read 'no file chosen' beside a chosen image.
  const chosenName = file?.name ?? (value.kind === 'library' ? value.title : null);

  return (
    <Field label={label} hint={hint} error={localError ?? error}>
      {(control) => (
        <div className="kit-image-field">
          <div className="kit-image-preview">
            {previewUrl ? <img src={previewUrl} alt={previewAlt} /> : <span className="kit-image-empty">Sin imagen</span>}
          </div>
          <div className="kit-image-actions">
            {/* The native input stays (keyboard, screen readers, tests); its browser-language button is replaced by a Spanish one. */}
            <input
              ref={input}
              className="kit-file-input"
              type="file"
              accept={IMAGE_ACCEPT}
              {...control}
              aria-describedby={
                [control['aria-describedby'], chosenName && `${control.id}-elegida ${control.id}-nombre`].filter(Boolean).join(' ') ||
                undefined
              }
              onChange={(event) => choose(event.target.files?.[0])}
            />
            <label htmlFor={control.id} className="kit-button kit-button-secondary kit-file-button">
              {chooseLabel}
            </label>
            {fromLibrary && (
              <button type="button" className="kit-button kit-button-secondary" onClick={() => setPicking(true)}>
                Elegir de la biblioteca
              </button>
            )}
            {chosenName && (
              <>
                <span id={`${control.id}-elegida`} className="visually-hidden">
                  Imagen elegida:
                </span>
                <span id={`${control.id}-nombre`} className="kit-file-name">
                  {chosenName}
                </span>
              </>
            )}
            {previewUrl && (
              <button
                type="button"
                className="kit-button kit-button-secondary"
                onClick={() => {
                  setLocalError(null);
                  // Without a stored image there is nothing to remove on the server.
                  onChange(currentUrl ? { kind: 'remove' } : { kind: 'keep' });
                }}
              >
                {removeLabel}
              </button>
            )}
            {value.kind === 'remove' && currentUrl && (
              <button type="button" className="kit-button kit-button-link" onClick={() => onChange({ kind: 'keep' })}>
                Deshacer
              </button>
            )}
          </div>
          {picking && (
            <MediaPicker
              onClose={() => setPicking(false)}
              onChoose={(item) => {
                setPicking(false);
                setLocalError(null);
                onChange({ kind: 'library', url: item.url, title: item.title });
              }}
            />
          )}
        </div>
      )}
    </Field>
  );
}
