import { useId } from 'react';
import { kindWithArticle, type ContentKind } from '@/domain/content-kinds';
import { DATE_LOCALE } from '@/domain/limits';
import { ConfirmDialog } from './confirm-dialog';
import type { KeptWork } from './use-kept-work';
import './drafts.css';

const keptAt = new Intl.DateTimeFormat(DATE_LOCALE, { dateStyle: 'long', timeStyle: 'short' });

/**
 * What useKeptWork has to say, rendered at the top of the form: a draft left
 * before, offered back, and the question when a navigation would leave
 * unsaved changes behind ('Seguir editando' is the default).
 */
export function KeptWorkNotices({ work, kind }: { work: KeptWork; kind: ContentKind }) {
  const titleId = useId();
  const { offer, leaving } = work;
  return (
    <>
      {offer && (
        <section className="draft-offer" aria-labelledby={titleId}>
          <h2 id={titleId} className="draft-offer-title">
            Hay un borrador sin guardar
          </h2>
          <p>
            Se guardó en este navegador el <time dateTime={offer.draft.savedAt}>{keptAt.format(new Date(offer.draft.savedAt))}</time>.
            {offer.changedSince &&
              ` Desde entonces se han guardado otros cambios en ${kindWithArticle(kind)}: al recuperarlo, guardar sustituirá esos cambios.`}
            {offer.draft.lostFiles.length > 0 && ' Las imágenes elegidas no se guardan en el borrador: habrá que elegirlas de nuevo.'}
          </p>
          <div className="draft-offer-actions">
            <button type="button" className="kit-button kit-button-primary" onClick={offer.recover}>
              Recuperar borrador
            </button>
            <button type="button" className="kit-button kit-button-secondary" onClick={offer.discard}>
              Descartar
            </button>
          </div>
        </section>
      )}
      <ConfirmDialog
        open={leaving !== null}
        message="¿Salir sin guardar los cambios?"
        detail="Lo que ha escrito queda como borrador en este navegador y se le ofrecerá al volver a este formulario."
        cancelLabel="Seguir editando"
        confirmLabel="Salir sin guardar"
        onCancel={() => leaving?.stay()}
        onConfirm={() => leaving?.leave()}
      />
    </>
  );
}
