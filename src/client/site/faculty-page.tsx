import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { facultyCardId, SITE_NAME } from '@/domain/catalogue';
import { messages, showingFaculty } from '@/domain/messages';
import { useGetPublicBiographiesQuery } from '@/client/api/public-content';
import { BiographyCard } from '@/client/ui/biography-card';
import { PageHeader } from './page-header';
import { StatusMessage } from './status-message';
import { useHydrated } from './use-hydrated';
import { usePageMeta } from './use-page-meta';
import { useReducedMotion } from './use-reduced-motion';
import './faculty-page.css';

const TITLE = 'Cuerpo Docente';

/**
 * The card the address names (#docente-12, where the search's 'Cuerpo docente' links), once the
 * cards are drawn: scrolled into view and given the keyboard, and marked. After the layout's own
 * scroll to the top of a new page (a frame later), and after hydration, so that the server's HTML
 * and the first render agree (the server never sees the hash). Without scripts, the browser
 * scrolls to it and :target marks it.
 */
const idInHash = (hash: string): string | null => {
  if (hash.length <= 1) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    // '#%E0' and the like name nothing.
    return null;
  }
};

function useNamedCard(ready: boolean): string | null {
  const { hash } = useLocation();
  const reduceMotion = useReducedMotion();
  const hydrated = useHydrated();
  const named = hydrated ? idInHash(hash) : null;
  useEffect(() => {
    const id = named;
    if (!ready || !id) return;
    const frame = requestAnimationFrame(() => {
      const card = document.getElementById(id);
      if (!card?.classList.contains('bio-card')) return;
      card.scrollIntoView?.({ block: 'start', behavior: reduceMotion ? 'auto' : 'smooth' });
      card.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [ready, named, reduceMotion]);
  return named;
}

/** The faculty (requirements §2): count, two-column cards, empty and error states with a retry. */
export function FacultyPage() {
  usePageMeta(TITLE, `Cuerpo docente del ${SITE_NAME}: profesorado, investigadores y profesionales invitados.`);
  const { data, isLoading, isError, isFetching, refetch } = useGetPublicBiographiesQuery();
  const named = useNamedCard(Boolean(data && data.length > 0));
  // After a failure the error stays on screen while the retry runs ('Reintentando...').
  const [retrying, setRetrying] = useState(false);
  if (retrying && !isFetching) setRetrying(false);
  const retry = () => {
    setRetrying(true);
    void refetch();
  };

  let body;
  if (isLoading && !retrying) {
    body = <StatusMessage kind="loading">{messages.loading}</StatusMessage>;
  } else if (isError || retrying) {
    body = (
      <StatusMessage
        kind="error"
        action={
          <button type="button" className="button button--primary" onClick={retry} disabled={isFetching}>
            {isFetching ? 'Reintentando...' : 'Reintentar'}
          </button>
        }
      >
        {messages.loadFacultyFailed}
      </StatusMessage>
    );
  } else if (!data || data.length === 0) {
    body = (
      <StatusMessage
        kind="empty"
        action={
          <button type="button" className="button button--primary" onClick={() => void refetch()} disabled={isFetching}>
            Actualizar
          </button>
        }
      >
        {messages.noBiographies}
      </StatusMessage>
    );
  } else {
    body = (
      <>
        <p className="faculty__count" role="status">
          {showingFaculty(data.length)}
        </p>
        <ul className="bio-grid" aria-label="Docentes">
          {data.map((biography) => (
            <li key={biography.id}>
              <BiographyCard
                biography={biography}
                anchorId={facultyCardId(biography.id)}
                highlighted={named === facultyCardId(biography.id)}
              />
            </li>
          ))}
        </ul>
      </>
    );
  }

  return (
    <>
      <PageHeader title={TITLE} lead="Profesionales de la universidad, la escuela y la investigación que acompañan tu formación." />
      <div className="page-body container">{body}</div>
    </>
  );
}
