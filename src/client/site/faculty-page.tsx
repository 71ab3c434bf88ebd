import { useState } from 'react';
import { SITE_NAME } from '@/domain/catalogue';
import { messages, showingFaculty } from '@/domain/messages';
import { useGetPublicBiographiesQuery } from '@/client/api/public-content';
import { BiographyCard } from '@/client/ui/biography-card';
import { PageHeader } from './page-header';
import { StatusMessage } from './status-message';
import { usePageMeta } from './use-page-meta';
import './faculty-page.css';

const TITLE = 'Cuerpo Docente';

/** The faculty (requirements §2): count, two-column cards, empty and error states with a retry. */
export function FacultyPage() {
  usePageMeta(TITLE, `Cuerpo docente del ${SITE_NAME}: profesorado, investigadores y profesionales invitados.`);
  const { data, isLoading, isError, isFetching, refetch } = useGetPublicBiographiesQuery();
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
          <button type="button" className="button button--primary" onClick={() => refetch()} disabled={isFetching}>
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
              <BiographyCard biography={biography} />
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
