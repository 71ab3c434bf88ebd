import type { ReactNode } from 'react';
import { messages } from '@/domain/messages';

/** 'Cargando...' while an admin page waits for its data (requirements §2). */
export function Loading() {
  return (
    <p className="kit-loading" role="status">
      {messages.loading}
    </p>
  );
}

/** A load failure with a 'Reintentar' button (requirements §8). */
export function LoadError({ message, onRetry, retrying = false }: { message: string; onRetry: () => void; retrying?: boolean }) {
  return (
    <div className="kit-load-error admin-card" role="alert">
      <p>{message}</p>
      <button type="button" className="kit-button kit-button-secondary" onClick={onRetry} disabled={retrying}>
        Reintentar
      </button>
    </div>
  );
}

/** A list with nothing in it, or a record that does not exist: the message and a way on. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="kit-empty admin-card">
      <p>{message}</p>
      {children}
    </div>
  );
}
