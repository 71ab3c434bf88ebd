import { useRef, useState, type ChangeEvent } from 'react';
import { DOCUMENT_ACCEPT, documentKindOf } from '@/domain/documents';
import type { LayoutCell } from '@/domain/entities';
import type { MediaItem } from '@/domain/schemas/media';
import { useAppDispatch } from '@/client/app/hooks';
import { useUploadMediaMutation } from '@/client/api/media';
import { LayoutCellView } from '@/client/ui/layout-cell-view';
import { mediaUploadRefusal } from '@/client/admin/kit/server-errors';
import { CellTextField } from './cell-text-field';
import { CellUpload, useFocusWhenIdle } from './cell-upload';
import { layoutEditorActions } from './layout-editor-slice';

/**
 * A 'Documento' cell (docs/decisions/193): a document of the library, chosen
 * there or uploaded into it from here, its title as this page shows it (the
 * library's by default), and the download card the public page shows.
 */
export function DocumentCellEditor({ cell }: { cell: LayoutCell }) {
  const dispatch = useAppDispatch();
  const [upload, { isLoading }] = useUploadMediaMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const titleInput = useRef<HTMLInputElement>(null);
  const focusWhenIdle = useFocusWhenIdle(isLoading);

  const choose = (item: MediaItem) => {
    const format = documentKindOf(item.content_type);
    if (!format) return;
    setRefusal(null);
    dispatch(
      layoutEditorActions.cellDocumentChosen({
        cellId: cell.id,
        document: { content: item.url, mediaId: item.id, title: item.title, size: item.size, format },
      }),
    );
    // The field that follows: the title the page shows, to adjust.
    focusWhenIdle(titleInput);
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    // The same file can be chosen again after a refusal.
    input.value = '';
    setRefusal(null);
    const result = await upload({ file });
    if ('error' in result) {
      setRefusal(mediaUploadRefusal(result.error));
      focusWhenIdle(fileInput);
    } else if (result.data.kind !== 'document') {
      setRefusal('Es una imagen: se ha guardado en la biblioteca. Para mostrarla, use una celda de tipo Imagen.');
    } else {
      choose(result.data);
    }
  };

  return (
    <div className="layout-editor-media">
      <CellUpload
        label="Subir documento"
        accept={DOCUMENT_ACCEPT}
        busy={isLoading}
        busyMessage="Subiendo el documento..."
        refusal={refusal}
        inputRef={fileInput}
        onChange={(event) => void onFile(event)}
        library={{ kind: 'document', onChoose: choose }}
      />
      {cell.content && (
        <>
          <CellTextField
            label="Título del documento"
            hint="Como se mostrará en esta página; vacío, el de la biblioteca."
            value={cell.title ?? ''}
            inputRef={titleInput}
            onChange={(title) => dispatch(layoutEditorActions.cellTitleChanged({ cellId: cell.id, title }))}
          />
          <div className="layout-editor-preview">
            <LayoutCellView cell={cell} />
          </div>
        </>
      )}
    </div>
  );
}
