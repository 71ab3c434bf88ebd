import { createContext, useContext, useLayoutEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Route, Routes, useLocation, useParams } from 'react-router';
import { longDate, type ShownStatus } from '@/domain/publication-status';
import { isUpcoming } from '@/domain/events';
import type { PreviewPayload } from '@/client/ui/preview-channel';
import { NotFoundPage } from '../not-found-page';
import { SiteLayout } from '../site-layout';
import { PublicationView } from '../publication-view';
import { StatusMessage } from '../status-message';
import { usePageMeta } from '../use-page-meta';
import { useGetPreviewLinkQuery } from './preview-api';
import {
  isEmbedded,
  keyFromHash,
  linkPayload,
  useFeedFrame,
  useOpenerPreview,
  usePostedPreview,
  type PreviewState,
} from './preview-sources';
import { usePreviewHead } from './use-preview-head';
import { useServedNotFound } from '../served-status';
import './preview.css';

/** The widths a preview is shown at: the site's desktop and a phone (requirements: 1280 and 375 px). */
const PREVIEW_WIDTHS = { desktop: 1280, phone: 375 } as const;
type Width = keyof typeof PREVIEW_WIDTHS;

/** The frame's key when a private link feeds it: the page embedding it is its only source. */
const LINK_KEY = 'enlace';

/** The banner's words: 'Programado para el 25 de noviembre de 2026' when scheduled, else 'Vista previa · no publicada'. */
export function bannerText(status: ShownStatus, scheduledFor: string | null): string {
  if (status === 'scheduled' && scheduledFor) return `Programado para el ${longDate(scheduledFor)}`;
  if (status === 'published') return 'Vista previa · publicada';
  return 'Vista previa · no publicada';
}

const PreviewContext = createContext<PreviewState>({ kind: 'waiting' });

/** Phones and narrow windows show 'Teléfono' first; a window wide enough for the site's desktop, 'Escritorio'. */
const fittingWidth = (): Width => (window.innerWidth < 1024 ? 'phone' : 'desktop');
const noChanges = () => () => undefined;

/**
 * /vista-previa and /vista-previa/{token}: the fixed banner with the switch, and
 * below it the public site's own page in a frame exactly 1280 or 375 px wide,
 * so that the site's media queries apply as on a desktop or a phone. The frame
 * is this same address, which sees it is embedded and draws the page alone
 * (header, navigation, breadcrumb, the publication, footer), fed by this page.
 * What cannot be shown (nothing to preview, a dead link) is drawn in the
 * site's frame without banner: a dead link is the site's 404 page.
 */
export function PreviewPage() {
  // '/vista-previa/*': nothing after it is the unsaved preview, a segment a link's token.
  const token = useParams()['*'] ?? '';
  return token === '' ? <UnsavedPreview /> : <LinkPreview token={token} />;
}

/** The public site's frame (SiteLayout: top bar, header, navigation, footer) around what the preview holds. */
function SiteFrame() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route path="*" element={<PreviewContent />} />
      </Route>
    </Routes>
  );
}

/** The unsaved state of an admin form, posted by the admin tab that opened this one (docs/decisions/172). */
function UnsavedPreview() {
  const key = keyFromHash(useLocation().hash);
  return isEmbedded() ? <EmbeddedPreview previewKey={key} /> : <OpenerPreview previewKey={key} />;
}

function OpenerPreview({ previewKey }: { previewKey: string }) {
  return <PreviewShell previewKey={previewKey} state={useOpenerPreview(previewKey)} />;
}

/** The saved version behind a private link. */
function LinkPreview({ token }: { token: string }) {
  return isEmbedded() ? <EmbeddedPreview previewKey={LINK_KEY} /> : <FetchedLinkPreview token={token} />;
}

function FetchedLinkPreview({ token }: { token: string }) {
  // A dead link the server answered 404 is not asked for again.
  const dead = useServedNotFound();
  const { data, error, isError } = useGetPreviewLinkQuery(token, { skip: dead });
  const state: PreviewState = dead
    ? { kind: 'missing' }
    : data
      ? { kind: 'ready', payload: linkPayload(data) }
      : isError
        ? error && 'status' in error && error.status === 404
          ? { kind: 'missing' }
          : { kind: 'failed' }
        : { kind: 'waiting' };
  return <PreviewShell previewKey={LINK_KEY} state={state} />;
}

/** The phone-wide frame: the site's page alone, fed by the page that embeds it. */
function EmbeddedPreview({ previewKey }: { previewKey: string }) {
  const state = usePostedPreview(previewKey, window.parent);
  return (
    <PreviewContext.Provider value={state}>
      <SiteFrame />
    </PreviewContext.Provider>
  );
}

function PreviewShell({ previewKey, state }: { previewKey: string; state: PreviewState }) {
  const { pathname, hash } = useLocation();
  // Until one is chosen, the one that fits the window: 'Escritorio' as the server draws it (it knows no window).
  const [chosen, setWidth] = useState<Width | null>(null);
  const fitting = useSyncExternalStore(noChanges, fittingWidth, () => 'desktop' as const);
  const shown = chosen ?? fitting;
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const payload = state.kind === 'ready' ? state.payload : null;
  useFeedFrame(frame, previewKey, payload);
  // The shell is a fixed screen (banner and frame); the page inside the frame scrolls.
  useLayoutEffect(() => {
    if (!payload) return;
    document.documentElement.classList.add('preview-screen');
    return () => document.documentElement.classList.remove('preview-screen');
  }, [payload]);

  if (!payload) {
    return (
      <PreviewContext.Provider value={state}>
        <SiteFrame />
      </PreviewContext.Provider>
    );
  }
  return (
    <div className="preview">
      <ShellHead payload={payload} />
      <section className="preview-banner" aria-label="Vista previa">
        <p className="preview-banner__status">
          <span className="preview-banner__mark" aria-hidden="true" />
          {bannerText(payload.shown_status, payload.scheduled_for)}
        </p>
        <div className="preview-switch" role="group" aria-label="Ancho de la vista previa">
          {(['desktop', 'phone'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="preview-switch__option"
              aria-pressed={shown === option}
              onClick={() => setWidth(option)}
            >
              {option === 'desktop' ? 'Escritorio' : 'Teléfono'}
            </button>
          ))}
        </div>
      </section>
      <main className="preview__stage">
        <iframe
          ref={setFrame}
          className={`preview__frame preview__frame--${shown}`}
          style={{ width: PREVIEW_WIDTHS[shown] }}
          src={`${pathname}${hash}`}
          title={`${payload.publication.title} (${shown === 'desktop' ? 'escritorio' : 'teléfono'}, ${PREVIEW_WIDTHS[shown]} px)`}
        />
      </main>
    </div>
  );
}

/** The shell's head: its own title, and the publication's future address as canonical. */
function ShellHead({ payload }: { payload: PreviewPayload }) {
  usePageMeta(`Vista previa: ${payload.publication.title}`);
  usePreviewHead(payload.publication);
  return null;
}

/** The address of the image shown now, when it is a file chosen in the form (one preview per document). */
let shownFile: { signature: string; address: string } | null = null;

/**
 * An image chosen in the form and not yet uploaded, as an address of this
 * document. Each payload brings a new copy of the same file: only another
 * file gets another address, and the one before is let go.
 */
function blobAddress(blob: Blob): string {
  const signature = `${blob.size}:${blob.type}:${blob instanceof File ? `${blob.name}:${blob.lastModified}` : ''}`;
  if (shownFile?.signature === signature) return shownFile.address;
  if (shownFile) URL.revokeObjectURL(shownFile.address);
  shownFile = { signature, address: URL.createObjectURL(blob) };
  return shownFile.address;
}

/** What the site's frame holds on a preview page: the publication, or why there is none. */
function PreviewContent() {
  const state = useContext(PreviewContext);
  if (state.kind === 'ready') return <PreviewedPublication payload={state.payload} />;
  if (state.kind === 'missing') return <NotFoundPage />;
  return <PreviewProblem state={state} />;
}

/** Today on this device's calendar (YYYY-MM-DD): the preview, drawn in the browser only, has no other. */
const deviceToday = (now = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

function PreviewedPublication({ payload }: { payload: PreviewPayload }) {
  const { publication } = payload;
  const imageAddress = useMemo(() => (payload.image ? blobAddress(payload.image) : null), [payload.image]);
  usePageMeta(publication.title);
  usePreviewHead(publication);
  // Past or to come as it will read once public (the site's today is the server's: this device's is near enough here).
  const upcoming = publication.event ? isUpcoming(publication.event, deviceToday()) : null;
  return (
    <PublicationView
      publication={{ ...publication, event_upcoming: upcoming, featured_image: imageAddress ?? publication.featured_image }}
      sectionSlug={publication.section_slug}
      sectionTitle={publication.section_title}
    />
  );
}

function PreviewProblem({ state }: { state: Exclude<PreviewState, { kind: 'ready' | 'missing' }> }) {
  usePageMeta('Vista previa');
  usePreviewHead(null);
  return (
    <div className="container page-body page-body--narrow">
      {state.kind === 'waiting' ? (
        <StatusMessage kind="loading">Cargando la vista previa...</StatusMessage>
      ) : (
        <>
          <h1 className="detail__title detail__title--problem">Vista previa</h1>
          <StatusMessage kind="error">
            {state.kind === 'unavailable'
              ? 'No hay nada que mostrar: abra la vista previa con el botón «Vista previa» del formulario o de la ficha de la publicación, en el panel de administración.'
              : 'No se pudo cargar la vista previa. Inténtelo de nuevo en unos momentos.'}
          </StatusMessage>
        </>
      )}
    </div>
  );
}
