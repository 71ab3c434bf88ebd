import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState, Loading } from './load-states';
import { PageHeader } from './page-header';

export interface RecordGateProps<T> {
  /** The id from the address (parseId): null when it is missing or malformed. */
  id: number | null;
  /** The RTK Query answer for that id. */
  query: { data?: T; isLoading: boolean; isError: boolean };
  /** requirements §8's message for a record that is not there, e.g. 'No se encontró la sección'. */
  missing: string;
  /** Where the missing-record message leads back to. */
  back: { to: string; label: string };
  /** The page's heading, kept above the missing-record message (detail pages). */
  title?: string;
  children: (record: T) => ReactNode;
}

/**
 * What an admin page for one record shows before it has the record:
 * 'Cargando...' while it loads, then the missing-record message with a way
 * back for a malformed id, a 404 or any failure; the page itself once it is there.
 */
export function RecordGate<T>({ id, query, missing, back, title, children }: RecordGateProps<T>) {
  if (id !== null && query.isLoading) return <Loading />;
  if (id === null || query.isError || !query.data) {
    return (
      <>
        {title && <PageHeader title={title} />}
        <EmptyState message={missing}>
          <Link to={back.to}>{back.label}</Link>
        </EmptyState>
      </>
    );
  }
  return children(query.data);
}
