import type { ReactNode, Ref } from 'react';

export interface FormAlertProps {
  message: string;
  /** Lines the server sent that no field shows ('field: message', or its detail). */
  details?: string[];
  /** Extra content, e.g. the choices after a stale save. */
  children?: ReactNode;
  ref?: Ref<HTMLDivElement>;
}

/**
 * The error box of a form: one message (requirements §8, 'Error al guardar la
 * sección') and, under it, what the server said that no field shows. Focus it
 * when it appears (it is focusable) so keyboard and screen-reader users land on it.
 */
export function FormAlert({ message, details = [], children, ref }: FormAlertProps) {
  return (
    <div ref={ref} className="kit-alert" role="alert" tabIndex={-1}>
      <p className="kit-alert-message">{message}</p>
      {details.length > 0 && (
        <ul className="kit-alert-details">
          {details.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
