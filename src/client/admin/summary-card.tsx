import { useId } from 'react';
import { Link } from 'react-router';
import { messages } from '@/domain/messages';

export interface SummaryCardProps {
  title: string;
  /** The total, once loaded. */
  total?: number;
  /** A second figure, e.g. '4 visibles'. */
  detail?: string;
  to: string;
  linkLabel: string;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
}

/** One figure of the admin landing: how many of a kind of content, and where to manage them. */
export function SummaryCard({ title, total, detail, to, linkLabel, isLoading, isError, onRetry }: SummaryCardProps) {
  const headingId = useId();
  return (
    <article className="admin-card summary-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="summary-title">
        {title}
      </h2>
      {isLoading ? (
        <p className="summary-status" role="status">
          {messages.loading}
        </p>
      ) : isError ? (
        <div className="summary-status">
          <p role="alert">No se pudo cargar el total.</p>
          <button type="button" className="admin-button-secondary" onClick={onRetry}>
            Reintentar
          </button>
        </div>
      ) : (
        <>
          <p className="summary-total">{total}</p>
          {detail && <p className="summary-detail">{detail}</p>}
        </>
      )}
      <Link className="summary-link" to={to}>
        {linkLabel}
      </Link>
    </article>
  );
}
