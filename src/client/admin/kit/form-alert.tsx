import type { ReactNode, Ref } from 'react';
import type { FieldErrors, FieldValues } from 'react-hook-form';
import { messages } from '@/domain/messages';
import { isRecord } from '@/domain/guards';

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

/** The messages that say a field was left empty (requirements §5), as opposed to filled wrongly. */
const MISSING: ReadonlySet<string> = new Set([messages.required, messages.featuredImageRequired, messages.publishDateRequired]);

/** The banner for other mistakes: what is wrong is said at each field, which is marked. */
export const CHECK_MARKED_FIELDS = 'Revise los campos marcados.';

/** Every message of a form's errors, those of grouped fields (event.start) too. */
function messagesIn(errors: object): string[] {
  return Object.values(errors).flatMap((error: unknown) => {
    if (!isRecord(error)) return [];
    const { message } = error;
    if (typeof message === 'string') return message === '' ? [] : [message];
    // A field's error without a message is no group: its `ref` is an element, not more errors.
    return 'type' in error ? [] : messagesIn(error);
  });
}

/**
 * The banner over a form that was refused before sending, fitting its errors:
 * requirements §5's 'Por favor, complete todos los campos requeridos' only
 * when a field is missing; for a value too long or malformed, 'Revise los
 * campos marcados.' (each field says what is wrong). Null when nothing is wrong.
 */
export function invalidFormAlert<T extends FieldValues>(errors: FieldErrors<T>): { message: string; details: string[] } | null {
  const found = messagesIn(errors);
  if (found.length === 0) return null;
  if (found.some((message) => MISSING.has(message))) return { message: messages.completeRequiredFields, details: [] };
  return { message: CHECK_MARKED_FIELDS, details: [] };
}
