import { useId, type ChangeEvent } from 'react';
import type { Id, LayoutCell } from '@/domain/entities';
import { IMAGE_ACCEPT } from '@/domain/images';
import { messages } from '@/domain/messages';
import { useAppDispatch } from '@/client/app/hooks';
import { useUploadCellImageMutation } from '@/client/api/uploads';
import { LayoutCellView } from '@/client/ui/layout-cell-view';
import { layoutEditorActions } from './layout-editor-slice';

/**
 * An image cell: a file uploaded at once (to the publication when it exists,
 * requirements §7), its alternative text, and the image as the public page shows it.
 */
export function ImageCellEditor({ cell, publicationId }: { cell: LayoutCell; publicationId?: Id }) {
  const dispatch = useAppDispatch();
  const [upload, { isLoading, isError, reset }] = useUploadCellImageMutation();
  const fileId = useId();
  const altId = useId();
  const altHintId = useId();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    reset();
    try {
      const url = await upload({ file, publicationId }).unwrap();
      dispatch(layoutEditorActions.cellContentChanged({ cellId: cell.id, content: url }));
    } catch {
      // The failure is shown below from the mutation's state (requirements §8).
    } finally {
      input.value = '';
    }
  };

  return (
    <div className="layout-editor-media">
      {/* The browser's own file button speaks the browser's language; this label is the button, in Spanish. */}
      <div className="layout-editor-file">
        <input id={fileId} className="layout-editor-file-input" type="file" accept={IMAGE_ACCEPT} onChange={onFile} disabled={isLoading} />
        <label htmlFor={fileId} className="layout-editor-button">
          {cell.content ? 'Cambiar imagen' : 'Elegir imagen'}
        </label>
      </div>
      {isLoading && (
        <p role="status" className="layout-editor-status">
          {messages.uploadingImage}
        </p>
      )}
      {isError && (
        <p role="alert" className="layout-editor-error">
          {messages.uploadImageFailed}
        </p>
      )}
      <div className="layout-editor-field">
        <label htmlFor={altId}>Texto alternativo</label>
        <input
          id={altId}
          type="text"
          value={cell.alt ?? ''}
          aria-describedby={altHintId}
          onChange={(event) => dispatch(layoutEditorActions.cellAltChanged({ cellId: cell.id, alt: event.target.value }))}
        />
        <p id={altHintId} className="layout-editor-hint">
          Describe la imagen para quien no puede verla.
        </p>
      </div>
      {cell.content && (
        <div className="layout-editor-preview">
          <LayoutCellView cell={cell} />
        </div>
      )}
    </div>
  );
}
