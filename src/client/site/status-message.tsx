import type { ReactNode } from 'react';
import './status-message.css';

/**
 * Loading, error and empty states, announced to screen readers: errors as
 * alerts, the rest as polite status updates.
 */
export function StatusMessage({
  kind,
  children,
  action,
}: {
  kind: 'loading' | 'error' | 'empty';
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className={`status status--${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {kind === 'loading' && <span className="status__spinner" aria-hidden="true" />}
      <p>{children}</p>
      {action}
    </div>
  );
}
