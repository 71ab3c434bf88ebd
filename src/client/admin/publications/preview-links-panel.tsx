import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  useCreatePreviewLinkMutation,
  useListPreviewLinksQuery,
  useRevokePreviewLinkMutation,
  type PreviewLink,
  type PreviewLinkCreated,
} from '@/client/api/preview-links';
import type { Id } from '@/domain/entities';
import { PREVIEW_LINK_DAY_CHOICES, PREVIEW_LINK_DEFAULT_DAYS, previewLinkTexts as texts } from '@/domain/preview-links';
import { ConfirmDialog } from '../kit/confirm-dialog';
import { DataTable, type Column } from '../kit/data-table';
import { Field } from '../kit/field';
import { formatMoment } from '../kit/format-moment';
import { LoadError, Loading } from '../kit/load-states';
import { useNotices } from '../kit/notices';
import { readApiFailure } from '../kit/server-errors';
import { absoluteLink, useCopyLink } from '../kit/use-copy-link';
import './preview-links-panel.css';

const creatorOf = (link: PreviewLink): string => link.created_by || 'Desconocido';

/**
 * 'Enlaces privados' on a publication's detail page ('Compartir borrador'):
 * 'Crear enlace privado' makes an address that shows the saved version to
 * anyone who has it, without signing in. The address is shown once (the
 * server keeps only its hash); the list says who made each link, when, and
 * when it expires, with 'Revocar enlace' for those this person may revoke
 * (an Editor, their own; an Administrador, any).
 */
export function PreviewLinksPanel({ publicationId }: { publicationId: Id }) {
  const headingId = useId();
  const { notify } = useNotices();
  const { data, isLoading, isError, isFetching, refetch } = useListPreviewLinksQuery(publicationId, { refetchOnMountOrArgChange: true });
  const [createLink, { isLoading: creating }] = useCreatePreviewLinkMutation();
  const [revokeLink, { isLoading: revoking }] = useRevokePreviewLinkMutation();
  const [days, setDays] = useState<number>(PREVIEW_LINK_DEFAULT_DAYS);
  const [made, setMade] = useState<PreviewLinkCreated | null>(null);
  const [revokingLink, setRevokingLink] = useState<PreviewLink | null>(null);
  const createButton = useRef<HTMLButtonElement>(null);

  const create = async () => {
    const result = await createLink({ publicationId, days });
    if ('error' in result) {
      const failure = readApiFailure(result.error);
      notify(failure.detail ?? Object.values(failure.fieldErrors)[0] ?? 'No se pudo crear el enlace. Inténtelo de nuevo.', 'error');
      return;
    }
    setMade(result.data);
  };

  const revoke = async () => {
    if (!revokingLink) return;
    const result = await revokeLink(revokingLink.id);
    setRevokingLink(null);
    if ('error' in result) notify(readApiFailure(result.error).detail ?? 'No se pudo revocar el enlace. Inténtelo de nuevo.', 'error');
    else {
      notify(texts.revoked);
      // The link shown once goes with its row.
      if (made?.id === revokingLink.id) setMade(null);
    }
  };

  const columns = useMemo<Column<PreviewLink>[]>(
    () => [
      { header: 'Creado por', width: 'minmax(0, 1.2fr)', primary: true, cell: creatorOf },
      {
        header: 'Creado',
        width: 'minmax(0, 1fr)',
        cell: (link) => <time dateTime={link.created_at}>{formatMoment(link.created_at)}</time>,
      },
      {
        header: 'Caducidad',
        width: 'minmax(0, 1.2fr)',
        cell: (link) => <time dateTime={link.expires_at}>{texts.expires(formatMoment(link.expires_at))}</time>,
      },
      {
        header: 'Primera visita',
        width: 'minmax(0, 1fr)',
        cell: (link) =>
          link.first_viewed_at ? (
            <time dateTime={link.first_viewed_at}>{formatMoment(link.first_viewed_at)}</time>
          ) : (
            <span className="kit-muted">Aún no se ha abierto</span>
          ),
      },
    ],
    [],
  );

  const actions = (link: PreviewLink) =>
    link.can_revoke ? (
      <button
        type="button"
        className="kit-button kit-button-small kit-button-danger-quiet"
        aria-label={`${texts.revoke} de ${creatorOf(link)}, ${texts.expires(formatMoment(link.expires_at)).toLowerCase()}`}
        onClick={() => setRevokingLink(link)}
      >
        {texts.revoke}
      </button>
    ) : null;

  return (
    <section className="admin-card preview-links" aria-labelledby={headingId}>
      <h2 id={headingId} className="publication-section-title">
        {texts.heading}
      </h2>
      <p className="preview-links-lead">
        Muestran la versión guardada de esta publicación, con el aspecto del sitio, a quien tenga el enlace, sin iniciar sesión.
      </p>
      <div className="preview-links-create">
        <Field label={texts.lifetime} className="preview-links-days">
          {(control) => (
            <select {...control} className="kit-input" value={days} onChange={(event) => setDays(Number(event.target.value))}>
              {PREVIEW_LINK_DAY_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {texts.days(choice)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <button
          ref={createButton}
          type="button"
          className="kit-button kit-button-primary"
          disabled={creating}
          onClick={() => void create()}
        >
          {texts.create}
        </button>
      </div>
      {made && (
        <NewLink
          link={made}
          onClose={() => {
            setMade(null);
            createButton.current?.focus();
          }}
        />
      )}
      {isLoading ? (
        <Loading />
      ) : isError ? (
        <LoadError message="No se pudieron cargar los enlaces privados." onRetry={() => void refetch()} retrying={isFetching} />
      ) : data && data.length > 0 ? (
        <DataTable caption={texts.heading} items={data} columns={columns} actions={actions} actionsWidth="9.5rem" cardsBelow={720} />
      ) : (
        <p className="kit-muted">{texts.none}</p>
      )}
      <ConfirmDialog
        open={revokingLink !== null}
        message={texts.confirmRevoke}
        detail={revokingLink ? `${creatorOf(revokingLink)} · ${texts.expires(formatMoment(revokingLink.expires_at))}` : undefined}
        confirmLabel={texts.revoke}
        busy={revoking}
        onConfirm={() => void revoke()}
        onCancel={() => setRevokingLink(null)}
      />
    </section>
  );
}

/** A new link, shown once: the server keeps only its hash, so it cannot be shown again (a lost one is revoked and made anew). */
function NewLink({ link, onClose }: { link: PreviewLinkCreated; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const inputId = useId();
  const noteId = useId();
  const url = absoluteLink(link.url);
  const { input, copied, copy } = useCopyLink(url);

  // Made by the button above: the keyboard follows it here.
  useEffect(() => heading.current?.focus(), [link]);

  return (
    <div className="preview-links-new" role="group" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} ref={heading} tabIndex={-1} className="preview-links-new-title">
        {texts.created}
      </h3>
      <p id={noteId} className="preview-links-note">
        {texts.shownOnce} {texts.expires(formatMoment(link.expires_at))}.
      </p>
      <label className="kit-label" htmlFor={inputId}>
        Enlace privado
      </label>
      <div className="preview-links-row">
        <input
          ref={input}
          id={inputId}
          className="kit-input preview-links-input"
          type="text"
          readOnly
          value={url}
          aria-describedby={noteId}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="kit-button kit-button-primary" onClick={() => void copy()}>
          {texts.copy}
        </button>
      </div>
      <p className="preview-links-copied" role="status">
        {copied}
      </p>
      <button type="button" className="kit-button kit-button-secondary kit-button-small" onClick={onClose}>
        Hecho
      </button>
    </div>
  );
}
