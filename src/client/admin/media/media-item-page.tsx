import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '@/client/app/paths';
import { useDeleteMediaMutation, useGetMediaQuery, useReplaceMediaMutation, useUpdateMediaMutation } from '@/client/api/media';
import { DOCUMENT_ACCEPT } from '@/domain/documents';
import { IMAGE_ACCEPT } from '@/domain/images';
import { formatFileSize, MEDIA_LIMITS, validateMedia } from '@/domain/media';
import { messages } from '@/domain/messages';
import type { MediaDetail } from '@/domain/schemas/media';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { DetailList } from '../kit/detail-list';
import { domainResolver } from '../kit/domain-resolver';
import { FormAlert } from '../kit/form-alert';
import { formatMoment } from '../kit/format-moment';
import { HistoryPanel } from '../kit/history-panel';
import { ADMIN_KINDS } from '../kit/kinds';
import { useNotices } from '../kit/notices';
import { PageHeader } from '../kit/page-header';
import { parseId } from '../kit/parse-id';
import { useIsAdministrator } from '../kit/permissions';
import { RecordGate } from '../kit/record-gate';
import { applyServerErrors, mediaUploadRefusal, readApiFailure } from '../kit/server-errors';
import { SubmitButton } from '../kit/submit-button';
import { TextField } from '../kit/text-field';
import { useDocumentTitle } from '../kit/use-document-title';
import { FocalPointEditor } from './focal-point-editor';
import { documentLabel, MediaThumbnail } from './media-thumbnail';
import './media.css';

const BACK = { to: paths.admin.media.getHref(), label: 'Volver a Medios' };

/** /admin/medios/{id} (docs/decisions/192): the file, its description and focal point, where it is used, its delete. */
export function MediaItemPage() {
  useDocumentTitle('Archivo');
  const id = parseId(useParams().id);
  const query = useGetMediaQuery(id ?? 0, { skip: id === null });
  return (
    <RecordGate id={id} query={query} title="Archivo" missing={messages.mediaNotFound} back={BACK}>
      {(item) => <MediaItemView item={item} />}
    </RecordGate>
  );
}

interface Values {
  title: string;
  alt: string;
}

function MediaItemView({ item }: { item: MediaDetail }) {
  const { notify } = useNotices();
  const navigate = useNavigate();
  const isAdministrator = useIsAdministrator();
  const [update, { isLoading: saving }] = useUpdateMediaMutation();
  const [remove, { isLoading: deleting }] = useDeleteMediaMutation();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState('');
  const form = useForm<Values>({
    values: { title: item.title, alt: item.alt },
    resolver: domainResolver((values: Values) => validateMedia(values)),
  });

  const save = async (patch: { title?: string; alt?: string; focal_x?: number; focal_y?: number }) => {
    setProblem('');
    const result = await update({ id: item.id, version: item.version, ...patch });
    if ('error' in result) {
      const { unplaced } = applyServerErrors(result.error, form.setError, ['title', 'alt']);
      setProblem(unplaced.join(' ') || readApiFailure(result.error).detail || 'No se pudo guardar. Inténtelo de nuevo.');
      return false;
    }
    notify('Cambios guardados.');
    return true;
  };

  const inUse = item.usage_count > 0;
  const onDelete = async () => {
    const result = await remove({ id: item.id, force: inUse });
    setConfirming(false);
    if ('error' in result) {
      notify(readApiFailure(result.error).detail ?? 'No se pudo eliminar el archivo. Inténtelo de nuevo.', 'error');
      return;
    }
    notify(`«${item.title}» se envió a la Papelera.`);
    void navigate(paths.admin.media.getHref());
  };

  return (
    <>
      <PageHeader
        title={item.title}
        action={
          (!inUse || isAdministrator) && (
            <button type="button" className="kit-button kit-button-danger" onClick={() => setConfirming(true)}>
              Eliminar
            </button>
          )
        }
      />
      <div className="media-item">
        <section className="admin-card" aria-label="Vista previa">
          {item.kind === 'image' ? (
            <FocalPointEditor item={item} saving={saving} onChange={(focal) => void save(focal)} />
          ) : (
            <div className="media-document">
              <MediaThumbnail item={item} />
              <a className="kit-button kit-button-secondary" href={item.url} target="_blank" rel="noopener noreferrer">
                Descargar
              </a>
            </div>
          )}
          <ReplaceFile item={item} />
        </section>
        <div className="media-item-side">
          <form className="admin-card kit-form" noValidate onSubmit={(event) => void form.handleSubmit(save)(event)}>
            {problem && <FormAlert message={problem} />}
            <TextField
              label="Título"
              required
              maxLength={MEDIA_LIMITS.title}
              registration={form.register('title')}
              error={form.formState.errors.title?.message}
            />
            {item.kind === 'image' && (
              <TextField
                label="Texto alternativo"
                hint="Describe la imagen para quien no la ve. Cada uso puede cambiarlo."
                maxLength={MEDIA_LIMITS.alt}
                registration={form.register('alt')}
                error={form.formState.errors.alt?.message}
              />
            )}
            <SubmitButton saving={saving}>Guardar</SubmitButton>
          </form>
          <section className="admin-card" aria-labelledby="media-facts">
            <h2 id="media-facts" className="visually-hidden">
              Datos del archivo
            </h2>
            <DetailList
              items={[
                ['Archivo', item.file_name],
                ['Tipo', item.kind === 'document' ? `${documentLabel(item)} (${item.content_type})` : item.content_type],
                ['Tamaño', formatFileSize(item.size)],
                ...(item.width && item.height ? [['Dimensiones', `${item.width} × ${item.height} px`] satisfies [string, string]] : []),
                ['Subido por', item.created_by || 'Desconocido'],
                ['Subido el', formatMoment(item.created_at)],
              ]}
            />
          </section>
          <section className="admin-card" aria-labelledby="media-usage">
            <h2 id="media-usage">Usado en</h2>
            {item.usage.length === 0 ? (
              <p className="kit-muted">No se usa en ninguna publicación ni biografía.</p>
            ) : (
              <ul className="media-usage">
                {item.usage.map((use) => (
                  <li key={`${use.kind}-${use.id}-${use.where}`}>
                    <Link to={ADMIN_KINDS[use.kind].detailHref(use.id)}>{use.title}</Link> <span className="kit-muted">({use.where})</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>
      <HistoryPanel kind="media" id={item.id} />
      <p className="kit-back-link">
        <Link to={BACK.to}>{BACK.label}</Link>
      </p>
      <ConfirmDialog
        open={confirming}
        message="¿Está seguro de eliminar este archivo?"
        detail={item.title}
        note={
          inUse
            ? `Se usa en ${item.usage_count} ${item.usage_count === 1 ? 'lugar' : 'lugares'}: allí dejará de verse. Irá a la Papelera; desde allí podrá restaurarlo.`
            : 'Irá a la Papelera; desde allí podrá restaurarlo.'
        }
        busy={deleting}
        onConfirm={() => void onDelete()}
        onCancel={() => setConfirming(false)}
      />
    </>
  );
}

/**
 * 'Reemplazar archivo': a new file of the same kind in the item's place; every page that shows it
 * follows (docs/decisions/192). Says what happens before, and what went wrong after.
 */
function ReplaceFile({ item }: { item: MediaDetail }) {
  const { notify } = useNotices();
  const [replace, { isLoading }] = useReplaceMediaMutation();
  const [refusal, setRefusal] = useState('');
  const inputId = useId();
  const hintId = useId();
  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // The same file can be chosen again after a refusal.
    input.value = '';
    if (!file) return;
    setRefusal('');
    const result = await replace({ id: item.id, file, version: item.version });
    if ('error' in result) setRefusal(mediaUploadRefusal(result.error));
    else notify('Archivo reemplazado: las páginas que lo usan ya muestran el nuevo.');
  };
  return (
    <div className="media-replace">
      <input
        id={inputId}
        className="kit-file-input"
        type="file"
        accept={item.kind === 'image' ? IMAGE_ACCEPT : DOCUMENT_ACCEPT}
        aria-describedby={hintId}
        disabled={isLoading}
        onChange={(event) => void onFile(event.currentTarget)}
      />
      <label htmlFor={inputId} className="kit-button kit-button-secondary kit-file-button">
        Reemplazar archivo
      </label>
      <p id={hintId} className="kit-hint">
        {item.kind === 'image' ? 'Otra imagen' : 'Otro documento'} en su lugar: donde se usa, se verá el nuevo.
      </p>
      {isLoading && <p role="status">Reemplazando el archivo...</p>}
      {refusal && (
        <p role="alert" className="kit-field-error">
          {refusal}
        </p>
      )}
    </div>
  );
}
