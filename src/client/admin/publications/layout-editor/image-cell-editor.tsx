import { useRef, useState, type ChangeEvent } from 'react';
import type { Id, LayoutCell } from '@/domain/entities';
import { checkImageFile, IMAGE_ACCEPT } from '@/domain/images';
import { messages } from '@/domain/messages';
import { useAppDispatch } from '@/client/app/hooks';
import { useUploadCellImageMutation } from '@/client/api/uploads';
import { LayoutCellView } from '@/client/ui/layout-cell-view';
import { layoutEditorActions } from './layout-editor-slice';
import type { MediaItem } from '@/domain/schemas/media';
import { CellTextField } from './cell-text-field';
import { CellUpload, useFocusWhenIdle } from './cell-upload';
import { uploadRefusal } from './upload-refusal';

/**
 * An image cell: a file uploaded at once (to the publication when it exists,
 * requirements §7), its alternative text, and the image as the public page shows it.
 */
export function ImageCellEditor({ cell, publicationId }: { cell: LayoutCell; publicationId?: Id }) {
  const dispatch = useAppDispatch();
  const [upload, { isLoading, reset }] = useUploadCellImageMutation();
  // Why the last file was refused: by the domain's check before sending, or by the server.
  const [refusal, setRefusal] = useState<string | null>(null);
  // The file input is disabled while the upload runs, which sends the keyboard to <body>; it comes back here.
  const fileInput = useRef<HTMLInputElement>(null);
  const altInput = useRef<HTMLInputElement>(null);
  const focusWhenIdle = useFocusWhenIdle(isLoading);

  /** An image of the library: its address, and its default alternative text when the cell has none yet (each use keeps its own). */
  const choose = (item: MediaItem) => {
    setRefusal(null);
    dispatch(layoutEditorActions.cellContentChanged({ cellId: cell.id, content: item.url }));
    if (!cell.alt?.trim() && item.alt) dispatch(layoutEditorActions.cellAltChanged({ cellId: cell.id, alt: item.alt }));
    focusWhenIdle(altInput);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    reset();
    // The same file can be chosen again after a refusal.
    input.value = '';
    const refused = checkImageFile(file);
    setRefusal(refused);
    if (refused) return;
    try {
      const url = await upload({ file, publicationId }).unwrap();
      dispatch(layoutEditorActions.cellContentChanged({ cellId: cell.id, content: url }));
      // The field that follows: the new image wants its alternative text.
      focusWhenIdle(altInput);
    } catch (error) {
      setRefusal(uploadRefusal(error));
      focusWhenIdle(fileInput);
    }
  };

  return (
    <div className="layout-editor-media">
      <CellUpload
        label={cell.content ? 'Cambiar imagen' : 'Elegir imagen'}
        accept={IMAGE_ACCEPT}
        busy={isLoading}
        busyMessage={messages.uploadingImage}
        refusal={refusal}
        inputRef={fileInput}
        onChange={(event) => void onFile(event)}
        library={{ kind: 'image', onChoose: choose }}
      />
      <CellTextField
        label="Texto alternativo"
        hint="Describe la imagen para quien no puede verla."
        value={cell.alt ?? ''}
        inputRef={altInput}
        onChange={(alt) => dispatch(layoutEditorActions.cellAltChanged({ cellId: cell.id, alt }))}
      />
      {cell.content && (
        <div className="layout-editor-preview">
          <LayoutCellView cell={cell} />
        </div>
      )}
    </div>
  );
}
